  // Perception, roles (WAI-ARIA 1.2 + HTML-AAM, as Chromium exposes them): which role an element has
  // and which roles get refs.

  const ARIA_ROLES = new Set((
    'alert alertdialog application article banner blockquote button caption cell checkbox code ' +
    'columnheader combobox complementary contentinfo definition deletion dialog directory document ' +
    'emphasis feed figure form generic grid gridcell group heading img insertion link list listbox ' +
    'listitem log main marquee math menu menubar menuitem menuitemcheckbox menuitemradio meter ' +
    'navigation none note option paragraph presentation progressbar radio radiogroup region row ' +
    'rowgroup rowheader scrollbar search searchbox separator slider spinbutton status strong ' +
    'subscript superscript switch tab table tablist tabpanel term textbox time timer toolbar tooltip ' +
    'tree treegrid treeitem image mark suggestion comment').split(' '));

  const INTERACTIVE_ROLES = new Set([
    'button', 'link', 'textbox', 'searchbox', 'checkbox', 'radio', 'combobox', 'listbox', 'option',
    'menuitem', 'menuitemcheckbox', 'menuitemradio', 'slider', 'spinbutton', 'switch', 'tab',
    'treeitem', 'scrollbar',
  ]);

  // Roles that take their name from their content (accname 1.2, "name from content").
  const NAME_FROM_CONTENT = new Set([
    'button', 'cell', 'checkbox', 'columnheader', 'gridcell', 'heading', 'link', 'menuitem',
    'menuitemcheckbox', 'menuitemradio', 'option', 'radio', 'row', 'rowheader', 'switch', 'tab',
    'tooltip', 'treeitem', 'caption', 'term', 'definition', 'code', 'emphasis', 'strong',
  ]);

  // Named from their content, yet their content is listed below them too: a cell may hold anything.
  const CONTENT_LISTED = new Set(['row', 'cell', 'gridcell']);

  // Content roles that get a ref when they are named.
  const NAMED_REF_ROLES = new Set([
    'heading', 'listitem', 'cell', 'gridcell', 'columnheader', 'rowheader', 'banner', 'complementary',
    'contentinfo', 'form', 'main', 'navigation', 'region', 'search', 'dialog', 'alertdialog',
    'tabpanel', 'article', 'img', 'figure', 'table', 'grid', 'tree', 'treegrid', 'menu', 'menubar',
    'tablist', 'toolbar', 'radiogroup', 'group',
  ]);
  const LANDMARKS = new Set(['banner', 'complementary', 'contentinfo', 'form', 'main', 'navigation',
    'region', 'search']);

  const TEXT_INPUT_TYPES = new Set(['', 'text', 'email', 'tel', 'url', 'search', 'password', 'number',
    'date', 'datetime-local', 'month', 'week', 'time', 'color']);

  // header and footer are scoped by article, aside, main, nav and section; aside (strict) by the
  // sectioning content elements only (HTML-AAM).
  function hasSectioningAncestor(el, strict) {
    for (let p = el.parentElement; p; p = p.parentElement) {
      const t = p.localName;
      if (t === 'article' || t === 'aside' || t === 'nav' || t === 'section') return true;
      if (strict) continue;
      if (t === 'main') return true;
      const r = p.getAttribute('role');
      if (r === 'article' || r === 'complementary' || r === 'main' || r === 'navigation' || r === 'region') {
        return true;
      }
    }
    return false;
  }

  function implicitRole(el) {
    const tag = el.localName;
    switch (tag) {
      // An `a` without href is generic (HTML-AAM), but one with an onclick handler is a link to Chromium
      // and to a model: it is there to be clicked.
      case 'a': return el.hasAttribute('href') || el.hasAttribute('onclick') ? 'link' : 'generic';
      case 'area': return el.hasAttribute('href') ? 'link' : 'generic';
      case 'button': return 'button';
      case 'input': {
        const type = (el.getAttribute('type') || '').toLowerCase();
        if (type === 'hidden') return null;
        if (type === 'button' || type === 'submit' || type === 'reset' || type === 'image') return 'button';
        if (type === 'checkbox') return 'checkbox';
        if (type === 'radio') return 'radio';
        if (type === 'range') return 'slider';
        if (type === 'number') return 'spinbutton';
        if (type === 'file') return 'button';
        if (type === 'search') return el.hasAttribute('list') ? 'combobox' : 'searchbox';
        if (el.hasAttribute('list') && ['', 'text', 'email', 'tel', 'url'].includes(type)) return 'combobox';
        return 'textbox';
      }
      case 'textarea': return 'textbox';
      case 'select': return (el.multiple || el.size > 1) ? 'listbox' : 'combobox';
      case 'option': return 'option';
      case 'optgroup': return 'group';
      case 'h1': case 'h2': case 'h3': case 'h4': case 'h5': case 'h6': return 'heading';
      case 'img': {
        const alt = el.getAttribute('alt');
        if (alt === '' && !el.hasAttribute('title') && !el.hasAttribute('aria-label') &&
            !el.hasAttribute('aria-labelledby')) return 'presentation';
        return 'img';
      }
      case 'svg': return 'img';
      case 'nav': return 'navigation';
      case 'main': return 'main';
      case 'aside': return hasSectioningAncestor(el, true) && !authorNamed(el) ? 'generic' : 'complementary';
      case 'header': return hasSectioningAncestor(el) ? 'generic' : 'banner';
      case 'footer': return hasSectioningAncestor(el) ? 'generic' : 'contentinfo';
      case 'form': return 'form';
      case 'address': case 'hgroup': return 'group';
      case 'b': return 'strong';
      case 'dfn': return 'term';
      case 's': return 'deletion';
      case 'mark': return 'mark';
      case 'search': return 'search';
      case 'section': return authorNamed(el) ? 'region' : 'generic';
      case 'article': return 'article';
      case 'ul': case 'ol': case 'menu': return 'list';
      case 'li': {
        // An orphaned li (its parent is no list) is generic.
        const p = el.parentElement;
        const pt = p ? p.localName : '';
        if (pt === 'ul' || pt === 'ol' || pt === 'menu') return 'listitem';
        const pr = p && p.getAttribute('role');
        if (pr && /\b(list|directory)\b/i.test(pr)) return 'listitem';
        return authorNamed(el) ? 'listitem' : 'generic';
      }
      case 'dl': return 'list';
      case 'dt': return 'term';
      case 'dd': return 'definition';
      case 'table': return 'table';
      case 'caption': return 'caption';
      case 'thead': case 'tbody': case 'tfoot': return 'rowgroup';
      case 'tr': return 'row';
      case 'td': {
        const table = el.closest('table');
        const r = table && table.getAttribute('role');
        return (r === 'grid' || r === 'treegrid') ? 'gridcell' : 'cell';
      }
      case 'th': {
        const scope = (el.getAttribute('scope') || '').toLowerCase();
        if (scope === 'row' || scope === 'rowgroup') return 'rowheader';
        if (scope === 'col' || scope === 'colgroup') return 'columnheader';
        const row = el.parentElement;
        // A header cell in a row of data cells labels that row.
        if (row && row.querySelector(':scope > td') && !el.closest('thead')) return 'rowheader';
        return 'columnheader';
      }
      case 'p': return 'paragraph';
      case 'blockquote': return 'blockquote';
      case 'hr': return 'separator';
      case 'progress': return 'progressbar';
      case 'meter': return 'meter';
      case 'output': return 'status';
      case 'fieldset': return 'group';
      case 'details': return 'group';
      case 'summary': {
        // Only a details element's first summary child is its disclosure button.
        const d = el.parentElement;
        return d && d.localName === 'details' && d.querySelector(':scope > summary') === el ? 'button' : 'generic';
      }
      case 'dialog': return 'dialog';
      case 'figure': return 'figure';
      case 'iframe': case 'frame': return 'iframe';
      case 'code': return 'code';
      case 'em': return 'emphasis';
      case 'strong': return 'strong';
      case 'time': return 'time';
      case 'math': return 'math';
      case 'del': return 'deletion';
      case 'ins': return 'insertion';
      case 'sub': return 'subscript';
      case 'sup': return 'superscript';
      default: return 'generic';
    }
  }

  // ARIA 1.2 synonyms: the later name is the one printed.
  const ROLE_SYNONYMS = { image: 'img', presentation: 'none' };

  // Global states and properties (WAI-ARIA 1.2 6.4): any of them on an element makes role=none ignored.
  const GLOBAL_ARIA = ['aria-atomic', 'aria-busy', 'aria-controls', 'aria-current', 'aria-describedby',
    'aria-details', 'aria-disabled', 'aria-dropeffect', 'aria-errormessage', 'aria-flowto', 'aria-grabbed',
    'aria-haspopup', 'aria-invalid', 'aria-keyshortcuts', 'aria-label', 'aria-labelledby', 'aria-live',
    'aria-owns', 'aria-relevant', 'aria-roledescription'];

  function hasGlobalAria(el) {
    for (const a of GLOBAL_ARIA) if (el.hasAttribute(a)) return true;
    return false;
  }

  // Whether the author named the element (region and form need a name to be landmarks).
  function authorNamed(el) {
    if (normalize(el.getAttribute('aria-label'))) return true;
    if (normalize(el.getAttribute('title'))) return true;
    const ids = (el.getAttribute('aria-labelledby') || '').trim().split(/\s+/).filter(Boolean);
    for (const id of ids) {
      const t = byIdIn(el, id);
      if (t && normalize(t.textContent)) return true;
    }
    return false;
  }

  // The first role token the element may take (a space-separated fallback list, case-insensitive);
  // a region or form without a name and a presentational role the element may not take fall through
  // to the next token, then to the native role.
  function roleOf(el) {
    const explicit = el.getAttribute('role');
    if (explicit) {
      for (let token of explicit.trim().toLowerCase().split(/\s+/)) {
        if (!ARIA_ROLES.has(token)) continue;
        token = ROLE_SYNONYMS[token] || token;
        if (token === 'none' && (isFocusable(el) || hasGlobalAria(el))) break;
        if (token === 'region' && !authorNamed(el)) continue;
        // An unnamed form, or a treeitem outside a tree, gives way to a meaningful native role (as
        // Chromium does); on a div or span it stays.
        if ((token === 'form' && !authorNamed(el)) ||
            (token === 'treeitem' && !el.closest('[role~=tree], [role~=treegrid], [role~=group]'))) {
          const native = implicitRole(el);
          if (native !== 'generic') return native;
        }
        return token;
      }
    }
    if (el.isContentEditable && (!el.parentElement || !el.parentElement.isContentEditable)) return 'textbox';
    return implicitRole(el);
  }

  function isFocusable(el) {
    if (el.hasAttribute('tabindex')) return true;
    const tag = el.localName;
    if ((tag === 'a' || tag === 'area') && el.hasAttribute('href')) return true;
    return ['button', 'input', 'select', 'textarea', 'summary', 'iframe'].includes(tag) && !el.disabled;
  }

