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
  //   ref!:<token>:<id>:<base64 JSON>  the same for an action: a sentence is thrown at once when the
  //                      element is gone, the document changed, or its role or name did (actionable.js)
  //   run:<base64 JSON>  runs an operation and returns one detached <div> whose textContent is the JSON
  //                      result; Python reads it with locator.text_content(). This is the only channel
  //                      out of the isolated world that the public Playwright API offers.

  const OPS = {
    focused: (a, root) => focused(root),
    snapshot: keptSnapshot,
    scroll,
    storage,
    landmarks,
    annotate: (a) => annotate(a.items),
    unannotate,
    formWatch,
    formReport,
    info: (a) => info(a.id),
    actionable,
    identify: (a, root) => ({ token: TOKEN, id: root === document ? 0 : idFor(root) }),
    ping: () => ({ token: TOKEN, url: location.href }),
  };

  // Other refwright engines (the resolver's) run in this same isolated world and build on these.
  // Only refwright code can see this global: the page's JavaScript lives in another world.
  globalThis.__refwrightRuntime = Object.freeze({
    token: TOKEN, idFor, elementById, roleOf, accessibleName, nameOf, isShown, topModal, areaShown, statesOf, valueOf, labelOf, styleOf,
    isSubtreeHidden, isClippedAway, normalize, childNodesOf, INTERACTIVE_ROLES, respond, takeGone, coverOver,
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
      if (body.startsWith('ref!:')) return checkedRef(body.slice(5));
      if (body.startsWith('run:')) return respond(body.slice(4), OPS, 'page runtime', root);
      return [];
    },
  };
