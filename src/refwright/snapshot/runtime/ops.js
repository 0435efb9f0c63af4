  // Small operations: element info, scrolling, storage, focus, landmarks.

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
    if (typeof a.key === 'string') {
      if (typeof a.value === 'string') {
        try {
          store.setItem(a.key, a.value);
        } catch (e) {
          return { error: 'Could not set ' + a.kind + ' storage item (' + e.message + ').' };
        }
      }
      return { value: store.getItem(a.key) };
    }
    const entries = [];
    for (let i = 0; i < store.length; i++) {
      const k = store.key(i);
      entries.push([k, store.getItem(k)]);
    }
    return { entries };
  }

  // Selectors that pick out each rendered landmark alone (a unique id, else a unique tag), for the advice
  // of a cut snapshot. Here rather than through a Playwright locator: its CSS engine walks every shadow
  // root, which cost ~50 ms on a 17,000-element page; this native query costs about 1 ms.
  const LANDMARK_CSS = 'main, nav, header, footer, aside, search, [role=main], [role=navigation], [role=banner], ' +
    '[role=contentinfo], [role=complementary], [role=search], [role=region][aria-label]';

  function landmarks() {
    const found = [];
    for (const el of document.querySelectorAll(LANDMARK_CSS)) {
      if (!el.getClientRects().length) continue;
      if (/^[A-Za-z][\w-]*$/.test(el.id) && document.querySelectorAll('#' + el.id).length === 1) found.push('#' + el.id);
      else if (document.getElementsByTagName(el.localName).length === 1) found.push(el.localName);
    }
    return { landmarks: found };
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

  // A submission that native validation stops: the browser fires `invalid` at each failing field and
  // shows its message at the first, and no `submit` follows. formWatch starts listening (capture, from
  // this isolated world, so the page's scripts can neither see nor remove the listeners) before an
  // action; formReport says afterwards whether that happened, and where. A navigation drops the record
  // with the world: the form was then sent.
  let formRecord = null;
  let formListening = false;

  function formWatch() {
    if (!formListening) {
      document.addEventListener('invalid', e => {
        if (formRecord) formRecord.invalid.push(e.target);
      }, true);
      document.addEventListener('submit', () => {
        if (formRecord) formRecord.submitted = true;
      }, true);
      formListening = true;
    }
    formRecord = { invalid: [], submitted: false };
    return { watching: true };
  }

  function formReport() {
    const record = formRecord;
    formRecord = null;
    if (!record || record.submitted || !record.invalid.length) return { blocked: false };
    const el = record.invalid[0];
    const role = roleOf(el);
    return {
      blocked: true, token: TOKEN, id: idFor(el), role, label: labelOf(el, role), name: accessibleName(el, role),
      message: normalize(el.validationMessage || ''), count: record.invalid.length,
    };
  }
