  // The walk: the tree a snapshot lists, in document order, through shadow roots and frames.

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

  // `inc` (incremental.js) records what a kept -i walk needs to be re-walked in part, and when it holds a
  // plan, reuses the lines of subtrees that nothing changed.
  function snapshot(opts, inc) {
    scanPseudo();
    labelMap = new Map();
    labelScopes = new Set();
    try {
      return takeSnapshot(opts, inc || null);
    } finally {
      labelMap = null;
      labelScopes = null;
    }
  }

  // Whether a control an agent cannot hit is left out: clipped to nothing, with no visible label.
  // 0: listed and has a box (a size check alone says it still is), 1: listed otherwise, 2: left out.
  function clipState(el, style) {
    if (isClippedAway(el, style)) {
      // An off-screen control is still listed when a visible label stands for it.
      return labelsOf(el).some(l => l.getBoundingClientRect().width > 0) ? 1 : 2;
    }
    return hasBox(el) ? 0 : 1;
  }

  function hasBox(el) {
    const w = el.offsetWidth;
    if (w === undefined) {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0;
    }
    return w > 0 && el.offsetHeight > 0;
  }

  function takeSnapshot(opts, inc) {
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

    // With a plan, a subtree that no change can reach is not walked: its lines from the kept walk are
    // used again (moved to the new depth). Every visited element's lines are recorded for the next time.
    let fresh = 0;
    const reuseDepth = maxDepth === Infinity;

    function visit(el, depth, inheritedHidden, insideNamed) {
      if (inc === null) {
        visitElement(el, depth, inheritedHidden, insideNamed);
        return;
      }
      const plan = inc.plan;
      let dirtyRoot = false;
      if (plan !== null && fresh === 0) {
        dirtyRoot = plan.dirty.has(el);
        if (!dirtyRoot && !plan.above.has(el)) {
          const seg = inc.segs.get(el);
          if (seg && seg.named === insideNamed && (seg.d === depth || reuseDepth)) {
            const shift = depth - seg.d;
            const arr = seg.arr;
            if (shift === 0) for (let i = seg.s; i < seg.e; i++) nodes.push(arr[i]);
            else for (let i = seg.s; i < seg.e; i++) nodes.push(Object.assign({}, arr[i], { d: arr[i].d + shift }));
            inc.reused += seg.e - seg.s;
            return;
          }
        }
      }
      const s = nodes.length;
      if (dirtyRoot) fresh++;
      visitElement(el, depth, inheritedHidden, insideNamed);
      if (dirtyRoot) fresh--;
      inc.segs.set(el, { arr: nodes, s, e: nodes.length, d: depth, named: insideNamed });
    }

    function visitElement(el, depth, inheritedHidden, insideNamed) {
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
      if (area && !includeHidden) {
        const shown = areaShown(el);
        if (inc !== null) inc.areas.set(el, shown);
        if (!shown) return;
      } else if (!area && isSubtreeHidden(el, style, includeHidden)) {
        return;
      }
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
      if (emit && (interactive || cursorTarget) && !includeHidden && !area && !el.closest('select')) {
        const clip = clipState(el, style);
        if (inc !== null) inc.geo.set(el, clip);
        if (clip === 2) emit = false;
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
        const invalid = validationMessageOf(el);
        if (invalid !== null) node.e = invalid;
        if (role === 'link' && el.href) node.u = String(el.href);
        if (interactive || cursorTarget) node.x = 1;
        // A name from content may only repeat the lines below it, and render.js then leaves it out:
        // always for rows and cells (c: 2), whose content is listed too; for others (c: 1) only when no
        // line below was named by an author, so that a name an author gave stays where it applies.
        // aria-label and aria-labelledby (a: 1) are always printed.
        if (el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby')) node.a = 1;
        else if (name && NAME_FROM_CONTENT.has(role)) node.c = CONTENT_LISTED.has(role) ? 2 : 1;
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
        !CONTENT_LISTED.has(role));
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

