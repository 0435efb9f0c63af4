  // Small operations: element info, scrolling, storage, focus.

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

  function deepActive() {
    let a = document.activeElement;
    while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
    return a;
  }

  // Operations that run on one element receive it as the selector root (`target >> engine=run:...`).
  function focused(root) {
    return { focused: root !== document && deepActive() === root };
  }
