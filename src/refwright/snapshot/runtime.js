// refwright's page runtime.
//
// Registered as a Playwright selector engine with contentScript: true, so it runs in Playwright's
// isolated utility world of every frame: it shares the DOM with the page but none of its JavaScript,
// so a page that rewrites Array.prototype.push, JSON.stringify, Map or querySelectorAll cannot reach or
// corrupt it, and it keeps working when the page's own JavaScript evaluation is switched off.
//
// Two selector bodies are understood:
//   ref:<token>:<id>   the element that snapshot gave local id <id> in the document whose runtime
//                      token is <token> (nothing when it is gone or the document changed)
//   run:<base64 JSON>  runs an operation and returns one detached <div> whose textContent is the JSON
//                      result; Python reads it with locator.text_content(). This is the only channel
//                      out of the isolated world that the public Playwright API offers.
(() => {
  const TOKEN = (() => {
    const a = new Uint32Array(2);
    crypto.getRandomValues(a);
    return a[0].toString(36) + a[1].toString(36);
  })();

  // Stable local ids: an element keeps its id for the life of the document; ids are never reused.
  // WeakMap/WeakRef keep removed elements collectable.
  let nextId = 1;
  const idOf = new WeakMap();
  const byId = new Map();

  function idFor(el) {
    let id = idOf.get(el);
    if (id === undefined) {
      id = nextId++;
      idOf.set(el, id);
      byId.set(id, new WeakRef(el));
    }
    return id;
  }

  // Ids of elements that were garbage-collected and not yet reported (snapshots and inspections report
  // them, and Python drops their refs). A detached element that is still alive keeps its id, so a list
  // that a framework moves out of the document and back keeps its refs.
  let gone = [];

  function forget(id) {
    byId.delete(id);
    gone.push(id);
  }

  function elementById(id) {
    const ref = byId.get(id);
    const el = ref && ref.deref();
    if (!el) {
      if (ref) forget(id);
      return null;
    }
    return el;
  }

  function pruneDead() {
    for (const [id, ref] of byId) if (!ref.deref()) forget(id);
  }

  // Prune, and hand over (once) the ids Python should forget: snapshots and inspections both report them.
  function takeGone() {
    pruneDead();
    const released = gone;
    gone = [];
    return released;
  }

  // ---------------------------------------------------------------------------------------------
  // Roles (WAI-ARIA 1.2 + HTML-AAM, as Chromium exposes them)

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

  // Content roles that get a ref when they are named.
  const NAMED_REF_ROLES = new Set([
    'heading', 'listitem', 'cell', 'gridcell', 'columnheader', 'rowheader', 'banner', 'complementary',
    'contentinfo', 'form', 'main', 'navigation', 'region', 'search', 'dialog', 'alertdialog',
    'tabpanel', 'article', 'img', 'figure', 'table', 'grid', 'tree', 'treegrid', 'menu', 'menubar',
    'tablist', 'toolbar', 'radiogroup', 'group',
  ]);
  const LANDMARKS = new Set(['banner', 'complementary', 'contentinfo', 'form', 'main', 'navigation',
    'region', 'search']);

  const NESTED_CONTAINERS = new Set(['group', 'tree', 'treegrid', 'menu', 'menubar', 'grid',
    'dialog', 'alertdialog', 'tablist']);

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

  // ---------------------------------------------------------------------------------------------
  // Visibility

  function styleOf(el) {
    return getComputedStyle(el);
  }

  // Whether the element and its subtree are out of the tree (display:none, hidden, aria-hidden, inert).
  function isSubtreeHidden(el, style, includeHidden) {
    if (includeHidden) return false;
    if (style.display === 'none') return true;
    if (el.getAttribute('aria-hidden') === 'true') return true;
    if (el.inert) return true;
    if (style.contentVisibility === 'hidden') return true;
    return false;
  }

  function isClippedAway(el, style) {
    // Elements clipped to nothing (the sr-only pattern) are still read by screen readers, but a
    // control an agent cannot hit is only listed when something visible stands for it (a label).
    // offsetWidth/Height answer from layout without allocating a DOMRect; SVG elements lack them.
    const w = el.offsetWidth;
    const rect = w === undefined ? el.getBoundingClientRect() : { width: w, height: el.offsetHeight };
    if (rect.width > 0 && rect.height > 0) {
      if (style.position === 'absolute' && /rect\(0(px)?,? 0(px)?,? 0(px)?,? 0(px)?\)/.test(style.clip)) return true;
      if (style.clipPath === 'inset(50%)' || style.clipPath === 'inset(100%)') return true;
      return false;
    }
    // A zero-size element can still show overflowing children (a floated image in an empty link), but
    // when none of them has a box, nothing of it can be seen or hit.
    if (style.overflow !== 'visible' || el.children.length === 0) return true;
    return !hasShownDescendant(el);
  }

  function hasShownDescendant(el) {
    let seen = 0;
    for (const d of el.querySelectorAll('*')) {
      if (++seen > 200) return true; // a large subtree: assume something of it shows
      const r = d.getBoundingClientRect();
      if (r.width > 0 && r.height > 0 && getComputedStyle(d).visibility === 'visible') return true;
    }
    return false;
  }

  // ---------------------------------------------------------------------------------------------
  // Accessible names (accname 1.2)

  function normalize(s) {
    return (s || '').replace(/[\s\u00a0]+/g, ' ').trim();
  }

  function rootOf(el) {
    return el.getRootNode ? el.getRootNode() : document;
  }

  function byIdIn(el, id) {
    const root = rootOf(el);
    return (root.getElementById ? root.getElementById(id) : null) || document.getElementById(id);
  }

  // control -> its <label>s. `el.labels` scans the whole document on first use, which made snapshots
  // quadratic in the number of fields; one pass over the labels per tree scope is linear.
  let labelMap = null;
  let labelScopes = null;

  function addLabels(scope) {
    if (labelScopes.has(scope)) return;
    labelScopes.add(scope);
    for (const label of scope.querySelectorAll('label')) {
      const control = label.control;
      if (!control) continue;
      const list = labelMap.get(control);
      if (list) list.push(label);
      else labelMap.set(control, [label]);
    }
  }

  function labelsOf(el) {
    if (labelMap === null) {
      // Outside a snapshot (a one-off name lookup): ask the element itself.
      return el.labels ? Array.from(el.labels) : [];
    }
    const root = el.getRootNode();
    if (!labelScopes.has(root) && root.querySelectorAll) addLabels(root);
    return labelMap.get(el) || [];
  }

  const NAMED_BY_ATTRIBUTE = new Set(['img', 'svg', 'input', 'select', 'textarea', 'area', 'object',
    'embed', 'iframe', 'video', 'audio', 'canvas', 'meter', 'progress']);

  const BLOCK_DISPLAYS = /^(block|flex|grid|list-item|table|table-row|table-cell|table-caption|flow-root)/;

  // Whether any stylesheet can generate ::before/::after content; checked once per snapshot, because
  // asking every element for its pseudo-element style is the most expensive part of naming.
  let pseudoPossible = true;

  function scanPseudo() {
    pseudoPossible = false;
    for (const sheet of document.styleSheets) {
      let rules;
      try {
        rules = sheet.cssRules;
      } catch (e) {
        pseudoPossible = true; // a cross-origin sheet cannot be read: assume the worst
        return;
      }
      if (rulesHavePseudo(rules)) {
        pseudoPossible = true;
        return;
      }
    }
    if (document.adoptedStyleSheets && document.adoptedStyleSheets.length) pseudoPossible = true;
  }

  function rulesHavePseudo(rules) {
    for (const rule of rules) {
      if (rule.selectorText && /:(before|after)/i.test(rule.selectorText)) return true;
      if (rule.cssRules && rulesHavePseudo(rule.cssRules)) return true;
    }
    return false;
  }

  // Names keep every character but runs of ASCII whitespace and line separators, which become one
  // space (accname 1.2 as the WPT checks it: a no-break space belongs to the name). `flat` is for attribute values; text from
  // content also loses spaces of any kind at its ends (flatContent).
  function collapse(s) {
    return (s || '').replace(/[ \t\n\f\r\u0085\u2028\u2029]+/g, ' ');
  }

  function flat(s) {
    return collapse(s).replace(/^ | $/g, '');
  }

  function flatContent(s) {
    return collapse(s).trim();
  }

  // CSS generated content as text: strings, attr() values and the alternative text after `/`
  // (`content: "x" / "alt"`); images, counters and quotes add no words.
  function pseudoText(el, which) {
    if (!pseudoPossible) return '';
    const content = getComputedStyle(el, which).content;
    if (!content || content === 'none' || content === 'normal') return '';
    const re = /"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|attr\(\s*([^\s)]+)\s*\)|(\/)|url\([^)]*\)|[a-z-]+\([^)]*\)|\S+/gi;
    let main = '';
    let alt = null;
    let m;
    while ((m = re.exec(content)) !== null) {
      let piece = '';
      if (m[4]) {
        alt = '';
        continue;
      }
      if (m[1] !== undefined || m[2] !== undefined) {
        piece = (m[1] !== undefined ? m[1] : m[2]).replace(/\\([0-9a-f]{1,6}) ?|\\(.)/gi,
          (all, hexCode, ch) => hexCode ? String.fromCodePoint(parseInt(hexCode, 16)) : ch);
      } else if (m[3]) {
        piece = el.getAttribute(m[3]) || '';
      }
      if (alt === null) main += piece;
      else alt += piece;
    }
    // Icon fonts put private-use characters here; they mean nothing as text.
    return (alt === null ? main : alt).replace(/[\ue000-\uf8ff]/g, '');
  }

  function controlValueForName(el, role) {
    const tag = el.localName;
    if (role === 'textbox' || role === 'searchbox') {
      return tag === 'input' || tag === 'textarea' ? el.value : el.textContent;
    }
    if (role === 'combobox' || role === 'listbox') {
      if (tag === 'select') {
        const opts = Array.from(el.selectedOptions || []);
        return opts.map(o => o.label || o.textContent).join(' ');
      }
      if (tag === 'input') return el.value;
      // An ARIA listbox's chosen options; an ARIA combobox shows its value as its text or its input's.
      if (role === 'listbox') {
        return Array.from(el.querySelectorAll('[role=option][aria-selected=true]'), o => o.textContent).join(' ');
      }
      const input = el.querySelector('input, textarea');
      return input ? input.value : el.textContent;
    }
    if (role === 'slider' || role === 'spinbutton' || role === 'progressbar' || role === 'scrollbar') {
      return el.getAttribute('aria-valuetext') || el.getAttribute('aria-valuenow') || (el.value ?? '');
    }
    return null;
  }

  // The text alternative of `el` (accname 1.2 step 2); `ctx` tracks the computation:
  //   visited     nodes already used once in this computation (each counts once)
  //   recursing   computing a descendant's part of an ancestor's name (edge spaces are kept)
  //   embedded    part of another element's name (controls give their value, 2C)
  //   referenced  the root of an aria-labelledby reference (hidden ones count, 2A)
  //   hiddenOk    inside such a hidden root: its hidden descendants count too
  //   inLabelledBy  aria-labelledby is not followed twice
  function textAlternative(el, ctx) {
    if (ctx.visited.has(el)) return '';
    const style = styleOf(el);
    // (An image map's areas are display:none but shown where their image is.)
    const gone = (style.display === 'none' && el.localName !== 'area') || el.getAttribute('aria-hidden') === 'true' ||
      el.inert;
    const invisible = style.visibility === 'hidden' || style.visibility === 'collapse';
    // 2A: hidden nodes count only when referenced, and then with all their content.
    if (gone && !ctx.referenced && !ctx.hiddenOk) return '';
    if (!ctx.hiddenOk && ctx.referenced && (gone || invisible)) ctx = Object.assign({}, ctx, { hiddenOk: true });
    if (invisible && !ctx.hiddenOk) {
      // Its own words are hidden, but a descendant may make itself visible again.
      return ctx.recursing ? contentText(el, ctx, style, true) : '';
    }
    const role = roleOf(el);

    // 2B: aria-labelledby, not followed twice.
    if (!ctx.inLabelledBy) {
      const ids = (el.getAttribute('aria-labelledby') || '').trim().split(/\s+/).filter(Boolean);
      if (ids.length) {
        const parts = [];
        for (const id of ids) {
          const target = byIdIn(el, id);
          if (target) {
            parts.push(textAlternative(target, { inLabelledBy: true, referenced: true, embedded: ctx.embedded,
              visited: ctx.visited, hiddenOk: false }));
          }
        }
        const joined = flatContent(parts.join(' '));
        if (joined) {
          ctx.visited.add(el);
          return joined;
        }
      }
    }
    ctx.visited.add(el);

    // 2C: an embedded control contributes its value when it is part of another element's name.
    if (ctx.embedded) {
      const v = controlValueForName(el, role);
      if (v !== null) {
        const label = el.getAttribute('aria-label');
        if (!(label && flat(label) && ctx.referenced)) return flatContent(v);
      }
    }

    // 2D: aria-label (a slot is only a place where content goes: it names nothing).
    const ariaLabel = el.localName === 'slot' ? '' : flat(el.getAttribute('aria-label'));
    if (ariaLabel && !(ctx.embedded && controlValueForName(el, role) !== null)) return ariaLabel;

    // 2E: native label mechanisms.
    if (role !== 'presentation' && role !== 'none') {
      const native = nativeName(el, role, ctx);
      if (native) return native;
    }

    // 2F: name from content.
    if (NAME_FROM_CONTENT.has(role) || ctx.recursing || ctx.referenced) {
      const text = contentText(el, ctx, style, false);
      if (flatContent(text)) return ctx.recursing ? text : flatContent(text);
      // A descendant that is only a space still separates its neighbours' words.
      if (ctx.recursing && text) return flat(el.getAttribute('title')) || text;
    }

    // 2I: tooltip attribute.
    return flat(el.getAttribute('title'));
  }

  const INLINE_BLOCKS = /^inline-(block|flex|grid|table)/;
  const SKIPPED_IN_NAMES = new Set(['script', 'style', 'noscript', 'template']);

  function transformText(text, transform, before) {
    if (transform === 'uppercase') return text.toUpperCase();
    if (transform === 'lowercase') return text.toLowerCase();
    if (transform === 'capitalize') {
      // Chromium starts a word after a space, a hyphen, a bracket or a quote.
      return text.replace(/(^|[\s(\["'\u00a0-])(\p{L})/gu, (all, pre, letter, at) =>
        (at === 0 && pre === '' && before !== '' && !/[\s(\["'\u00a0-]$/.test(before)) ? all : pre + letter.toUpperCase());
    }
    return text;
  }

  // The words of `el`'s content, with runs of ASCII whitespace made one space but edges kept, so an
  // inline child's own spaces still separate its neighbours. `skipOwn`: only descendants count (the
  // element itself is visibility:hidden).
  function contentText(el, ctx, style, skipOwn) {
    ctx.visited.add(el);
    const parts = [];
    let transform = null;
    if (!skipOwn) parts.push(pseudoText(el, '::before'));
    const root = el.shadowRoot && el.localName !== 'select' ? el.shadowRoot : el;
    for (const child of childNodesOf(root)) {
      if (child.nodeType === 3) {
        if (skipOwn) continue;
        if (transform === null) transform = (style || styleOf(el)).textTransform;
        const data = transform === 'none' ? child.data : transformText(child.data, transform, parts.join(''));
        parts.push(data);
      } else if (child.nodeType === 1) {
        // The control being named is inside its own label; it does not name itself.
        if (ctx.visited.has(child)) continue;
        const tag = child.localName;
        if (SKIPPED_IN_NAMES.has(tag)) continue;
        if (tag === 'br') {
          parts.push(' ');
          continue;
        }
        // A nested tree, menu or group of items names itself, not its parent item.
        if (child.hasAttribute('role') && NESTED_CONTAINERS.has(roleOf(child))) continue;
        const cs = styleOf(child);
        if (cs.display === 'none' && !ctx.hiddenOk) continue;
        const t = textAlternative(child, { recursing: true, embedded: true, inLabelledBy: ctx.inLabelledBy,
          referenced: false, visited: ctx.visited, hiddenOk: ctx.hiddenOk });
        // Like Chromium: blocks and inline blocks, and words that come from an attribute (alt,
        // aria-label, a control's value) rather than from text, stand apart from their neighbours.
        const apart = BLOCK_DISPLAYS.test(cs.display) || INLINE_BLOCKS.test(cs.display) ||
          NAMED_BY_ATTRIBUTE.has(tag) || child.hasAttribute('aria-label') || child.hasAttribute('aria-labelledby');
        parts.push(apart ? ' ' + t + ' ' : t);
      }
    }
    if (!skipOwn) parts.push(pseudoText(el, '::after'));
    return collapse(parts.join(''));
  }

  function labelledByContent(el, ctx, exclude) {
    return flatContent(contentText(el, { recursing: true, embedded: true, visited: exclude || ctx.visited,
      hiddenOk: false }, null, false));
  }

  function nativeName(el, role, ctx) {
    const tag = el.localName;
    if (tag === 'input' || tag === 'textarea' || tag === 'select' || tag === 'button' ||
        tag === 'meter' || tag === 'progress' || tag === 'output') {
      const type = (el.getAttribute('type') || '').toLowerCase();
      if (tag === 'input' && (type === 'button' || type === 'submit' || type === 'reset')) {
        const v = el.getAttribute('value');
        if (v !== null && flat(v)) return flat(v);
        if (type === 'submit') return 'Submit';
        if (type === 'reset') return 'Reset';
      }
      if (tag === 'input' && type === 'image') {
        const alt = flat(el.getAttribute('alt')) || flat(el.getAttribute('value'));
        if (alt) return alt;
      }
      const labels = labelsOf(el);
      if (labels.length) {
        const parts = labels.map(l => {
          if (ctx.visited.has(l)) return '';
          return labelledByContent(l, ctx, new Set([...ctx.visited, el]));
        });
        const joined = flatContent(parts.join(' '));
        if (joined) return joined;
      }
      if (tag === 'input' && type === 'image') return 'Submit';
      if (tag === 'input' || tag === 'textarea') {
        const title = flat(el.getAttribute('title'));
        if (title) return title;
        const ph = flat(el.getAttribute('placeholder')) || flat(el.getAttribute('aria-placeholder'));
        if (ph) return ph;
      }
      return '';
    }
    if (tag === 'img' || tag === 'area') {
      return flat(el.getAttribute('alt'));
    }
    if (tag === 'svg') {
      const t = el.querySelector(':scope > title');
      return t ? flatContent(t.textContent) : '';
    }
    if (tag === 'fieldset') {
      const legend = el.querySelector(':scope > legend');
      return legend ? labelledByContent(legend, ctx) : '';
    }
    if (tag === 'table') {
      const cap = el.querySelector(':scope > caption');
      return cap ? labelledByContent(cap, ctx) : '';
    }
    if (tag === 'figure') {
      const cap = el.querySelector(':scope > figcaption');
      return cap ? labelledByContent(cap, ctx) : '';
    }
    if (tag === 'iframe' || tag === 'frame') return flat(el.getAttribute('title'));
    if (tag === 'details') {
      return '';
    }
    if (el.isContentEditable && !el.hasAttribute('aria-label')) {
      const ph = flat(el.getAttribute('aria-placeholder')) || flat(el.getAttribute('placeholder'));
      if (ph) return ph;
    }
    return '';
  }

  function accessibleName(el, role, style) {
    if (role === 'presentation' || role === 'none' || role === 'generic' || role === 'paragraph' ||
        role === 'list' || role === 'rowgroup' || role === 'iframe' && !el.getAttribute('title')) {
      const ariaLabel = flat(el.getAttribute('aria-label'));
      if (ariaLabel && role !== 'generic' && role !== 'presentation' && role !== 'none') return ariaLabel;
      if (role === 'iframe') return '';
      if (role !== 'list') return '';
    }
    if (!pseudoPossible && NAME_FROM_CONTENT.has(role) && !el.hasAttribute('aria-labelledby') &&
        !el.hasAttribute('aria-label')) {
      // The common case, `<button>Save</button>`: one text child is the whole name.
      const only = el.firstChild;
      if (only && only.nodeType === 3 && !only.nextSibling) {
        const transform = (style || styleOf(el)).textTransform;
        const text = flatContent(transform === 'none' ? only.data : transformText(only.data, transform, ''));
        if (text) return text;
      }
    }
    return textAlternative(el, { visited: new Set() });
  }


  // The name a model reads for `el`: its accessible name, and for a clickable element that has none
  // (a div with an onclick handler) its text or title. Snapshot and inspect both name controls so.
  function nameOf(el, role, style, clickable) {
    const name = accessibleName(el, role, style);
    if (name || !clickable) return name;
    // aria-label names nothing on a generic element (ARIA 1.2), but on one made clickable it is the
    // author's name for the control.
    return flat(el.getAttribute('aria-label')) || flatContent(contentText(el, { recursing: true, visited: new Set() }, style, false)) ||
      flat(el.getAttribute('title'));
  }

  // Whether a model can see and hit `el` (its subtree is not hidden, checked by the walk): visible,
  // with a box on the page. An image map's area is shown where its image is.
  function isShown(el, style) {
    if (el.localName === 'area') return areaShown(el);
    if (style.visibility === 'hidden' || style.visibility === 'collapse') return false;
    return !isClippedAway(el, style);
  }

  // ---------------------------------------------------------------------------------------------
  // States and values

  function isDisabled(el) {
    if (el.getAttribute('aria-disabled') === 'true') return true;
    if ('disabled' in el && el.disabled) return true;
    // A control inside a disabled fieldset (outside its first legend) is disabled too.
    if (['button', 'input', 'select', 'textarea', 'optgroup', 'option'].includes(el.localName)) {
      const fs = el.closest('fieldset[disabled]');
      if (fs) {
        const legend = fs.querySelector(':scope > legend');
        if (!legend || !legend.contains(el)) return true;
      }
    }
    return false;
  }

  function checkedState(el, role) {
    if (!['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio', 'treeitem'].includes(role)) {
      return null;
    }
    if (el.localName === 'input' && (el.type === 'checkbox' || el.type === 'radio')) {
      if (el.indeterminate && el.type === 'checkbox') return 'mixed';
      return el.checked ? 'true' : 'false';
    }
    const a = el.getAttribute('aria-checked');
    if (a === 'true' || a === 'mixed') return a;
    return role === 'treeitem' ? null : 'false';
  }

  function statesOf(el, role) {
    const s = [];
    const checked = checkedState(el, role);
    if (checked === 'true') s.push('checked');
    else if (checked === 'mixed') s.push('mixed');
    let expanded = el.getAttribute('aria-expanded');
    if (el.localName === 'summary' && el.parentElement && el.parentElement.localName === 'details') {
      expanded = el.parentElement.open ? 'true' : 'false';
    }
    if (expanded === 'true') s.push('expanded');
    // A collapsed combobox is its default state, not news; a collapsed disclosure says it can open.
    else if (expanded === 'false' && role !== 'combobox') s.push('expanded=false');
    const selected = el.localName === 'option' ? (el.selected ? 'true' : null) : el.getAttribute('aria-selected');
    if (selected === 'true') s.push('selected');
    const pressed = el.getAttribute('aria-pressed');
    if (pressed === 'true') s.push('pressed');
    else if (pressed === 'mixed') s.push('pressed=mixed');
    if (role === 'heading') {
      const m = /^h([1-6])$/.exec(el.localName);
      // aria-level is page text: only a whole number >= 1 counts (as in Chromium), so it cannot add words
      // to the line.
      const given = /^\s*([1-9]\d{0,2})\s*$/.exec(el.getAttribute('aria-level') || '');
      const lvl = given ? given[1] : (m ? m[1] : '2');
      s.push('level=' + lvl);
    }
    if (isDisabled(el)) s.push('disabled');
    if (el.required || el.getAttribute('aria-required') === 'true') s.push('required');
    if ((el.readOnly && (el.localName === 'input' || el.localName === 'textarea')) ||
        el.getAttribute('aria-readonly') === 'true') s.push('readonly');
    if (el.getAttribute('aria-invalid') === 'true') s.push('invalid');
    if (el.getAttribute('aria-current') && el.getAttribute('aria-current') !== 'false') s.push('current');
    return s;
  }

  function valueOf(el, role) {
    const tag = el.localName;
    if (tag === 'input') {
      const type = (el.getAttribute('type') || '').toLowerCase();
      if (type === 'password') return el.value ? '••••••' : null;
      if (['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'hidden'].includes(type)) return null;
      if (type === 'file') {
        return el.files && el.files.length ? Array.from(el.files).map(f => f.name).join(', ') : null;
      }
      if (type === 'range') return el.value + ' (min ' + (el.min || '0') + ', max ' + (el.max || '100') + ')';
      return el.value ? el.value : null;
    }
    if (tag === 'textarea') return el.value ? el.value : null;
    if (tag === 'select') {
      const opts = Array.from(el.selectedOptions || []);
      return opts.length ? opts.map(o => normalize(o.label || o.textContent)).join(', ') : null;
    }
    if (['slider', 'spinbutton', 'progressbar', 'meter', 'scrollbar'].includes(role)) {
      const t = el.getAttribute('aria-valuetext');
      if (t) return t;
      const now = el.getAttribute('aria-valuenow');
      if (now !== null) {
        const min = el.getAttribute('aria-valuemin');
        const max = el.getAttribute('aria-valuemax');
        return min !== null && max !== null ? now + ' (min ' + min + ', max ' + max + ')' : now;
      }
      if (tag === 'progress' || tag === 'meter') return String(el.value);
      return null;
    }
    if (role === 'textbox' && el.isContentEditable) {
      const t = normalize(el.innerText);
      return t || null;
    }
    if (role === 'combobox' && tag !== 'select') {
      const t = el.getAttribute('aria-valuetext') || (el.value !== undefined ? el.value : null);
      return t || null;
    }
    return null;
  }

  function labelOf(el, role) {
    const tag = el.localName;
    if (tag === 'input') {
      const type = (el.getAttribute('type') || 'text').toLowerCase();
      // A plain text field is just a textbox; other types say what they take.
      if (type === 'text' && role === 'textbox') return 'textbox';
      if (type === 'text' && role === 'combobox') return 'combobox';
      if (TEXT_INPUT_TYPES.has(type) && role !== 'spinbutton') return 'input type="' + type + '"';
      return role;
    }
    if (tag === 'textarea') return 'textarea';
    return role;
  }

  // ---------------------------------------------------------------------------------------------
  // The walk

  function childNodesOf(node) {
    if (node.localName === 'slot') {
      const assigned = node.assignedNodes({ flatten: true });
      if (assigned.length) return assigned;
    }
    const out = [];
    for (let c = node.firstChild; c; c = c.nextSibling) out.push(c);
    return out;
  }

  // The topmost modal dialog (showModal), or null. Several can be open; only the top one is not inert,
  // and the top layer's order is not exposed, so the one that receives a hit at its centre wins.
  function topModal() {
    let modals;
    try {
      modals = document.querySelectorAll('dialog:modal');
    } catch (e) {
      return null;
    }
    if (modals.length === 0) return null;
    if (modals.length === 1) return modals[0];
    for (let i = modals.length - 1; i >= 0; i--) {
      const r = modals[i].getBoundingClientRect();
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      if (hit && modals[i].contains(hit)) return modals[i];
    }
    return modals[modals.length - 1];
  }

  // An image map's <area href> is shown where its image is (areas themselves are display:none).
  function areaShown(area) {
    if (!area.hasAttribute('href')) return false;
    const map = area.closest('map');
    const name = map && map.getAttribute('name');
    if (!name) return false;
    const root = rootOf(area);
    for (const img of root.querySelectorAll('img[usemap]')) {
      if (img.getAttribute('usemap') !== '#' + name) continue;
      const r = img.getBoundingClientRect();
      if (r.width > 0 && r.height > 0 && getComputedStyle(img).visibility === 'visible') return true;
    }
    return false;
  }

  function isCursorTarget(el, style) {
    if (el.hasAttribute('onclick')) return true;
    if (style.cursor !== 'pointer') return false;
    // Only where the pointer starts: children inherit the cursor of their clickable parent.
    const parent = el.parentElement;
    return !parent || getComputedStyle(parent).cursor !== 'pointer';
  }

  function snapshot(opts) {
    scanPseudo();
    labelMap = new Map();
    labelScopes = new Set();
    try {
      return takeSnapshot(opts);
    } finally {
      labelMap = null;
      labelScopes = null;
    }
  }

  function takeSnapshot(opts) {
    const nodes = [];
    const interactiveOnly = !!opts.interactive;
    const maxDepth = typeof opts.maxDepth === 'number' ? opts.maxDepth : Infinity;
    const includeHidden = !!opts.includeHidden;
    const cursor = !!opts.cursor;
    let root = document.body || document.documentElement;
    if (opts.selector) {
      let found = null;
      try {
        found = document.querySelector(opts.selector);
      } catch (e) {
        return { error: 'Invalid CSS selector `' + opts.selector + '` for snapshot -s: ' + e.message.split('\n')[0] +
          '. Pass a CSS selector such as #main or .cart; refs and text= are not accepted here.' };
      }
      if (!found) {
        return { error: 'No element matches `' + opts.selector + '` for snapshot -s. ' +
          'Check the selector, or run snapshot without -s.' };
      }
      root = found;
    }
    const limit = typeof opts.limit === 'number' ? opts.limit : 200000;
    let truncated = false;
    const active = document.activeElement;

    function emitText(text, depth) {
      const t = normalize(text);
      if (!t || interactiveOnly || depth > maxDepth) return;
      const last = nodes[nodes.length - 1];
      if (last && last.t === 1 && last.d === depth) {
        last.n = last.n + ' ' + t;
        return;
      }
      nodes.push({ t: 1, n: t, d: depth });
    }

    function walk(node, depth, inheritedHidden, insideNamed) {
      if (nodes.length >= limit) {
        truncated = true;
        return;
      }
      for (const child of childNodesOf(node)) {
        if (child.nodeType === 3) {
          if (!inheritedHidden && !insideNamed) emitText(child.data, depth);
          continue;
        }
        if (child.nodeType !== 1) continue;
        visit(child, depth, inheritedHidden, insideNamed);
      }
    }

    function visit(el, depth, inheritedHidden, insideNamed) {
      const tag = el.localName;
      if (tag === 'label' && el.control && !interactiveOnly) {
        // The label's words already are the control's name; list only the controls inside it.
        walk(el, depth, inheritedHidden, true);
        return;
      }
      if (tag === 'script' || tag === 'style' || tag === 'noscript' || tag === 'template' || tag === 'head' ||
          tag === 'link' || tag === 'meta') return;
      const style = styleOf(el);
      const area = tag === 'area';
      if (area ? !includeHidden && !areaShown(el) : isSubtreeHidden(el, style, includeHidden)) return;
      const visibility = includeHidden || area ? 'visible' : style.visibility;
      const invisible = visibility === 'hidden' || visibility === 'collapse';
      let role = roleOf(el);
      if (role === null) return;
      let interactive = INTERACTIVE_ROLES.has(role);
      const isFrame = role === 'iframe';
      let cursorTarget = false;
      if (!interactive && cursor && !isFrame && isCursorTarget(el, style)) {
        cursorTarget = true;
      }
      const structural = role === 'generic' || role === 'none' || role === 'presentation';
      let emit = !invisible && (!structural || cursorTarget);
      if (emit && (interactive || cursorTarget) && !includeHidden && !area && !el.closest('select') &&
          isClippedAway(el, style)) {
        // An off-screen control is still listed when a visible label stands for it.
        const labels = labelsOf(el);
        if (!labels.some(l => l.getBoundingClientRect().width > 0)) emit = false;
      }
      let name = '';
      let ref = false;
      if (emit && interactiveOnly && !(interactive || isFrame || cursorTarget || role === 'heading')) {
        emit = false;
      }
      if (emit) {
        name = nameOf(el, role, style, cursorTarget);
        if (interactive || isFrame || cursorTarget) ref = true;
        else if (NAMED_REF_ROLES.has(role) && name) ref = true;
        if (interactiveOnly && !(interactive || isFrame || cursorTarget || (role === 'heading' && name))) {
          emit = false;
        }
        if (insideNamed && !(interactive || isFrame || cursorTarget)) emit = false;
        if (depth > maxDepth) emit = false;
      }
      if (emit) {
        const node = {
          t: 0,
          id: ref ? idFor(el) : 0,
          r: cursorTarget && structural ? 'clickable' : role,
          l: cursorTarget && structural ? 'clickable' : labelOf(el, role),
          n: name,
          d: depth,
        };
        const states = statesOf(el, role);
        if (el === active && (interactive || cursorTarget)) states.push('focused');
        if (states.length) node.s = states;
        const value = valueOf(el, role);
        if (value !== null && value !== undefined && value !== '') node.v = String(value);
        const ph = el.getAttribute('placeholder');
        if (ph && (tag === 'input' || tag === 'textarea')) node.p = normalize(ph);
        if (role === 'link' && el.href) node.u = String(el.href);
        if (interactive || cursorTarget) node.x = 1;
        if (isFrame) node.f = 1;
        nodes.push(node);
      }
      if (isFrame) return;
      if (tag === 'textarea' || tag === 'input') return;
      if (tag === 'details' && !el.open && !includeHidden) {
        // A closed <details> shows only its summary; the rest is not rendered.
        const summary = el.querySelector(':scope > summary');
        if (summary) visit(summary, emit ? depth + 1 : depth, inheritedHidden, insideNamed);
        return;
      }
      const childDepth = emit ? depth + 1 : depth;
      // Named-from-content elements already carry their text; only controls inside them are listed.
      const nowInsideNamed = insideNamed || (emit && NAME_FROM_CONTENT.has(role) && !!name &&
        role !== 'row' && role !== 'cell' && role !== 'gridcell');
      const block = !interactiveOnly && BLOCK_DISPLAYS.test(style.display);
      if (block && !emit) breakText();
      const container = el.shadowRoot || el;
      // Text is hidden with its element (visibility:hidden); a descendant may show itself again.
      const textHidden = !includeHidden && invisible;
      if (el.shadowRoot) {
        walk(el.shadowRoot, childDepth, textHidden, nowInsideNamed);
      } else {
        walk(container, childDepth, textHidden, nowInsideNamed);
      }
      if (block && !emit) breakText();
    }

    function breakText() {
      // A block boundary ends a text run, so `<div>a</div><div>b</div>` gives two lines.
      const last = nodes[nodes.length - 1];
      if (last && last.t === 1) nodes.push({ t: 2 });
    }

    // With a modal dialog open, everything outside it is inert: the page is what the modal shows.
    const modal = topModal();
    if (modal && (root === modal || !modal.contains(root)) && (root.contains(modal) || !opts.selector)) {
      visit(modal, 0, false, false);
    } else if (opts.selector) {
      visit(root, 0, false, false);
    } else {
      walk(root, 0, false, false);
    }
    return Object.assign(render(nodes, opts), {
      gone: takeGone(),
      token: TOKEN,
      url: location.href,
      title: document.title,
      truncated,
    });
  }

  // ---------------------------------------------------------------------------------------------
  // The text a model reads. Formatting here rather than in Python keeps the transfer to what the
  // model reads and Python's work per snapshot to placing refs; refwright/snapshot/_format.py parses
  // these lines back into typed nodes and holds the same quote(), tested to agree with this one.

  const MAX_NAME = 150;
  const MAX_VALUE = 200;
  const MAX_TEXT = 500;

  // A JSON string literal that never spans lines: JSON's escapes plus C1 controls and U+2028/2029,
  // which Python's str.splitlines() and many viewers treat as line breaks. Cut to `limit` code points.
  function quote(text, limit) {
    if (text.length > limit) {
      const points = Array.from(text);
      if (points.length > limit) text = points.slice(0, limit - 1).join('') + '\u2026';
    }
    return JSON.stringify(text).replace(/[\u007f-\u009f\u2028\u2029]/g,
      c => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
  }

  // Lines without their ref and indentation (Python places both), with the data Python needs to
  // give refs: for each ref line its index, local id, role, full name and kind (x: interactive,
  // f: frame, -: named content).
  function render(nodes, opts) {
    const interactiveOnly = !!opts.interactive;
    const compact = !!opts.compact;
    const urls = !!opts.urls;
    const lines = [];
    const depths = [];
    const refLines = [];
    const refIds = [];
    const refRoles = [];
    const refNames = [];
    let refKinds = '';
    for (const n of nodes) {
      if (n.t === 2) continue;
      if (n.t === 1) {
        if (interactiveOnly) continue;
        lines.push(quote(n.n, MAX_TEXT));
        depths.push(n.d);
        continue;
      }
      if (interactiveOnly && !n.id) continue;
      // -c drops lines that carry no ref, name, value or text.
      if (compact && !n.id && !n.n && n.v === undefined) continue;
      let body = '[' + n.l + ']';
      // A name that only repeats the placeholder is said once, as the placeholder.
      if (n.n && n.n !== n.p) body += ' ' + quote(n.n, MAX_NAME);
      if (n.p) body += ' placeholder=' + quote(n.p, MAX_NAME);
      if (n.v !== undefined) body += ' value=' + quote(n.v, MAX_VALUE);
      if (urls && n.u) body += ' url=' + quote(n.u, 2000);
      if (n.s) for (const state of n.s) body += ' [' + state + ']';
      if (n.id) {
        refLines.push(lines.length);
        refIds.push(n.id);
        refRoles.push(n.r);
        refNames.push(n.n);
        refKinds += n.f ? 'f' : n.x ? 'x' : '-';
      }
      lines.push(body);
      depths.push(n.d);
    }
    return { lines, depths, refLines, refIds, refRoles, refNames, refKinds };
  }

  // ---------------------------------------------------------------------------------------------
  // Annotated screenshots

  let overlay = null;

  function annotate(items) {
    unannotate();
    overlay = document.createElement('div');
    overlay.setAttribute('aria-hidden', 'true');
    overlay.style.cssText = 'position:absolute;left:0;top:0;width:0;height:0;z-index:2147483647;' +
      'pointer-events:none;';
    const boxes = [];
    const sx = window.scrollX, sy = window.scrollY;
    for (const [id, label] of items) {
      const el = elementById(id);
      if (!el || !el.isConnected) {
        boxes.push(null);
        continue;
      }
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) {
        boxes.push(null);
        continue;
      }
      boxes.push([r.x, r.y, r.width, r.height]);
      const frame = document.createElement('div');
      frame.style.cssText = 'position:absolute;box-sizing:border-box;border:2px solid #e11d48;' +
        `left:${r.x + sx}px;top:${r.y + sy}px;width:${r.width}px;height:${r.height}px;`;
      const tag = document.createElement('div');
      tag.textContent = String(label);
      tag.style.cssText = 'position:absolute;background:#e11d48;color:#fff;font:bold 11px/14px sans-serif;' +
        `padding:0 3px;border-radius:2px;left:${r.x + sx}px;top:${Math.max(0, r.y + sy - 14)}px;`;
      overlay.appendChild(frame);
      overlay.appendChild(tag);
    }
    document.documentElement.appendChild(overlay);
    return { boxes };
  }

  function unannotate() {
    if (overlay) overlay.remove();
    overlay = null;
    return { ok: true };
  }

  // ---------------------------------------------------------------------------------------------

  function info(id) {
    const el = elementById(id);
    if (!el || !el.isConnected) return { found: false };
    const role = roleOf(el);
    return { found: true, role, name: accessibleName(el, role), tag: el.localName };
  }

  function scroll(a) {
    const el = document.scrollingElement || document.documentElement;
    if (a.to === 'top') window.scrollTo(window.scrollX, 0);
    else if (a.to === 'bottom') window.scrollTo(window.scrollX, el.scrollHeight);
    else window.scrollBy(a.dx || 0, a.dy || 0);
    return { x: window.scrollX, y: window.scrollY };
  }

  function storage(a) {
    let store;
    try {
      store = a.kind === 'session' ? window.sessionStorage : window.localStorage;
    } catch (e) {
      return { error: 'This page has no ' + a.kind + ' storage (' + e.message + ').' };
    }
    if (a.clear) {
      store.clear();
      return { entries: [] };
    }
    const entries = [];
    for (let i = 0; i < store.length; i++) {
      const k = store.key(i);
      entries.push([k, store.getItem(k)]);
    }
    return { entries };
  }

  function deepActive() {
    let a = document.activeElement;
    while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
    return a;
  }

  // Operations that run on one element receive it as the selector root (`target >> engine=run:...`).
  function focused(root) {
    return { focused: root !== document && deepActive() === root };
  }

  const OPS = {
    focused: (a, root) => focused(root),
    snapshot,
    scroll,
    storage,
    annotate: (a) => annotate(a.items),
    unannotate,
    info: (a) => info(a.id),
    ping: () => ({ token: TOKEN, url: location.href }),
  };

  // Other refwright engines (the resolver's) run in this same isolated world and build on these.
  // Only refwright code can see this global: the page's JavaScript lives in another world.
  globalThis.__refwrightRuntime = Object.freeze({
    token: TOKEN, idFor, elementById, roleOf, accessibleName, nameOf, isShown, topModal, areaShown, statesOf, valueOf, labelOf, styleOf,
    isSubtreeHidden, isClippedAway, normalize, childNodesOf, INTERACTIVE_ROLES, respond, takeGone,
  });

  function decode(b64) {
    const bin = atob(b64);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    return JSON.parse(new TextDecoder().decode(bytes));
  }

  // The `run:` channel, shared with the resolver's engine: decode the request, run the operation on
  // `root`, and hand the JSON result back as the text of one detached element. Failures come back as
  // results too, so Python always gets a sentence rather than a selector error.
  function respond(b64, ops, what, root) {
    let result;
    try {
      const req = decode(b64);
      const op = Object.prototype.hasOwnProperty.call(ops, req.op) ? ops[req.op] : null;
      result = op ? op(req, root) : { error: 'unknown ' + what + ' operation ' + req.op };
    } catch (e) {
      result = { error: what + ' failed: ' + (e && e.message ? e.message : String(e)) };
    }
    const out = document.createElement('div');
    out.textContent = JSON.stringify(result);
    return [out];
  }

  return {
    queryAll(root, body) {
      if (body.startsWith('ref:')) {
        const [token, id] = body.slice(4).split(':');
        if (token !== TOKEN) return [];
        const el = elementById(Number(id));
        return el && el.isConnected ? [el] : [];
      }
      if (body.startsWith('run:')) return respond(body.slice(4), OPS, 'page runtime', root);
      return [];
    },
  };
})()
