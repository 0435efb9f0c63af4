  // Checked refs and actionability: why an action on an element cannot happen, said at once.
  //
  // A `ref:` selector matches nothing once its element is gone, and Playwright then waits out the action
  // timeout for it to come back, which it never does (ids are never reused). The `ref!:` selector an
  // action uses throws a sentence instead, and refuses an element whose role or name is no longer what
  // the snapshot listed (a framework that reused the node for something else).

  const STALE_MARK = '[refwright] ';
  const NEW_SNAPSHOT = 'Take a new snapshot (`snapshot -i`) and use the refs it lists.';

  function shown(s) {
    const text = String(s || '');
    return JSON.stringify(text.length > 80 ? text.slice(0, 79) + '\u2026' : text);
  }

  // The role and name the snapshot would list for `el` now (walk.js: a structural element listed as
  // clickable keeps that label, and a clickable element may be named from its content).
  function listedNow(el, want) {
    const style = styleOf(el);
    let role = roleOf(el) || 'generic';
    const structural = role === 'generic' || role === 'none' || role === 'presentation';
    let name = nameOf(el, role, style, false);
    if (name !== want.name) {
      const clickable = nameOf(el, role, style, true);
      if (clickable === want.name) name = clickable;
    }
    if (structural && want.role === 'clickable') role = 'clickable';
    return { role, name };
  }

  // Why the ref `want.ref` (token, local id) names no element that an action may use, or '' when it does.
  function staleReason(token, id, want) {
    const ref = '@' + (want.ref || '?');
    if (token !== TOKEN) {
      const where = window.top === window ? 'the page' : 'its frame';
      return ref + ' is from an earlier page: ' + where + ' navigated (or reloaded) since the snapshot that ' +
        'listed it, so it names nothing now. ' + NEW_SNAPSHOT;
    }
    const el = elementById(id);
    if (!el || !el.isConnected) {
      if (want.frame) return 'The frame that held ' + ref + ' is gone from the page since the snapshot that listed it. ' + NEW_SNAPSHOT;
      return ref + ' is gone: the page removed that element (or replaced it in a re-render) since the snapshot ' +
        'that listed it. ' + NEW_SNAPSHOT;
    }
    // A hidden element's name may lose its hidden content: the actionability check says it is hidden.
    if (typeof want.role === 'string' && el.getClientRects().length) {
      const now = listedNow(el, want);
      if (now.role !== want.role || now.name !== want.name) {
        return ref + ' was ' + want.role + ' ' + shown(want.name) + ' in the last snapshot; it is now ' + now.role + ' ' +
          shown(now.name) + '. refwright did not act on it: the page changed what this element is. Take a new ' +
          'snapshot (`snapshot -i`) to see the page as it is now.';
      }
    }
    return '';
  }

  // `ref!:<token>:<id>:<base64 JSON {ref, role, name} or {ref, frame}>`: the element, or a thrown sentence.
  function checkedRef(body) {
    const parts = body.split(':');
    const want = parts.length > 2 ? decode(parts.slice(2).join(':')) : {};
    const reason = staleReason(parts[0], Number(parts[1]), want);
    if (reason) throw new Error(STALE_MARK + reason);
    return [elementById(Number(parts[1]))];
  }

  // Actions that a pointer performs at the element's centre, and those that need it enabled.
  const POINTER_ACTIONS = new Set(['click', 'dblclick', 'tap', 'hover', 'check', 'uncheck', 'drag']);
  const ENABLED_ACTIONS = new Set(['option', 'click', 'dblclick', 'tap', 'check', 'uncheck', 'fill', 'type', 'select', 'drag']);
  const FILLABLE_TAGS = new Set(['input', 'textarea', 'select']);
  // Input types fill() refuses, and what to do with each instead.
  const NOT_FILLED = { checkbox: 'check', radio: 'check', file: 'upload', button: 'click', submit: 'click',
    reset: 'click', image: 'click' };
  // Names of controls that close a cover (a consent banner, a dialog, a newsletter popup).
  const CLOSERS = /^(close|dismiss|cancel|no,? thanks|not now|maybe later|got it|ok(ay)?|accept|agree|i agree|allow|reject|decline|deny|continue|skip|[x\u00d7\u2715\u2716])\b/i;

  // The element an action really reaches, as Playwright retargets it: a label's control for fill and
  // check, the button or link around a clicked part.
  function retarget(el, action) {
    if (action === 'fill' || action === 'type' || action === 'check' || action === 'uncheck' || action === 'select') {
      if (!FILLABLE_TAGS.has(el.localName) && !el.isContentEditable && !el.getAttribute('role')) {
        const label = el.closest('label');
        if (label && label.control) return label.control;
      }
      return el;
    }
    return el.closest('button, [role=button], a, [role=link]') || el;
  }

  function composedParent(n) {
    return n.parentElement || (n.parentNode && n.parentNode.host) || null;
  }

  function holds(outer, inner) {
    for (let n = inner; n; n = composedParent(n)) if (n === outer) return true;
    return false;
  }

  function deepHit(x, y) {
    let hit = document.elementFromPoint(x, y);
    while (hit && hit.shadowRoot) {
      const inner = hit.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === hit) break;
      hit = inner;
    }
    return hit;
  }

  // Whether a finite animation runs on `el` or around it (it is moving, fading in or out).
  function animating(el) {
    if (!document.getAnimations) return false;
    for (const an of document.getAnimations()) {
      if (an.playState !== 'running' || !an.effect || !an.effect.target) continue;
      const timing = an.effect.getComputedTiming();
      if (!isFinite(timing.endTime)) continue;
      const target = an.effect.target;
      if (holds(target, el) || holds(el, target)) return true;
    }
    return false;
  }

  function briefly(el) {
    const role = roleOf(el) || 'generic';
    return { role, name: accessibleName(el, role, styleOf(el)).slice(0, 120) };
  }

  // The outermost ancestor of the hit element that does not hold `el`: what covers it.
  function coverRoot(el, hit) {
    let cover = hit;
    for (let n = composedParent(hit); n && n !== document.body && n !== document.documentElement; n = composedParent(n)) {
      if (holds(n, el)) break;
      cover = n;
    }
    const modal = topModal();
    return modal && !holds(modal, el) ? modal : cover;
  }

  // What covers `el` at its centre, when that is in the viewport (for inspect, which marks covered
  // controls and counts the cover's own controls as a popup's); null when nothing does.
  function coverOver(el) {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (!r.width || !r.height || x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return null;
    const hit = deepHit(x, y);
    if (!hit || holds(el, hit) || holds(hit, el) || holds(retarget(el, 'click'), hit)) return null;
    return coverRoot(el, hit);
  }

  // The cover over `el` described: its kind, words, and the controls in it that close it.
  function coverOf(el, hit) {
    const cover = coverRoot(el, hit);
    const modal = topModal();
    const role = cover.getAttribute('role');
    const style = styleOf(cover);
    const dialog = cover.localName === 'dialog' || role === 'dialog' || role === 'alertdialog';
    const kind = dialog ? (modal === cover ? 'modal' : 'dialog')
      : style.position === 'fixed' || style.position === 'sticky' ? 'fixed' : 'other';
    // A label drawn over its own control (a floating label, a styled checkbox): a click on it does the same.
    const label = Array.from(el.labels || []).find(l => holds(l, hit));
    if (label) {
      return { kind: 'label', wide: 0, tag: 'label', role: 'label', name: '', text: normalize(label.innerText || '').slice(0, 60),
        closers: [], settling: animating(label) ? 1 : 0 };
    }
    const described = briefly(cover);
    const text = normalize(cover.innerText || '').slice(0, 60);
    const closers = [];
    for (const c of cover.querySelectorAll('button, a[href], [role=button], [role=link], input[type=button], input[type=submit]')) {
      if (closers.length >= 4) break;
      const rect = c.getBoundingClientRect();
      if (!rect.width || !rect.height) continue;
      const role = roleOf(c) || 'button';
      const name = accessibleName(c, role, styleOf(c));
      if (CLOSERS.test(name.trim())) closers.push([idFor(c), role, name.slice(0, 80)]);
    }
    const rect = cover.getBoundingClientRect();
    const wide = rect.width >= innerWidth * 0.9 && rect.height >= innerHeight * 0.9;
    return { kind, wide: wide ? 1 : 0, tag: cover.localName, role: described.role, name: described.name, text, closers,
      settling: animating(cover) ? 1 : 0, box: [rect.x, rect.y, rect.width, rect.height] };
  }

  function hiddenWhy(el, style) {
    if (el.checkVisibility && !el.checkVisibility()) return 'it is not displayed (display: none on it or on a parent)';
    if (style.visibility === 'hidden' || style.visibility === 'collapse') return 'it is invisible (visibility: hidden)';
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) return 'it has no size on the page';
    return '';
  }

  function optionsOf(select) {
    return Array.from(select.options).slice(0, 30).map(o => [normalize(o.label || o.textContent), o.disabled ? 1 : 0]);
  }

  // What keeps `action` from reaching `root` now: {ok: 1}, or {why, ...} with `settling` when the page
  // may still be bringing it about (an animation runs). Refs come as `token`/`id`/`expect` and are
  // checked first, so one call says stale or not actionable.
  function actionable(a, root) {
    let el = root;
    if (a.id !== undefined) {
      const reason = staleReason(a.token, a.id, a.expect || {});
      if (reason) return { stale: reason };
      el = elementById(a.id);
    }
    // An image map's area and a display:contents element have no box of their own: Playwright decides.
    if (!el || el === document || !el.isConnected || el.localName === 'area' || styleOf(el).display === 'contents') {
      return { ok: 1 };
    }
    const action = a.action;
    const me = briefly(el);
    // label: how a snapshot prints it (`input type="password"`), which messages use, as the snapshot does.
    const out = { role: me.role, label: labelOf(el, me.role), name: me.name, token: TOKEN };
    // A link marked for download: the answer waits for the download the browser reports after the click.
    if ((action === 'click' || action === 'dblclick') && el.closest('a[download][href]')) out.download = 1;
    if (action === 'option') {
      const select = el.closest('select');
      if (el.localName === 'option' && select && (el.disabled || (el.parentElement && el.parentElement.disabled))) {
        return Object.assign(out, { why: 'option', option: normalize(el.label || el.textContent), options: optionsOf(select),
          select: idFor(select), selectRole: briefly(select).role, selectName: briefly(select).name });
      }
      el = select || el;
    }
    if (action === 'select') {
      if (el.localName === 'option' || el.localName === 'optgroup') {
        const select = el.closest('select');
        return Object.assign(out, { why: 'kind', kind: 'option', select: select ? idFor(select) : 0,
          selectRole: select ? briefly(select).role : '', selectName: select ? briefly(select).name : '' });
      }
      if (el.localName !== 'select') {
        const control = retarget(el, action);
        if (control.localName !== 'select') return Object.assign(out, { why: 'kind', kind: 'notselect' });
        el = control;
      }
      if (typeof a.value === 'string' && a.value) {
        const matching = Array.from(el.options).filter(o => o.value === a.value || normalize(o.label) === a.value ||
          normalize(o.textContent) === a.value);
        if (!matching.length) return Object.assign(out, { why: 'nooption', option: a.value, options: optionsOf(el) });
        if (matching.every(o => o.disabled || (o.parentElement && o.parentElement.disabled))) {
          return Object.assign(out, { why: 'option', option: a.value, options: optionsOf(el) });
        }
      }
    }
    const target = retarget(el, action);
    if (action === 'fill') {
      const editable = target.localName === 'textarea' || target.isContentEditable ||
        (target.localName === 'input' && !NOT_FILLED[(target.type || '').toLowerCase()]);
      if (!editable) {
        const type = target.localName === 'input' ? (target.type || '').toLowerCase() : '';
        return Object.assign(out, { why: 'kind', kind: 'notfillable', use: type ? NOT_FILLED[type] :
          target.localName === 'select' ? 'select' : '', tag: target.localName });
      }
    }
    const style = styleOf(target);
    const hidden = hiddenWhy(target, style);
    if (hidden) return Object.assign(out, { why: 'hidden', how: hidden, settling: animating(target) ? 1 : 0 });
    if (ENABLED_ACTIONS.has(action)) {
      if ((target.matches && target.matches(':disabled')) || target.closest('[aria-disabled=true]')) {
        return Object.assign(out, { why: 'disabled', settling: animating(target) ? 1 : 0 });
      }
      if ((action === 'fill' || action === 'type') && (target.readOnly || target.getAttribute('aria-readonly') === 'true')) {
        return Object.assign(out, { why: 'readonly' });
      }
    }
    if (POINTER_ACTIONS.has(action)) {
      // The pointer goes to the element itself (a label checks its control through a click on the label).
      const pointed = retarget(el, 'click');
      let r = pointed.getBoundingClientRect();
      if (r.right <= 0 || r.bottom <= 0 || r.left >= innerWidth || r.top >= innerHeight) {
        // Playwright scrolls it into view before it acts; look where it will be.
        pointed.scrollIntoView({ block: 'center', inline: 'center' });
        r = pointed.getBoundingClientRect();
      }
      const x = r.left + r.width / 2, y = r.top + r.height / 2;
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return Object.assign(out, { ok: 1 });
      const hit = deepHit(x, y);
      // Nothing there, the element itself or a part of it, or a parent (it lets pointer events through):
      // Playwright's own checks decide.
      if (!hit || holds(pointed, hit) || holds(hit, pointed)) return Object.assign(out, { ok: 1, box: [r.x, r.y, r.width, r.height] });
      const cover = coverOf(pointed, hit);
      return Object.assign(out, { why: 'covered', cover, box: [r.x, r.y, r.width, r.height],
        settling: cover.settling || animating(pointed) ? 1 : 0 });
    }
    return Object.assign(out, { ok: 1 });
  }
