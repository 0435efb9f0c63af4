  // Partial walks: which elements a change can reach, so that everything else keeps its lines.
  //
  // A subtree's lines in an interactive view (-i) depend on its own elements, the styles and names of its
  // ancestors (which a change to an ancestor reaches, since the ancestor's subtree is walked again), and on
  // a few things outside it, each bounded here or refused (a full walk):
  // - style rules that select on siblings (+, ~, :nth-child(of S)): a change walks its parent's subtree;
  //   rules that select on descendants or on state nothing reports (:has(), @container, counters, :dir(),
  //   a form's or fieldset's validity, :default, :indeterminate, :focus-within): a full walk;
  // - names that read other elements (aria-labelledby, <label>, an icon's <use href>): the elements named
  //   through a changed element are walked again; a change to an id or a for, or an inserted or removed
  //   element that has one, or a label, walks in full;
  // - layout: a control clipped to nothing is left out; every kept control's size is checked again, and
  //   one whose answer changed is walked again. The same for image-map areas and their images;
  // - focus, the URL, the viewport, scrolling, a modal dialog, a new shadow root: compared first (a full walk).
  // Open shadow roots are walked through: an element's parent is its slot when it is slotted, its host when
  // it is at the top of a shadow tree.

  const PARTIAL_MAX = 50; // partial walks in a row; then a full one, which lets older walks' lines go
  const PARTIAL_RECORDS = 400;
  const REF_ATTRS = new Set(['id', 'for', 'name', 'usemap', 'list', 'href', 'xlink:href', 'form', 'slot']);
  const REF_ELEMENTS = '[id], label, map, area, img[usemap], style, link, base, dialog, slot, datalist';
  const CONTROLS = 'input, select, textarea, button, fieldset, form, output, option, object';
  const WHOLE_RULE = /:has\(|@container|counters?\(|:dir\(|:default|:indeterminate|:focus-within|:target-within/;
  const SIBLING_RULE = /[+~]|:nth-[a-z-]*\([^)]*\sof\s/;
  const VALIDITY_RULE = /:(user-)?(in)?valid/;

  function ruleFlags(text, flags) {
    if (WHOLE_RULE.test(text)) flags.whole = true;
    // A style rule's selector is what precedes its block; a grouping rule is read whole.
    const brace = text.indexOf('{');
    const selector = text.startsWith('@') || brace < 0 ? text : text.slice(0, brace);
    if (SIBLING_RULE.test(selector)) flags.siblings = true;
    if (VALIDITY_RULE.test(text)) flags.validity = true;
  }

  // The element above `n` in the walk's tree (the flat tree), or null above the document's root.
  function flatParent(n) {
    if (n.assignedSlot) return n.assignedSlot;
    const p = n.parentNode;
    if (!p) return null;
    return p.nodeType === 11 ? p.host || null : p.nodeType === 1 ? p : null;
  }

  // Whether `el` is below `root` in the flat tree (contains() stops at shadow roots).
  function below(root, el) {
    for (let a = flatParent(el); a; a = flatParent(a)) if (a === root) return true;
    return false;
  }

  function partialWanted(opts) {
    return !!opts.interactive && !opts.selector && !opts.includeHidden;
  }

  function newWalkRecord() {
    // segs: element -> its lines in some walk ({arr, s, e, d, named}); geo: control -> clipState;
    // areas: <area> -> whether it showed.
    return { segs: new WeakMap(), geo: new Map(), areas: new Map(), plan: null, reused: 0, walks: 0 };
  }

  // An inserted or removed node that a name, a label or a map can read from elsewhere, or whose style
  // decides others: only a full walk is sure to see what it changed.
  function plainNode(n, flags) {
    if (n.nodeType !== 1) return true;
    if (n.matches(REF_ELEMENTS) || n.querySelector(REF_ELEMENTS)) return false;
    if (flags.validity && (n.matches(CONTROLS) || n.querySelector(CONTROLS))) return false;
    return true;
  }

  // The dirty elements (walked again with their subtrees) and those above them (walked again, reusing
  // their clean children), or null when the change cannot be bounded.
  function planWalk(entry, state, root) {
    const flags = state.flags;
    const walk = entry.walk;
    const dirty = new Set();
    const add = (el) => {
      if (!el.isConnected) return true;
      if (el === root || !below(root, el)) return false;
      dirty.add(el);
      return true;
    };
    const records = mutLog.slice(entry.seq - mutBase);
    if (records.length > PARTIAL_RECORDS) return null;
    for (const r of records) {
      if (r.type === 'attributes' && REF_ATTRS.has(r.attributeName)) return null;
      if (r.type === 'childList') {
        for (const n of r.addedNodes) if (!plainNode(n, flags)) return null;
        for (const n of r.removedNodes) if (!plainNode(n, flags)) return null;
      }
      // A text node's change is its element's; a shadow root's, its host's.
      let t = r.target.nodeType === 1 || r.target.nodeType === 11 ? r.target : r.target.parentNode;
      if (t && t.nodeType === 11) t = t.host || null;
      if (!t) continue;
      if (t.nodeType !== 1) return null;
      if (flags.validity && t.matches(CONTROLS)) return null;
      if (!add(t)) return null;
    }
    // Form controls whose value, checkedness, selection or validity changed with no mutation.
    const was = entry.ctl;
    const now = state.ctl;
    let changed = [];
    if (was.length === now.length && was.every((v, i) => i % 2 === 1 || v === now[i])) {
      for (let i = 1; i < now.length; i += 2) if (was[i] !== now[i]) changed.push(now[i - 1]);
    } else {
      const before = new Map();
      for (let i = 0; i < was.length; i += 2) before.set(was[i], was[i + 1]);
      for (let i = 0; i < now.length; i += 2) if (before.get(now[i]) !== now[i + 1]) changed.push(now[i]);
    }
    if (changed.length && flags.validity) return null;
    for (const el of changed) if (!add(el)) return null;
    changed = null;
    if (flags.siblings) {
      const parents = new Set();
      for (const d of dirty) {
        const p = d.parentNode;
        parents.add(p && p.nodeType === 11 ? p.host : d.parentElement);
      }
      dirty.clear();
      for (const p of parents) if (!p || !add(p)) return null;
    }
    if (!closeOverNames(dirty, add, root, state.rootList)) return null;
    // Layout: a kept control that lost or gained its box, and an area whose image did.
    for (const [el, clip] of walk.geo) {
      if (!el.isConnected) {
        walk.geo.delete(el);
        continue;
      }
      if (clip === 0 && hasBox(el)) continue;
      const now = clipState(el, styleOf(el));
      if ((now === 2) !== (clip === 2)) {
        walk.geo.delete(el);
        if (!add(el)) return null;
      } else {
        walk.geo.set(el, now);
      }
    }
    for (const [area, shown] of walk.areas) {
      if (!area.isConnected) walk.areas.delete(area);
      else if (areaShown(area) !== shown && !add(area)) return null;
    }
    const above = new Set();
    for (const d of dirty) {
      for (let a = flatParent(d); a && a !== root && !above.has(a); a = flatParent(a)) above.add(a);
    }
    return { dirty, above };
  }

  // Adds to `dirty` the elements whose name reads a dirty element: the referrers of an id on it, in it or
  // above it, and the controls of labels in it or above it (with those labels).
  function closeOverNames(dirty, add, root, scopes) {
    // Ids are matched by their text in every tree scope: a superset of what byIdIn() finds.
    const referrers = new Map();
    const named = [];
    for (const scope of scopes) for (const r of scope.querySelectorAll('[aria-labelledby], use')) named.push(r);
    for (const r of named) {
      const ids = r.localName === 'use'
        ? [(r.getAttribute('href') || r.getAttribute('xlink:href') || '').replace(/^#/, '')]
        : r.getAttribute('aria-labelledby').trim().split(/\s+/);
      for (const id of ids) {
        if (!id) continue;
        const list = referrers.get(id);
        if (list) list.push(r);
        else referrers.set(id, [r]);
      }
    }
    const queue = Array.from(dirty);
    const push = (el) => {
      if (!el || dirty.has(el)) return true;
      if (!add(el)) return false;
      queue.push(el);
      return true;
    };
    const pushReferrers = (el) => {
      const list = el.id && referrers.get(el.id);
      if (list) for (const r of list) if (!push(r)) return false;
      return true;
    };
    for (let i = 0; i < queue.length; i++) {
      const d = queue[i];
      for (let a = d; a && a !== root; a = flatParent(a)) {
        if (!pushReferrers(a)) return false;
        if (a.localName === 'label' && !(push(a) && push(a.control))) return false;
      }
      for (const l of d.getElementsByTagName('label')) if (!push(l.control)) return false;
      if (referrers.size) for (const e of d.querySelectorAll('[id]')) if (!pushReferrers(e)) return false;
    }
    return true;
  }

  // A walk of the changed page that re-walks only what the change can reach; null when it cannot be bounded.
  function partialSnapshot(opts, entry, state) {
    if (!partialWanted(opts) || entry.flags.whole || state.flags.whole) return null;
    if (entry.result.truncated || entry.seq < mutBase) return null;
    const root = document.body;
    if (!root || topModal() !== null) return null;
    const plan = planWalk(entry, state, root);
    if (plan === null) return null;
    const walk = entry.walk;
    walk.plan = plan;
    walk.reused = 0;
    let result;
    try {
      result = snapshot(opts, walk);
    } finally {
      walk.plan = null;
    }
    if (result.error || result.truncated) return null;
    result.reused = walk.reused;
    return result;
  }
