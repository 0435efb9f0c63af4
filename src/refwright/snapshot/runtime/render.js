  // Rendering: the snapshot's lines as a model reads them.

  // The text a model reads. Formatting here rather than in Python keeps the transfer to what the
  // model reads and Python's work per snapshot to placing refs; refwright/snapshot/_format.py parses
  // these lines back into typed nodes and holds the same quote(), tested to agree with this one.

  const MAX_NAME = 150;
  const MAX_VALUE = 200;
  const MAX_TEXT = 500;

  // A JSON string literal that never spans lines: JSON's escapes plus C1 controls and U+2028/2029,
  // which Python's str.splitlines() and many viewers treat as line breaks. Cut to `limit` code points.
  function quote(text, limit) {
    if (text.length > limit) {
      const points = Array.from(text);
      if (points.length > limit) text = points.slice(0, limit - 1).join('') + '\u2026';
    }
    return JSON.stringify(text).replace(/[\u007f-\u009f\u2028\u2029]/g,
      c => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
  }

  // Lines without their ref and indentation (Python places both), with the data Python needs to
  // give refs: for each ref line its index, local id, role, full name and kind (x: interactive,
  // f: frame, -: named content).
  function render(nodes, opts) {
    const interactiveOnly = !!opts.interactive;
    const compact = !!opts.compact;
    const urls = !!opts.urls;
    const lines = [];
    const depths = [];
    const refLines = [];
    const refIds = [];
    const refRoles = [];
    const refNames = [];
    let refKinds = '';
    for (const n of nodes) {
      if (n.t === 2) continue;
      if (n.t === 1) {
        if (interactiveOnly) continue;
        lines.push(quote(n.n, MAX_TEXT));
        depths.push(n.d);
        continue;
      }
      if (interactiveOnly && !n.id) continue;
      // -c drops lines that carry no ref, name, value or text.
      if (compact && !n.id && !n.n && n.v === undefined) continue;
      let body = '[' + n.l + ']';
      // A name that only repeats the placeholder is said once, as the placeholder.
      if (n.n && n.n !== n.p) body += ' ' + quote(n.n, MAX_NAME);
      if (n.p) body += ' placeholder=' + quote(n.p, MAX_NAME);
      if (n.v !== undefined) body += ' value=' + quote(n.v, MAX_VALUE);
      if (urls && n.u) body += ' url=' + quote(n.u, 2000);
      if (n.s) for (const state of n.s) body += ' [' + state + ']';
      if (n.id) {
        refLines.push(lines.length);
        refIds.push(n.id);
        refRoles.push(n.r);
        refNames.push(n.n);
        refKinds += n.f ? 'f' : n.x ? 'x' : '-';
      }
      lines.push(body);
      depths.push(n.d);
    }
    return { lines, depths, refLines, refIds, refRoles, refNames, refKinds };
  }

