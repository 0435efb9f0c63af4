  // Rendering: the snapshot's lines as a model reads them.

  // The text a model reads. Formatting here rather than in Python keeps the transfer to what the
  // model reads and Python's work per snapshot to placing refs; refwright/snapshot/_format.py parses
  // these lines back into typed nodes and holds the same quote(), tested to agree with this one.

  const MAX_NAME = 150;
  // `-i` lists targets, not prose: a name cut at 100 still tells one control from another (on real
  // pages the names past 100 are teasers and captions inside links), and `get text @eN` reads it whole.
  const MAX_LISTED_NAME = 100;
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

  const squash = text => text.replace(/\s+/g, '');

  // Names that only repeat what the lines below them already say: a row named after its cells, a cell
  // after the checkbox in it (rows and cells, marked `c` by the walk, are the nodes whose content is
  // listed as well). Printing them would say it twice (a grid's rows and cells three times), so such a
  // name is left out; the ref data keeps every name. When what is below is text alone, the text lines
  // are left out instead (`[cell] "Ada"`, as a heading carries its text). A node's printed content is
  // its name when it has one, else its children's content; one pass with a stack of open nodes, since
  // nodes come in document order with their depth.
  function redundancy(nodes) {
    const names = new Set();
    const texts = new Set();
    const open = [];
    const close = () => {
      const entry = open.pop();
      const node = entry.node;
      const content = entry.parts.join(' ');
      if ((node.c === 2 || (node.c === 1 && !entry.authored)) && content && squash(content) === squash(node.n)) {
        if (entry.elements || Array.from(node.n).length > MAX_NAME) names.add(node);
        else for (const text of entry.texts) texts.add(text);
      }
      const parent = open[open.length - 1];
      const said = node.n || content;
      if (parent && said) {
        parent.parts.push(said);
        if (node.a || entry.authored) parent.authored = true;
      }
    };
    for (const n of nodes) {
      if (n.t === 2) continue;
      while (open.length && open[open.length - 1].node.d >= n.d) close();
      const parent = open[open.length - 1];
      if (n.t === 1) {
        if (parent) {
          parent.parts.push(n.n);
          parent.texts.push(n);
        }
        continue;
      }
      if (parent) parent.elements++;
      open.push({ node: n, parts: [], texts: [], elements: 0, authored: false });
    }
    while (open.length) close();
    return { names, texts };
  }

  // Wrappers that say nothing of their own when they hold a single line: a list item around one link
  // (the list already says it is an entry), a paragraph around one text. The line they hold takes their
  // place, one level up. A line with a ref, name, value or state is never such a wrapper, and neither is
  // a top-level line (what `snapshot -s` was asked about is always printed as itself).
  const WRAPPERS = new Set(['listitem', 'paragraph']);

  // Drops the wrapper lines `candidates` (indices, ascending) that hold exactly one line, moving what
  // they held up a level; the lines kept and their new depths, with each old index's new one.
  function unwrap(lines, depths, candidates) {
    const drop = new Uint8Array(lines.length);
    for (const i of candidates) {
      let children = 0;
      for (let j = i + 1; j < lines.length && depths[j] > depths[i]; j++) {
        if (depths[j] === depths[i] + 1 && ++children > 1) break;
      }
      if (children === 1) drop[i] = 1;
    }
    const kept = [];
    const keptDepths = [];
    const index = new Int32Array(lines.length);
    const open = []; // depths of the dropped wrappers the current line is inside
    for (let k = 0; k < lines.length; k++) {
      while (open.length && depths[k] <= open[open.length - 1]) open.pop();
      index[k] = kept.length;
      if (drop[k]) {
        open.push(depths[k]);
        continue;
      }
      kept.push(lines[k]);
      keptDepths.push(depths[k] - open.length);
    }
    return { lines: kept, depths: keptDepths, index };
  }

  // Lines without their ref and indentation (Python places both), with the data Python needs to
  // give refs: for each ref line its index, local id, role, full name and kind (x: interactive,
  // f: frame, -: named content).
  function render(nodes, opts) {
    const interactiveOnly = !!opts.interactive;
    const compact = !!opts.compact;
    const urls = !!opts.urls;
    const nameLimit = interactiveOnly ? MAX_LISTED_NAME : MAX_NAME;
    const lines = [];
    const depths = [];
    const refLines = [];
    const refIds = [];
    const refRoles = [];
    const refNames = [];
    let refKinds = '';
    const wrappers = [];
    // -c drops only lines without a name, which pass their children's content on unchanged.
    const redundant = redundancy(interactiveOnly ? nodes.filter(n => n.t === 0 && n.id) : nodes);
    for (const n of nodes) {
      if (n.t === 2) continue;
      if (n.t === 1) {
        if (interactiveOnly || redundant.texts.has(n)) continue;
        lines.push(quote(n.n, MAX_TEXT));
        depths.push(n.d);
        continue;
      }
      if (interactiveOnly && !n.id) continue;
      const said = redundant.names.has(n) ? '' : n.n;
      // Named content has a ref for its name; when the name only repeats the lines below, so would the
      // ref, and those lines carry refs of their own.
      const ref = n.id && (n.x || n.f || said) ? n.id : 0;
      // -c drops lines that carry no ref, name, value or text; a heading whose name its link says
      // still says that the link is a heading.
      if (compact && !ref && !said && n.v === undefined && !(n.c === 1 && n.n)) continue;
      let body = '[' + n.l + ']';
      // A name that only repeats the placeholder is said once, as the placeholder.
      if (said && said !== n.p) body += ' ' + quote(said, nameLimit);
      if (n.p) body += ' placeholder=' + quote(n.p, MAX_NAME);
      if (n.v !== undefined) body += ' value=' + quote(n.v, MAX_VALUE);
      if (urls && n.u) body += ' url=' + quote(n.u, 2000);
      if (n.s) for (const state of n.s) body += ' [' + state + ']';
      if (n.e) body += ' error=' + quote(n.e, MAX_NAME);
      if (!ref && body === '[' + n.l + ']' && n.d > 0 && WRAPPERS.has(n.r)) wrappers.push(lines.length);
      if (ref) {
        refLines.push(lines.length);
        refIds.push(ref);
        refRoles.push(n.r);
        refNames.push(n.n);
        refKinds += n.f ? 'f' : n.x ? 'x' : '-';
      }
      lines.push(body);
      depths.push(n.d);
    }
    if (!wrappers.length) return { lines, depths, refLines, refIds, refRoles, refNames, refKinds };
    const out = unwrap(lines, depths, wrappers);
    return { lines: out.lines, depths: out.depths, refLines: refLines.map(i => out.index[i]), refIds, refRoles,
             refNames, refKinds };
  }

