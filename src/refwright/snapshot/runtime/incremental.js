  // Snapshots that skip the walk when the page cannot have changed since the last walk taken the same way.
  //
  // Exactness first: a kept result is served only when nothing that the walk reads can have changed.
  // What changes the DOM is seen by a MutationObserver on the document and on every open shadow root; what
  // changes no DOM is seen by events (typing, focus, hover, scrolling, loads, popovers, animations ending)
  // and checked by a state signature taken with each walk and compared before a kept result is served:
  // the URL, the viewport and media, the focused element, every form control's value, checkedness,
  // selectedness and validation message, every open shadow root, every readable style sheet's rules, the
  // custom elements not yet defined, and the animations in effect. Anything unsure (a running animation,
  // fonts loading, a style rule on a custom element's own :state()) walks again.
  //
  // A changed page is walked again in part (interactive views, -i): the mutation records and the form
  // controls whose state changed name the dirty elements; partial.js widens them to everything whose
  // lines they can change, and the walk re-walks those and the elements above them, and reuses the
  // lines of every other subtree from the kept walk. Whatever the widening cannot bound walks in full.

  let generation = 0;
  let watching = false;
  let observer = null;
  const observedRoots = new WeakSet();
  // opts key -> { gen, seq, sig, ctl, active, result, stamp, walk }
  const kept = new Map();
  let stampSeq = 0;
  const KEPT_VIEWS = 8;
  // Mutation records since the oldest kept walk: mutBase is the sequence number of mutLog[0].
  let mutLog = [];
  let mutBase = 0;
  const MUT_LOG_MAX = 2000;
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

  function logMutations(records) {
    if (mutLog.length + records.length > MUT_LOG_MAX) {
      // Too much at once to bound: every kept result is walked again in full.
      mutBase += mutLog.length + records.length;
      mutLog = [];
      bump();
      return;
    }
    for (const r of records) mutLog.push(r);
  }

  function mutSeq() {
    return mutBase + mutLog.length;
  }

  // Records no kept walk still needs are dropped.
  function trimLog() {
    let oldest = mutSeq();
    for (const entry of kept.values()) if (entry.seq < oldest) oldest = entry.seq;
    if (oldest > mutBase) {
      mutLog = mutLog.slice(oldest - mutBase);
      mutBase = oldest;
    }
  }

  function observe(root) {
    if (observedRoots.has(root)) return;
    observedRoots.add(root);
    observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  }

  function startWatching() {
    if (watching) return;
    watching = true;
    observer = new MutationObserver(logMutations);
    observe(document);
    for (const type of DIRTY_EVENTS) {
      window.addEventListener(type, bump, true);
      document.addEventListener(type, bump, true);
    }
    if (document.fonts) document.fonts.addEventListener('loadingdone', bump);
  }

  // The rules of `sheets` into `parts`, and what they tell partial walks into `flags`; false when one of
  // them depends on state nothing reports.
  function sheetText(sheets, parts, flags) {
    for (const sheet of sheets) {
      parts.push(sheet.disabled ? 'D' : 'E', sheet.media ? sheet.media.mediaText : '');
      let rules;
      try {
        rules = sheet.cssRules;
      } catch (e) {
        // A cross-origin sheet: the page's scripts cannot change its rules either, only its element.
        // What it selects on is unknown, so no partial walk.
        parts.push('x');
        flags.whole = true;
        continue;
      }
      for (const rule of rules) {
        const text = rule.cssText;
        if (UNSEEN_STATE.test(text)) return false;
        ruleFlags(text, flags);
        parts.push(text);
      }
    }
    return true;
  }

  // The state a walk reads that no mutation reports, or null when unsure (the walk must run):
  // `sig`, the page-wide part; `ctl`, each form control's state, [element, state, ...] in document order;
  // `flags`, what the style rules allow a partial walk (partial.js); `rootList`, the tree scopes.
  function signature() {
    if (document.fonts && document.fonts.status === 'loading') return null;
    const animations = document.getAnimations ? document.getAnimations() : [];
    for (const a of animations) if (a.playState === 'running' || a.playState === 'pending') return null;
    const parts = [location.href, innerWidth, innerHeight, devicePixelRatio, scrollX, scrollY, animations.length];
    for (const q of MEDIA) parts.push(matchMedia(q).matches ? 1 : 0);
    const flags = { whole: false, siblings: false, validity: false };
    const ctl = [];
    const roots = [document];
    for (let r = 0; r < roots.length; r++) {
      const root = roots[r];
      if (r > 0) observe(root);
      if (!sheetText(root.styleSheets, parts, flags)) return null;
      if (root.adoptedStyleSheets && !sheetText(root.adoptedStyleSheets, parts, flags)) return null;
      // Custom elements defined later match :defined without a mutation (a common way to hide them until then).
      parts.push(root.querySelectorAll(':not(:defined)').length);
      for (const el of root.querySelectorAll('*')) {
        if (el.shadowRoot) roots.push(el.shadowRoot);
        const tag = el.localName;
        if (tag === 'input') {
          ctl.push(el, el.value + '\u0000' + (el.checked ? 1 : 0) + (el.indeterminate ? 1 : 0) + el.validationMessage);
        } else if (tag === 'textarea') {
          ctl.push(el, el.value + '\u0000' + el.validationMessage);
        } else if (tag === 'select') {
          ctl.push(el, el.selectedIndex + '\u0000' + el.validationMessage);
        } else if (tag === 'option') {
          ctl.push(el, el.selected ? '1' : '0');
        } else if (tag === 'button') {
          ctl.push(el, el.validationMessage);
        }
      }
    }
    parts.push(roots.length);
    return { sig: parts.join('\u0000'), ctl, flags, rootList: roots };
  }

  function sameControls(a, b) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }

  // The snapshot operation: a kept result when it is still exact, else a walk (in part when it can be
  // bounded), kept for next time. `known` is the stamp of the result the caller already holds: then only
  // {same: stamp} is sent back. `cold` walks in full whatever is kept (and keeps nothing): the fuzz test
  // compares the two.
  function keptSnapshot(req) {
    const opts = Object.assign({}, req);
    const known = opts.known;
    const cold = !!opts.cold;
    delete opts.op;
    delete opts.known;
    delete opts.cold;
    if (cold) return snapshot(opts);
    startWatching();
    logMutations(observer.takeRecords());
    const key = JSON.stringify(opts);
    const entry = kept.get(key);
    const active = document.activeElement;
    let state = null;
    let result = null;
    if (entry && entry.gen === generation && entry.active === active) {
      state = signature();
      if (state !== null && state.sig === entry.sig) {
        if (entry.seq === mutSeq() && sameControls(entry.ctl, state.ctl)) {
          const fresh = { gone: takeGone(), token: TOKEN, url: location.href, title: document.title, kept: 1 };
          if (known === entry.stamp) return Object.assign(fresh, { same: entry.stamp });
          return Object.assign({}, entry.result, fresh, { stamp: entry.stamp });
        }
        if (entry.walk !== null) result = partialSnapshot(opts, entry, state);
      }
    }
    const partial = result !== null;
    let walk = null;
    if (!partial) {
      walk = partialWanted(opts) ? newWalkRecord() : null;
      result = snapshot(opts, walk);
      if (result.error) return result;
    } else {
      walk = entry.walk;
    }
    // The walk reads styles and layout, which can start font loads and animations: the state is taken
    // after it (a partial walk's state from before it is reused only when nothing of that kind started).
    const after = partial && quietAfterWalk(state) ? state : signature();
    kept.delete(key);
    if (after !== null) {
      const stamp = TOKEN + '.' + (++stampSeq);
      if (walk !== null) walk.walks = partial ? walk.walks + 1 : 0;
      kept.set(key, { gen: generation, seq: mutSeq(), sig: after.sig, ctl: after.ctl, flags: after.flags, active, result, stamp, walk: walk !== null && walk.walks < PARTIAL_MAX ? walk : null });
      while (kept.size > KEPT_VIEWS) kept.delete(kept.keys().next().value);
      result.stamp = stamp;
      // The caller holds the result this walk started from: only what differs from it is sent.
      if (partial && known === entry.stamp) {
        trimLog();
        return patchFrom(entry.result, result);
      }
    }
    trimLog();
    return result;
  }

  // `result` as a patch of `base` (which the caller holds): for each list of lines and refs, the length
  // of the head and the tail they share and the new middle. A changed label sends one line, not 100 kB.
  const PATCHED = ['lines', 'depths', 'refLines', 'refIds', 'refRoles', 'refNames', 'refKinds'];

  function patchFrom(base, result) {
    const out = Object.assign({}, result, { base: base.stamp, patch: {} });
    for (const key of PATCHED) {
      const a = base[key];
      const b = result[key];
      delete out[key];
      const most = Math.min(a.length, b.length);
      let head = 0;
      while (head < most && a[head] === b[head]) head++;
      let tail = 0;
      while (tail < most - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
      out.patch[key] = [head, tail, b.slice(head, b.length - tail)];
    }
    return out;
  }

  function quietAfterWalk(state) {
    if (document.fonts && document.fonts.status === 'loading') return false;
    const animations = document.getAnimations ? document.getAnimations() : [];
    if (animations.length) return false;
    return state.sig.split('\u0000', 7)[6] === '0';
  }
