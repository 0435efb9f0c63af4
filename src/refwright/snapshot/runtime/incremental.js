  // Snapshots that skip the walk when the page cannot have changed since the last walk taken the same way.
  //
  // Exactness first: a kept result is served only when nothing that the walk reads can have changed.
  // What changes the DOM is seen by a MutationObserver on the document and on every open shadow root; what
  // changes no DOM is seen by events (typing, focus, hover, scrolling, loads, popovers, animations ending)
  // and checked by a state signature taken with each walk and compared before a kept result is served:
  // the URL, the viewport and media, the focused element, every form control's value, checkedness,
  // selectedness and validation message, every open shadow root, every readable style sheet's rules, the
  // custom elements not yet defined, and the animations in effect. Anything unsure (a running animation,
  // fonts loading, a style rule on a custom element's own :state()) walks again. A walk
  // that is not served from the cache is the same full walk as before.

  let generation = 0;
  let watching = false;
  let observer = null;
  const observedRoots = new WeakSet();
  // opts key -> { gen, sig, result, stamp }
  const kept = new Map();
  let stampSeq = 0;
  const KEPT_VIEWS = 8;
  const DIRTY_EVENTS = ['input', 'change', 'focusin', 'focusout', 'mouseover', 'mouseout', 'pointerdown',
    'pointerup', 'scroll', 'load', 'error', 'toggle', 'beforetoggle', 'hashchange', 'popstate', 'resize',
    'animationstart', 'animationend', 'animationcancel', 'transitionstart', 'transitionend', 'transitioncancel',
    'invalid', 'submit', 'reset', 'fullscreenchange', 'keydown', 'keyup', 'click', 'cut', 'paste', 'drop',
    'dragend', 'pageshow', 'visibilitychange', 'play', 'pause', 'ended', 'volumechange', 'close', 'cancel'];
  const MEDIA = ['(prefers-color-scheme: dark)', '(prefers-reduced-motion: reduce)', 'print',
    '(forced-colors: active)', '(prefers-contrast: more)', '(orientation: portrait)', '(hover: hover)',
    '(pointer: coarse)', '(prefers-reduced-transparency: reduce)', '(inverted-colors: inverted)'];
  // Selectors that match on what neither the DOM nor an event says: a custom element's own states.
  const UNSEEN_STATE = /:state\(|:--[\w-]/;

  function bump() {
    generation++;
  }

  function observe(root) {
    if (observedRoots.has(root)) return;
    observedRoots.add(root);
    observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  }

  function startWatching() {
    if (watching) return;
    watching = true;
    observer = new MutationObserver(bump);
    observe(document);
    for (const type of DIRTY_EVENTS) {
      window.addEventListener(type, bump, true);
      document.addEventListener(type, bump, true);
    }
    if (document.fonts) document.fonts.addEventListener('loadingdone', bump);
  }

  // The rules of `sheets` into `parts`; false when one of them depends on state nothing reports.
  function sheetText(sheets, parts) {
    for (const sheet of sheets) {
      parts.push(sheet.disabled ? 'D' : 'E', sheet.media ? sheet.media.mediaText : '');
      let rules;
      try {
        rules = sheet.cssRules;
      } catch (e) {
        // A cross-origin sheet: the page's scripts cannot change its rules either, only its element.
        parts.push('x');
        continue;
      }
      for (const rule of rules) {
        const text = rule.cssText;
        if (UNSEEN_STATE.test(text)) return false;
        parts.push(text);
      }
    }
    return true;
  }

  // The state a walk reads that no mutation reports; null when unsure (the walk must run).
  function signature() {
    if (document.fonts && document.fonts.status === 'loading') return null;
    const animations = document.getAnimations ? document.getAnimations() : [];
    for (const a of animations) if (a.playState === 'running' || a.playState === 'pending') return null;
    const parts = [location.href, innerWidth, innerHeight, devicePixelRatio, scrollX, scrollY, animations.length];
    for (const q of MEDIA) parts.push(matchMedia(q).matches ? 1 : 0);
    const roots = [document];
    for (let r = 0; r < roots.length; r++) {
      const root = roots[r];
      if (r > 0) observe(root);
      if (!sheetText(root.styleSheets, parts)) return null;
      if (root.adoptedStyleSheets && !sheetText(root.adoptedStyleSheets, parts)) return null;
      // Custom elements defined later match :defined without a mutation (a common way to hide them until then).
      parts.push(root.querySelectorAll(':not(:defined)').length);
      for (const el of root.querySelectorAll('*')) {
        if (el.shadowRoot) roots.push(el.shadowRoot);
        const tag = el.localName;
        if (tag === 'input') {
          parts.push(el.value, el.checked ? 1 : 0, el.indeterminate ? 1 : 0, el.validationMessage);
        } else if (tag === 'textarea') {
          parts.push(el.value, el.validationMessage);
        } else if (tag === 'select') {
          parts.push(el.selectedIndex, el.validationMessage);
        } else if (tag === 'option') {
          parts.push(el.selected ? 1 : 0);
        } else if (tag === 'button') {
          parts.push(el.validationMessage);
        }
      }
    }
    parts.push(roots.length);
    return parts.join('\u0000');
  }

  // The snapshot operation: a kept result when it is still exact, else a walk (kept for next time).
  // `known` is the stamp of the result the caller already holds: then only {same: stamp} is sent back.
  // `cold` walks whatever is kept (and keeps nothing): the fuzz test compares the two.
  function keptSnapshot(req) {
    const opts = Object.assign({}, req);
    const known = opts.known;
    const cold = !!opts.cold;
    delete opts.op;
    delete opts.known;
    delete opts.cold;
    if (cold) return snapshot(opts);
    startWatching();
    if (observer.takeRecords().length) bump();
    const key = JSON.stringify(opts);
    const entry = kept.get(key);
    const active = document.activeElement;
    if (entry && entry.gen === generation && entry.active === active) {
      const sig = signature();
      if (sig !== null && sig === entry.sig) {
        const fresh = { gone: takeGone(), token: TOKEN, url: location.href, title: document.title, kept: 1 };
        if (known === entry.stamp) return Object.assign(fresh, { same: entry.stamp });
        return Object.assign({}, entry.result, fresh, { stamp: entry.stamp });
      }
    }
    const result = snapshot(opts);
    if (result.error) return result;
    const sig = signature();
    kept.delete(key);
    if (sig !== null) {
      const stamp = TOKEN + '.' + (++stampSeq);
      kept.set(key, { gen: generation, sig, active, result, stamp });
      while (kept.size > KEPT_VIEWS) kept.delete(kept.keys().next().value);
      result.stamp = stamp;
    }
    return result;
  }
