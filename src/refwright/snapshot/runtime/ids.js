  // Ids: the document's runtime token and stable local ids for elements.

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

