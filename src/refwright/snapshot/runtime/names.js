  // Perception, names: accessible names (accname 1.2) and the name a model reads.

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

    // Chromium: a container inside another element's name gives only its author's name (aria-label,
    // title), never its content, nor a caption or legend from it.
    const container = ctx.recursing && !ctx.inLabelledBy && !ctx.referenced && isNameContainer(el, role);

    // 2E: native label mechanisms.
    if (role !== 'presentation' && role !== 'none' && (!container || NAMED_BY_ATTRIBUTE.has(el.localName))) {
      const native = nativeName(el, role, ctx);
      if (native) return native;
    }

    // 2F: name from content.
    if (NAME_FROM_CONTENT.has(role) || (ctx.recursing && !container) || ctx.referenced) {
      const text = contentText(el, ctx, style, false);
      if (flatContent(text)) return ctx.recursing ? text : flatContent(text);
      // A descendant that is only a space still separates its neighbours' words.
      if (ctx.recursing && text) return flat(el.getAttribute('title')) || text;
    }

    // 2I: tooltip attribute.
    return flat(el.getAttribute('title'));
  }

  // Roles whose content Chromium leaves out of an enclosing element's name (its "no name from
  // contents" roles): `<a href><figure><img alt="x"></figure>Title</a>` is the link "Title".
  const NAME_CONTAINERS = new Set(('alert alertdialog application article banner blockquote complementary ' +
    'contentinfo dialog document feed figure grid group img listbox log main marquee menu menubar ' +
    'navigation note progressbar radiogroup row search separator status table tablist tabpanel timer ' +
    'toolbar tree treegrid').split(' '));
  // ...but these elements' content is read: Chromium gives <details> and <address> roles of their own,
  // a <footer> inside a link is no landmark, and a <table> may be a layout table.
  const READ_CONTAINER_TAGS = new Set(['details', 'address', 'footer', 'table']);

  function isNameContainer(el, role) {
    if (!NAME_CONTAINERS.has(role)) return false;
    // An element named by an attribute keeps that name; an <svg role=img> is an image whose drawing
    // (a sprite's <use>) says nothing, while a plain <svg> lends its parts' titles.
    if (NAMED_BY_ATTRIBUTE.has(el.localName)) return el.localName === 'svg' && el.hasAttribute('role');
    return el.hasAttribute('role') || !READ_CONTAINER_TAGS.has(el.localName);
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
    if (tag === 'use') {
      // An icon drawn from a sprite (`<svg><use href="#icon-x"/></svg>`) is named, as in Chromium, by
      // the <title> of the symbol it shows: the browser clones that symbol into the use element.
      const ref = el.getAttribute('href') || el.getAttribute('xlink:href') || '';
      const target = ref.startsWith('#') ? byIdIn(el, ref.slice(1)) : null;
      const t = target && target.querySelector(':scope > title');
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

