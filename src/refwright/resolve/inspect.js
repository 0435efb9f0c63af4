// refwright's resolver engine: inspect the visible controls, track changes, and run bounded operations.
//
// Registered as its own Playwright selector engine with contentScript: true, so it runs in the same
// isolated world as the page runtime (snapshot/runtime/*.js) and builds on the helpers that runtime shares
// through globalThis.__refwrightRuntime: element ids (so inspect refs and snapshot refs name the same
// elements), roles, names and states. The page's own JavaScript cannot see or change any of this.
//
// One selector body is understood:
//   run:<base64 JSON>  runs an operation and returns one detached <div> whose textContent is the JSON
//                      result, through the runtime's own channel (respond).
//
// Private state never leaves this file in clear: field values, link destinations and slider values are
// returned only as salted hashes, and password, file and hidden inputs are never listed or read. One
// exception, asked for by name: fieldText reads the text a visible text area or text field shows, when a
// request asks for a word of it ("the last word in the text area"); never a password, file or hidden input.
(() => {
  function RT() {
    const r = globalThis.__refwrightRuntime;
    if (!r) throw new Error('the refwright page runtime is not loaded in this frame');
    return r;
  }

  // ---------------------------------------------------------------------------------------------
  // Hashing (FNV-1a over UTF-8, two seeds; salted with the document's runtime token)

  const encoder = new TextEncoder();

  function fnv(bytes, seed) {
    let h = seed >>> 0;
    for (let i = 0; i < bytes.length; i++) {
      h ^= bytes[i];
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    return h;
  }

  function hex(n) {
    return ('00000000' + n.toString(16)).slice(-8);
  }

  function hash(value) {
    const bytes = encoder.encode(RT().token + '\u0000' + String(value));
    return hex(fnv(bytes, 0x811c9dc5)) + hex(fnv(bytes, 0x050c5d1f));
  }

  // ---------------------------------------------------------------------------------------------
  // Mutation tracking: how long the DOM has been quiet, so Python can wait for a step to settle.

  let lastMutation = Date.now();
  let observer = null;

  function watch() {
    if (observer) return;
    observer = new MutationObserver(() => { lastMutation = Date.now(); });
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    lastMutation = Date.now();
  }

  // ---------------------------------------------------------------------------------------------
  // Helpers

  const SKIP_TAGS = new Set(['script', 'style', 'noscript', 'template', 'head', 'link', 'meta', 'title']);
  const BLOCK = /^(block|flex|grid|list-item|table|table-row|table-cell|table-caption|flow-root)/;
  const NUMERIC = /^[-+\u2212]?\d+(?:[.,]\d+)?$/;
  const TEXT_TYPES = new Set(['', 'text', 'email', 'tel', 'url', 'search', 'number']);
  const DATE_TYPES = new Set(['date', 'datetime-local', 'month', 'week']);
  const CONTAINER_KINDS = new Set(['tab', 'menuitem', 'option', 'treeitem']);
  const NESTED = new Set(['menu', 'menubar', 'tree', 'group', 'listbox', 'dialog', 'alertdialog']);
  const STATE_WORDS = new Set(['checked', 'checked=mixed', 'expanded', 'selected', 'pressed', 'disabled',
    'required', 'readonly', 'invalid', 'current']);

  function norm(s) {
    return RT().normalize(s);
  }

  function classOf(el) {
    return el.getAttribute('class') || '';
  }

  function deepActive() {
    let a = document.activeElement;
    while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
    return a;
  }

  function inputType(el) {
    return el.localName === 'input' ? (el.getAttribute('type') || 'text').toLowerCase() : '';
  }

  // The runtime's own rule, so a control has a ref in `snapshot -i` exactly when inspect lists it.
  function boxShown(el, style) {
    return RT().isShown(el, style);
  }

  function labelShown(el) {
    const labels = el.labels ? Array.from(el.labels) : [];
    return labels.some(l => {
      const r = l.getBoundingClientRect();
      return r.width >= 1 && r.height >= 1 && getComputedStyle(l).visibility !== 'hidden';
    });
  }

  function cleanLabel(t) {
    return norm(t).replace(/\s*[:*]+\s*$/, '').trim();
  }

  function isControlTag(el) {
    return ['input', 'select', 'textarea', 'button'].includes(el.localName);
  }

  function shortText(el) {
    const t = norm(el.innerText !== undefined ? el.innerText : el.textContent);
    return t;
  }

  // A label for a field that has no accessible name: the text just before it (or after a checkbox).
  function nearbyLabel(el, after) {
    const pick = (start, step) => {
      let hops = 0;
      for (let n = start; n && hops < 3; n = step(n)) {
        if (n.nodeType === 3) {
          const t = norm(n.data);
          if (t) return t.length <= 60 ? cleanLabel(t) : '';
          continue;
        }
        if (n.nodeType !== 1) continue;
        if (n.localName === 'br') {
          hops++;
          continue;
        }
        if (isControlTag(n) || n.querySelector('input,select,textarea,button')) return '';
        hops++;
        const t = shortText(n);
        if (t) return t.length <= 60 ? cleanLabel(t) : '';
      }
      return '';
    };
    let t = after ? pick(el.nextSibling, n => n.nextSibling) : pick(el.previousSibling, n => n.previousSibling);
    if (t) return t;
    const p = el.parentElement;
    if (p && p.children.length === 1 && !after) {
      const prev = p.previousElementSibling;
      if (prev && !isControlTag(prev) && !prev.querySelector('input,select,textarea,button')) {
        t = shortText(prev);
        if (t && t.length <= 60) return cleanLabel(t);
      }
    }
    return '';
  }

  function fileStem(url) {
    const m = /([^/\\?#]+?)(?:\.[a-z0-9]{2,5})?(?:[?#].*)?$/i.exec(url || '');
    if (!m) return '';
    let s = m[1];
    try { s = decodeURIComponent(s); } catch (e) { /* keep it */ }
    // A state an image is swapped for (star-clicked.png, like-hover.png) is not part of its name.
    return norm(s.replace(/[-_.]+/g, ' ').replace(/@\dx$/, '').replace(/\s+(?:hover|active|clicked|pressed|focus|selected)$/i, ''));
  }

  // Icon-only controls: the image file name, a CSS background image, an icon class or an SVG symbol.
  function iconLabel(el) {
    const img = el.localName === 'img' ? el : el.querySelector('img');
    if (img) {
      const alt = norm(img.getAttribute('alt'));
      if (alt) return alt;
      const stem = fileStem(img.getAttribute('src'));
      if (stem) return stem;
    }
    const nodes = [el, ...Array.from(el.querySelectorAll('*')).slice(0, 6)];
    for (const n of nodes) {
      const stem = cssImage(n);
      if (stem) return stem;
    }
    const use = el.querySelector('use');
    if (use) {
      const href = use.getAttribute('href') || use.getAttribute('xlink:href') || '';
      const id = href.split('#')[1];
      if (id) return norm(id.replace(/[-_]+/g, ' '));
    }
    for (const n of nodes) {
      const m = /(?:^|\s)(?:fa|icon|glyphicon|bi|ui-icon|material-icons|mdi)-([a-z0-9-]+)/i.exec(classOf(n));
      if (m) return norm(m[1].replace(/-/g, ' '));
    }
    return '';
  }

  // The file name of an image CSS draws as the element (content: url()) or behind it (background-image).
  function cssImage(n) {
    const st = getComputedStyle(n);
    for (const v of [st.content, st.backgroundImage]) {
      const m = v && /url\(["']?([^"')]+)["']?\)/.exec(v);
      if (m && !m[1].startsWith('data:')) {
        const stem = fileStem(m[1]);
        if (stem) return stem;
      }
    }
    return '';
  }

  // What an element without text shows, when that is an action a person would name: the word of its
  // image's file name, its icon class (fa-trash, icon-star, a bare "star") or its title. Such an element is
  // listed as an icon even when nothing declares it clickable (its pointer may show only on hover).
  const ICON_WORDS = new Set(['trash', 'delete', 'remove', 'bin', 'star', 'favorite', 'favourite', 'bookmark',
    'reply', 'forward', 'retweet', 'repost', 'share', 'like', 'heart', 'send', 'edit', 'more', 'archive',
    'flag', 'pin', 'comment', 'mute', 'block', 'report', 'download', 'print']);
  function iconWord(el) {
    const words = s => String(s || '').toLowerCase().split(/[^a-z]+/).filter(Boolean);
    const pick = list => list.find(w => ICON_WORDS.has(w)) || '';
    const img = el.localName === 'img' ? fileStem(el.getAttribute('src')) : '';
    const use = el.querySelector('use');
    const symbol = use ? (use.getAttribute('href') || use.getAttribute('xlink:href') || '').split('#')[1] : '';
    return pick(words(cssImage(el))) || pick(words(img)) || pick(words(symbol)) || pick(words(classOf(el))) ||
      pick(words(el.getAttribute('title')));
  }

  function iconOf(el, style, ctx) {
    if (shortText(el) || style.visibility === 'hidden' || style.display === 'none') return '';
    if (Array.from(el.children).some(c => !['svg', 'use', 'path', 'img', 'i', 'g'].includes(c.localName))) return '';
    const r = el.getBoundingClientRect();
    // An icon whose image is still loading has a height and no width yet: it is listed the same before and
    // after (what a page shows does not change as its images arrive).
    if (r.width > 64 || r.height > 64 || (r.width < 1 && r.height < 1)) return '';
    const word = iconWord(el);
    // The icon of a control labelled by the same word ("Reply" with its arrow) is part of that control.
    if (!word || (ctx.owner && ctx.owner.split(' ').length <= 3 && ctx.owner.split(' ').includes(word))) return '';
    return word;
  }

  function isHandle(el) {
    if (el.tabIndex < 0) return false;
    if (!/(?:^|[\s_-])(?:ui-slider-handle|slider-handle|slider-thumb|thumb|knob|handle)(?:$|[\s_-])/i.test(classOf(el))) {
      return false;
    }
    for (let p = el, i = 0; p && i < 4; p = p.parentElement, i++) {
      if (/slider|range/i.test(classOf(p))) return true;
    }
    return false;
  }

  function sliderContainer(el) {
    for (let p = el, i = 0; p && i < 4; p = p.parentElement, i++) {
      if (p !== el && /slider|range/i.test(classOf(p))) return p;
    }
    return el.parentElement;
  }

  function numericLeaves(root, exclude) {
    const out = [];
    if (!root) return out;
    const all = [root, ...root.querySelectorAll('*')];
    for (const n of all) {
      if (exclude && exclude.contains(n)) continue;
      if (n.children.length) continue;
      const t = norm(n.textContent);
      if (!NUMERIC.test(t)) continue;
      const r = n.getBoundingClientRect();
      if (r.width < 1 || r.height < 1) continue;
      out.push(n);
    }
    return out;
  }

  // The visible number that most likely shows a handle's value: near the slider, after it first.
  function readoutOf(handle) {
    const container = sliderContainer(handle);
    const scopes = [container && container.parentElement, container && container.parentElement &&
      container.parentElement.parentElement];
    for (const scope of scopes) {
      if (!scope) continue;
      const found = numericLeaves(scope, container);
      if (!found.length) continue;
      const following = found.filter(n => container.compareDocumentPosition(n) & Node.DOCUMENT_POSITION_FOLLOWING);
      return (following[0] || found[found.length - 1]);
    }
    return null;
  }

  function isDropTarget(el) {
    if (el.hasAttribute('dropzone')) return true;
    const effect = el.getAttribute('aria-dropeffect');
    if (effect && effect !== 'none') return true;
    if (el.hasAttribute('data-drop-target') || el.hasAttribute('data-droppable')) return true;
    return /(?:^|\s)(?:ui-droppable|dropzone|drop-zone|drop-target|droptarget|droppable)(?:$|\s)/i.test(classOf(el));
  }

  function submits(el) {
    const t = el.localName === 'button' ? (el.getAttribute('type') || 'submit').toLowerCase() : inputType(el);
    if (el.localName !== 'button' && el.localName !== 'input') return [false, false];
    return [(t === 'submit' || t === 'image') && !!el.form, t === 'reset' && !!el.form];
  }

  function kindOf(el, tag, role, style, ctx) {
    if (tag === 'input') {
      const t = inputType(el);
      if (t === 'hidden' || t === 'file' || t === 'color') return null;
      if (t === 'password') return 'secret';
      if (t === 'checkbox') return 'checkbox';
      if (t === 'radio') return 'radio';
      if (t === 'range') return 'range';
      if (t === 'button' || t === 'submit' || t === 'reset' || t === 'image') return 'button';
      if (DATE_TYPES.has(t)) return 'date';
      if (t === 'time') return 'time';
      return TEXT_TYPES.has(t) ? 'text' : 'text';
    }
    if (tag === 'textarea') return 'text';
    if (tag === 'select') return 'select';
    if (tag === 'option' || tag === 'optgroup') return null;
    switch (role) {
      case 'button': return 'button';
      case 'link': return 'link';
      case 'checkbox': case 'switch': case 'menuitemcheckbox': return 'checkbox';
      case 'radio': case 'menuitemradio': return 'radio';
      case 'slider': return 'slider';
      case 'tab': return 'tab';
      case 'menuitem': return 'menuitem';
      case 'option': return 'option';
      case 'treeitem': return 'treeitem';
      case 'combobox': return 'combobox';
      case 'textbox': case 'searchbox': case 'spinbutton': return 'text';
      default: break;
    }
    if (isHandle(el)) return 'handle';
    if (el.getAttribute('draggable') === 'true') return 'draggable';
    if (isDropTarget(el)) return 'droptarget';
    if (tag === 'label' && el.control) return null;
    if (tag === 'html' || tag === 'body') return null;
    if (ctx.split && shortText(el)) return 'pointer';
    if (el.hasAttribute('onclick') || (style.cursor === 'pointer' && ctx.parentCursor !== 'pointer')) return 'pointer';
    return null;
  }

  function labelFor(el, kind, role) {
    const R = RT();
    let name = '';
    let src = 'name';
    if (kind === 'handle') {
      const container = sliderContainer(el);
      name = norm(el.getAttribute('aria-label')) || (container ? nearbyLabel(container, false) : '') || 'slider';
      src = 'nearby';
    } else if (kind === 'pointer' || kind === 'draggable' || kind === 'droptarget') {
      // The snapshot's name for a clickable element (-C), so one control has one name.
      name = R.nameOf(el, role, R.styleOf(el), true);
      if (name) src = 'text';
    } else {
      name = R.accessibleName(el, role);
    }
    if (!name && ['text', 'date', 'time', 'select', 'range', 'checkbox', 'radio', 'slider',
      'combobox'].includes(kind)) {
      name = nearbyLabel(el, kind === 'checkbox' || kind === 'radio');
      if (!name && (kind === 'checkbox' || kind === 'radio')) name = nearbyLabel(el, false);
      if (name) src = 'nearby';
    }
    if (!name) {
      name = iconLabel(el);
      if (name) src = 'icon';
    }
    if (!name) {
      name = norm(el.getAttribute('title'));
      if (!name) src = '';
    }
    return [name.slice(0, 200), src];
  }

  function shownValue(el, kind) {
    if (el.localName === 'input' || el.localName === 'textarea') return el.value;
    if (el.isContentEditable) return el.textContent;
    return el.getAttribute('aria-valuetext') || el.getAttribute('aria-valuenow') || '';
  }

  // Whether a control sits in a popup: a dialog by role or element, or a container whose id or class
  // says popup, modal, dialog, overlay or lightbox (how most pages build them).
  const DIALOG_WORDS = /(^|[\s_-])(popup|pop-up|modal|dialog|overlay|lightbox)([\s_-]|$)/i;

  function inDialog(el) {
    for (let p = el; p && p !== document.body; p = p.parentElement || (p.getRootNode().host || null)) {
      const role = p.getAttribute('role');
      if (role === 'dialog' || role === 'alertdialog' || p.localName === 'dialog') return true;
      if (DIALOG_WORDS.test(p.id || '') || (typeof p.className === 'string' && DIALOG_WORDS.test(p.className))) {
        return true;
      }
    }
    return false;
  }

  function makeControl(el, target, kind, role, active) {
    const R = RT();
    const [label, src] = labelFor(el, kind, role);
    const rec = { id: R.idFor(target), k: kind, r: role || '', l: label, ls: src, t: target.localName };
    const ty = inputType(el);
    if (ty) rec.ty = ty;
    const states = R.statesOf(el, role).filter(s => STATE_WORDS.has(s));
    if (el.getAttribute('aria-expanded') === 'true' && !states.includes('expanded')) states.push('expanded');
    if (el.localName === 'summary' && el.parentElement && el.parentElement.open && !states.includes('expanded')) {
      states.push('expanded');
    }
    if ((el === active || target === active) && !states.includes('focused')) states.push('focused');
    if (kind === 'text' && (el.readOnly || el.getAttribute('aria-readonly') === 'true') &&
        !states.includes('readonly')) states.push('readonly');
    if (states.length) rec.s = states;
    const hp = el.getAttribute('aria-haspopup');
    if ((hp && hp !== 'false') || el.getAttribute('aria-expanded') === 'false' ||
        (kind === 'menuitem' && el.parentElement &&
         el.parentElement.querySelector(':scope > ul, :scope > [role=menu]'))) rec.hp = 1;
    const [sub, rst] = submits(el);
    if (sub) rec.sub = 1;
    if (inDialog(el)) rec.dlg = 1;
    if (rst) rec.rst = 1;
    if (kind === 'select') {
      rec.o = Array.from(el.options).slice(0, 200).map(o => [norm(o.label || o.textContent), o.disabled ? 1 : 0]);
      if (el.multiple) rec.mul = 1;
      rec.vh = hash(Array.from(el.selectedOptions).map(o => norm(o.label || o.textContent)).join('\n'));
    } else if (kind === 'range') {
      const step = el.getAttribute('step');
      rec.b = [el.min === '' ? 0 : Number(el.min), el.max === '' ? 100 : Number(el.max),
        step === 'any' ? null : (step ? Number(step) : 1)];
      rec.vh = hash(el.value);
    } else if (kind === 'slider') {
      const lo = el.getAttribute('aria-valuemin');
      const hi = el.getAttribute('aria-valuemax');
      rec.b = [lo === null ? null : Number(lo), hi === null ? null : Number(hi), null];
      rec.vh = hash(shownValue(el, kind));
    } else if (kind === 'handle') {
      const ro = readoutOf(el);
      if (ro) {
        rec.ro = R.idFor(ro);
        rec.vh = hash(norm(ro.textContent));
      }
    } else if (kind === 'text' || kind === 'date' || kind === 'time' || kind === 'combobox') {
      rec.vh = hash(shownValue(el, kind));
      if (el.localName === 'textarea') rec.t = 'textarea';
    } else if (kind === 'link' && el.href) {
      rec.vh = hash(String(el.href));
    }
    return rec;
  }

  // ---------------------------------------------------------------------------------------------
  // inspect

  function inspect(a) {
    const R = RT();
    watch();
    const limit = typeof a.limit === 'number' ? a.limit : 80;
    const wantTexts = !!a.texts;
    const controls = [];
    const texts = [];
    const visible = [];
    const secret = [];
    let total = 0;
    let icons = 0;
    let secrets = 0;
    let frames = 0;
    const active = deepActive();

    function record(rec) {
      total++;
      // Focus moves too easily to count as a change of the page.
      const shownStates = (rec.s || []).filter(s => s !== 'focused');
      visible.push(JSON.stringify([rec.k, rec.l, shownStates, rec.o || [], rec.b || []]));
      secret.push(rec.vh || '');
      if (controls.length < limit) controls.push(rec);
    }

    function children(el) {
      const list = [];
      const root = el.shadowRoot || el;
      for (const c of R.childNodesOf(root)) if (c.nodeType === 1) list.push(c);
      return list;
    }

    // Returns whether the subtree held a block-level element (so text blocks are only taken at leaves).
    function visit(el, ctx) {
      const tag = el.localName;
      if (SKIP_TAGS.has(tag)) return false;
      const style = R.styleOf(el);
      if (tag === 'area' ? !R.areaShown(el) : R.isSubtreeHidden(el, style, false)) return false;
      const role = R.roleOf(el);
      if (ctx.inControl && NESTED.has(role)) {
        // A submenu or subtree inside an item holds controls of its own.
        ctx = Object.assign({}, ctx, { inControl: null });
      }
      let kind = ctx.inControl ? null : kindOf(el, tag, role, style, ctx);
      const icon = kind || ctx.inControl ? '' : iconOf(el, style, ctx);
      if (icon) {
        icons++;
        const rec = { id: R.idFor(el), k: 'icon', r: '', l: icon, ls: 'icon', t: tag };
        if (inDialog(el)) rec.dlg = 1;
        record(rec);
        return false;
      }
      const isBlock = BLOCK.test(style.display);
      const shown = boxShown(el, style);
      if (kind === 'secret') {
        if (shown) secrets++;
        return isBlock;
      }
      const childCtx = { inControl: ctx.inControl, parentCursor: style.cursor, split: false, owner: ctx.owner };
      if (kind === 'pointer' || kind === 'draggable' || kind === 'droptarget') {
        childCtx.owner = shortText(el).toLowerCase();
        // Distinct labelled children of a clickable container are listed one by one.
        const kids = children(el).filter(c => shortText(c));
        const ownText = Array.from(el.childNodes).some(n => n.nodeType === 3 && norm(n.data));
        const distinct = new Set(kids.map(c => shortText(c)));
        if (kind === 'pointer' && kids.length >= 2 && distinct.size === kids.length && !ownText) {
          childCtx.split = true;
          childCtx.parentCursor = 'pointer';
          let block = false;
          for (const c of children(el)) block = visit(c, childCtx) || block;
          return block || isBlock;
        }
        const before = total;
        const iconsBefore = icons;
        let block = false;
        for (const c of children(el)) block = visit(c, childCtx) || block;
        // A clickable container around real controls is represented by those controls (icons in a clickable
        // item, a message's star, leave the item listed too).
        if (shown && (kind !== 'pointer' || total - before === icons - iconsBefore)) {
          record(makeControl(el, el, kind, role, active));
        }
        return block || isBlock;
      }
      if (kind) {
        let ok = shown;
        if (!ok && (kind === 'checkbox' || kind === 'radio') && labelShown(el) && style.visibility !== 'hidden') ok = true;
        if (ok) {
          let target = el;
          if (CONTAINER_KINDS.has(kind)) {
            // A tab or menu item wrapping one link or button acts through it.
            const inner = el.querySelector('a[href], button');
            if (inner && norm(R.accessibleName(inner, R.roleOf(inner))) === norm(R.accessibleName(el, role))) {
              target = inner;
            }
          }
          const rec = makeControl(el, target, kind, role, active);
          record(rec);
          childCtx.inControl = rec;
        } else if (tag === 'input' || tag === 'select' || tag === 'textarea') {
          return isBlock;
        }
      }
      if ((tag === 'iframe' || tag === 'frame') && shown) frames++;
      if (tag === 'input' || tag === 'select' || tag === 'textarea' || tag === 'iframe') return isBlock;
      let block = false;
      for (const c of children(el)) block = visit(c, childCtx) || block;
      if (wantTexts && isBlock && !block && !ctx.inControl && !kind && shown && texts.length < 120) {
        const t = shortText(el);
        if (t) texts.push(t.length > 160 ? t.slice(0, 159) + '…' : t);
      }
      return block || isBlock;
    }

    // With a modal dialog open everything outside it is inert: only the modal's controls are listed.
    const modal = R.topModal();
    const start = { inControl: null, parentCursor: 'auto', split: false, owner: '' };
    if (modal) {
      visit(modal, start);
    } else {
      const root = document.body || document.documentElement;
      for (const c of children(root)) visit(c, start);
    }
    markCovers(controls);
    return {
      token: R.token,
      url: location.href,
      title: document.title,
      controls,
      texts,
      total,
      secrets,
      frames,
      fp: hash(visible.join('\n')).slice(0, 8) + ':' + hash(secret.join('\n')).slice(0, 8),
      gone: R.takeGone(),
    };
  }

  // Controls that something covers (a consent overlay, a banner) are marked (cov), and the controls of
  // the cover itself count as a popup's (dlg): "Accept the cookies" finds them, and a click that the
  // cover stops can close it first.
  function markCovers(controls) {
    const R = RT();
    const covers = new Set();
    for (const rec of controls) {
      const el = R.elementById(rec.id);
      const cover = el && R.coverOver(el);
      if (cover) {
        rec.cov = 1;
        covers.add(cover);
      }
    }
    if (!covers.size) return;
    for (const rec of controls) {
      const el = R.elementById(rec.id);
      if (el && !rec.cov && Array.from(covers).some(c => c.contains(el))) rec.dlg = 1;
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Other operations

  function element(id) {
    const el = RT().elementById(Number(id));
    return el && el.isConnected ? el : null;
  }

  // Why an element cannot be used by a bounded action, in one word.
  function describe(a) {
    const R = RT();
    const el = element(a.id);
    if (!el) return { found: false };
    const t = inputType(el);
    let reason = '';
    if (t === 'password') reason = 'password';
    else if (t === 'file') reason = 'file';
    else if (t === 'hidden') reason = 'hidden';
    else {
      const style = getComputedStyle(el);
      let hidden = !boxShown(el, style);
      for (let p = el; p && !hidden; p = p.parentElement) {
        const s = getComputedStyle(p);
        if (R.isSubtreeHidden(p, s, false)) hidden = true;
      }
      if (hidden && !((t === 'checkbox' || t === 'radio') && labelShown(el))) reason = 'hidden';
      else if (R.statesOf(el, R.roleOf(el)).includes('disabled')) reason = 'disabled';
    }
    return { found: true, reason, tag: el.localName, type: t, role: R.roleOf(el) };
  }

  function quiet() {
    watch();
    return { ms: Date.now() - lastMutation };
  }

  // A tree's collapsed branch without ARIA: a list item whose own nested list is hidden; its first shown
  // child (the branch's name) is what a person clicks to open it.
  const branchLists = new Map();
  function collapsedBranches() {
    branchLists.clear();  // only this call's branches: no element is kept alive after it
    const out = [];
    for (const list of document.querySelectorAll('li > ul, li > ol')) {
      if (getComputedStyle(list).display !== 'none') continue;
      const branch = list.parentElement;
      let handle = Array.from(branch.children).find(c => c !== list && boxShown(c, getComputedStyle(c)) && shortText(c));
      // A branch named by its own text ("<li>View<ul>...</ul></li>") is its own handle.
      if (!handle && Array.from(branch.childNodes).some(n => n.nodeType === 3 && norm(n.data))) handle = branch;
      if (!handle || !boxShown(handle, getComputedStyle(handle))) continue;
      branchLists.set(handle, list);
      out.push(handle);
    }
    return out;
  }

  // Collapsed sections (aria-expanded=false, unselected tabs, closed <details>) in page order, and
  // whether the region each one reveals holds an element whose text is `label`.
  function disclosures(a) {
    const R = RT();
    const want = norm(a.label || '').toLowerCase();
    const out = [];
    const seen = new Set();
    const candidates = [...document.querySelectorAll('[aria-expanded="false"], [role="tab"], details:not([open]) > summary'),
      ...collapsedBranches()];
    for (const el of candidates) {
      if (el.getAttribute('role') === 'tab' && el.getAttribute('aria-selected') === 'true') continue;
      const style = getComputedStyle(el);
      if (!boxShown(el, style)) continue;
      let region = null;
      const ids = (el.getAttribute('aria-controls') || '').trim().split(/\s+/).filter(Boolean);
      if (ids.length) region = document.getElementById(ids[0]);
      if (!region && el.localName === 'summary') region = el.parentElement;
      if (!region && branchLists.has(el)) region = branchLists.get(el);
      if (!region) region = el.nextElementSibling;
      let contains = false;
      if (region && want) {
        for (const n of [region, ...region.querySelectorAll('*')]) {
          if (norm(n.textContent).toLowerCase() === want) {
            contains = true;
            break;
          }
        }
      }
      let target = el;
      const inner = el.querySelector('a[href], button');
      if (el.getAttribute('role') === 'tab' && inner) target = inner;
      const id = R.idFor(target);
      if (seen.has(id)) continue;
      seen.add(id);
      const item = { id, l: norm(R.accessibleName(el, R.roleOf(el))) || shortText(el).slice(0, 80), c: contains };
      if (el.getAttribute('role') === 'tab') item.tab = 1;
      // A tab that says it is collapsed is an accordion's header, a section to expand.
      if (el.getAttribute('aria-expanded') === 'false') item.x = 1;
      out.push(item);
    }
    return { items: out };
  }

  // A shown calendar (a date picker's month view): its "Month YYYY" heading, its previous and next month
  // controls, and the ids of its day cells of that month. Read only; act clicks what it returns.
  const MONTHS = /^(january|february|march|april|may|june|july|august|september|october|november|december)\s+(\d{4})$/i;
  const MONTH_START = /^(?:january|february|march|april|may|june|july|august|september|october|november|december)\b/i;
  const PREV = /^(?:prev(?:ious)?(?: month)?|<|‹|«|←)$/i;
  const NEXT = /^(?:next(?: month)?|>|›|»|→)$/i;
  function calendar() {
    const R = RT();
    const shown = el => boxShown(el, getComputedStyle(el));
    const name = el => norm(el.getAttribute('aria-label') || el.getAttribute('title') || el.textContent || '');
    // Headings are found from text nodes that start with a month's name (one pass over the text), then the
    // element, or its parent, whose whole text is "Month YYYY" (a picker may split month and year).
    const headings = [];
    const walker = document.createTreeWalker(document.body || document.documentElement, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!MONTH_START.test(norm(n.data))) continue;
      const near = [n.parentElement, n.parentElement && n.parentElement.parentElement];
      const el = near.find(e => e && MONTHS.test(norm(e.textContent)));
      if (el && !headings.includes(el)) headings.push(el);
    }
    for (const heading of headings) {
      if (!shown(heading)) continue;
      // The calendar: the nearest ancestor of the heading that also holds the day cells.
      let root = heading.parentElement;
      for (let up = 0; root && up < 5 && root.querySelectorAll('td, [role="gridcell"]').length < 28; up++) {
        root = root.parentElement;
      }
      if (!root) continue;
      const off = el => /disabled|other-month|unselectable/.test(el.className || '') ||
        el.getAttribute('aria-disabled') === 'true' || el.disabled;
      // The month's own days run 1, 2, 3...: the days of the months around it, shown greyed, are not.
      const days = {};
      let last = 0;
      for (const cell of root.querySelectorAll('td, [role="gridcell"]')) {
        const hit = cell.querySelector('a, button') || cell;
        const t = norm(hit.textContent);
        if (!/^\d{1,2}$/.test(t) || Number(t) !== last + 1) continue;
        last = Number(t);
        if (!off(cell) && !off(hit) && shown(hit)) days[t] = R.idFor(hit);
      }
      const move = re => {
        const el = Array.from(root.querySelectorAll('a, button, [role="button"], span, div'))
          .find(e => re.test(name(e)) && !off(e) && (shown(e) || (e.parentElement && shown(e.parentElement))));
        if (!el) return null;
        return R.idFor(el.localName === 'span' && el.parentElement.localName === 'a' ? el.parentElement : el);
      };
      return { month: norm(heading.textContent), prev: move(PREV), next: move(NEXT), days };
    }
    return { month: '' };
  }

  // Key/value pairs the page shows: rows of two cells, and a definition list's terms and descriptions.
  function pairs() {
    const out = [];
    const shown = el => boxShown(el, getComputedStyle(el));
    for (const row of document.querySelectorAll('tr')) {
      const cells = Array.from(row.children).filter(c => c.localName === 'td' || c.localName === 'th');
      if (cells.length === 2 && shown(row)) out.push([shortText(cells[0]), shortText(cells[1])]);
      if (out.length >= 200) break;
    }
    for (const term of document.querySelectorAll('dt')) {
      const desc = term.nextElementSibling;
      if (desc && desc.localName === 'dd' && shown(term)) out.push([shortText(term), shortText(desc)]);
    }
    return { pairs: out.filter(([k, v]) => k && v && k.length <= 80 && v.length <= 200) };
  }

  // The items of a list (rows, cards, messages) whose text holds `text` as words, with the listed controls
  // (`ids`) inside each, the text just before each of them (its key, "Phone:"), the control that opens
  // the item when it is clickable, and its short texts that no control covers (a menu entry without a role).
  // An item is the nearest ancestor repeated among its siblings (same tag and class); else the nearest one
  // holding a listed control.
  function items(a) {
    const R = RT();
    const want = norm(a.text).toLowerCase();
    const out = [];
    if (!want) return { items: out };
    const listed = (a.ids || []).map(id => [id, element(id)]).filter(([, el]) => el);
    const esc = want.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const word = new RegExp('(^|[^\\p{L}\\p{N}])' + esc + '($|[^\\p{L}\\p{N}])', 'u');
    const alike = (p, c) => c.localName === p.localName && c.className === p.className &&
      (p.className || ['li', 'tr', 'article', 'section'].includes(p.localName));
    const itemOf = el => {
      for (let p = el; p && p.parentElement && p !== document.body; p = p.parentElement) {
        if (Array.from(p.parentElement.children).filter(c => alike(p, c)).length >= 2) return p;
      }
      for (let p = el; p && p !== document.body; p = p.parentElement) {
        if (listed.some(([, c]) => p.contains(c))) return p;
      }
      return null;
    };
    const seen = new Set();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n && out.length < 30; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || !word.test(norm(n.data).toLowerCase()) || !el.getClientRects().length) continue;
      if (getComputedStyle(el).visibility === 'hidden') continue;
      const item = itemOf(el);
      if (!item || seen.has(item)) continue;
      seen.add(item);
      const inside = listed.filter(([, c]) => item.contains(c) && c !== item);
      const opener = listed.find(([, c]) => c.contains(item) || (item.contains(c) && c.contains(el)));
      const texts = [];
      for (const t of item.querySelectorAll('*')) {
        if (t.children.length || !shortText(t) || !t.getClientRects().length || texts.length >= 30) continue;
        if (listed.some(([, c]) => c.contains(t) && shortText(c) === shortText(t))) continue;
        texts.push([R.idFor(t), shortText(t).slice(0, 80)]);
      }
      out.push({
        id: R.idFor(item), text: shortText(item).slice(0, 80), exact: norm(el.textContent).toLowerCase() === want,
        inside: inside.map(([id, c]) => [id, nearbyLabel(c, false)]), opener: opener ? opener[0] : null, texts,
      });
    }
    return { items: out };
  }

  // The text the page shows outside its controls, block by block (a paragraph, a line, a number in a
  // row): what a computed answer is read from. Full text, not the short form inspect lists.
  const NOT_TEXT = 'button, a[href], input, select, textarea, label, [role="button"], [role="link"], ' +
    '[role="option"], [role="tab"], [role="menuitem"], [role="checkbox"], [role="radio"]';
  // Inline blocks flow in their parent's line (letters drawn one box each still read as one word).
  const READ_BLOCK = /^(block|flex|grid|list-item|table-cell|table-caption|flow-root)/;
  function reading() {
    const R = RT();
    const root = document.body || document.documentElement;
    const isBlock = el => READ_BLOCK.test(getComputedStyle(el).display) || el.localName === 'p';
    // A block's own text: its text nodes and inline children, without the blocks and controls inside it
    // (each block is read on its own; "2 x 4 =" next to a field is read without the field).
    const own = el => {
      let t = '';
      for (const n of el.childNodes) {
        if (n.nodeType === 3) t += n.data;
        else if (n.nodeType !== 1 || SKIP_TAGS.has(n.localName) || n.localName === 'br') t += ' ';
        else if (n.matches(NOT_TEXT) || isBlock(n) || getComputedStyle(n).display === 'none') t += ' ';
        else t += own(n);
      }
      return t;
    };
    const out = [];
    const all = root.querySelectorAll('*');
    for (let i = 0; i < all.length && i < 5000 && out.length < 200; i++) {
      const el = all[i];
      if (SKIP_TAGS.has(el.localName) || !(el.textContent || '').trim() || !isBlock(el) || el.closest(NOT_TEXT)) continue;
      const style = getComputedStyle(el);
      if (!boxShown(el, style)) continue;
      let hidden = false;
      for (let p = el; p && !hidden; p = p.parentElement) if (R.isSubtreeHidden(p, getComputedStyle(p), false)) hidden = true;
      if (hidden) continue;
      const t = norm(own(el));
      if (t && t.length <= 4000) out.push({ id: R.idFor(el), tag: el.localName, t });
    }
    return { blocks: out };
  }

  // For each control (a.ids), the one number shown near it: the nearest ancestor whose text outside
  // controls holds exactly one number (a row "Odd 7 Even"), and that ancestor's id; none when the nearest
  // text holds several.
  function numberNear(a) {
    const R = RT();
    const numbersIn = box => {
      const found = [];
      const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n && found.length < 2; n = walker.nextNode()) {
        const t = norm(n.data);
        const host = n.parentElement;
        if (!t || !host || host.closest(NOT_TEXT) || !boxShown(host, getComputedStyle(host))) continue;
        // A number alone ("7") or in a question ("Is 21 odd or even?").
        for (const m of t.match(/[-+\u2212]?\d+(?:[.,]\d+)?/g) || []) found.push(m);
      }
      return found;
    };
    const items = [];
    for (const id of a.ids || []) {
      const el = element(id);
      let item = { id, n: null, box: 0 };
      for (let p = el && el.parentElement; p && p !== document.body; p = p.parentElement) {
        const found = numbersIn(p);
        if (found.length === 1) item = { id, n: found[0], box: R.idFor(p) };
        if (found.length) break;
      }
      items.push(item);
    }
    return { items };
  }

  // The text a visible text area or text field shows (never a password, file or hidden input's).
  function fieldText(a) {
    const el = element(a.id);
    if (!el || !textField(el) || inputType(el) === 'password') return { fail: 'not-text' };
    if (!boxShown(el, getComputedStyle(el))) return { fail: 'hidden' };
    return { t: el.value };
  }

  // What the document's selection holds, and the text of the element that was to be selected; with
  // a.force, the element's contents become the selection (when a triple-click took more or less).
  function selection(a) {
    const el = element(a.id);
    if (!el) return { fail: 'gone' };
    if (a.force) window.getSelection().selectAllChildren(el);
    return { sel: String(window.getSelection()), t: el.innerText || el.textContent || '' };
  }

  function textField(el) {
    if (!el) return false;
    if (el.localName === 'textarea') return true;
    return el.localName === 'input' && TEXT_TYPES.has(inputType(el));
  }

  // Copy the text of one visible field into another without returning it.
  function copy(a) {
    const src = element(a.from);
    const dst = element(a.to);
    if (!src || !dst) return { fail: 'gone' };
    for (const [el, which] of [[src, 'source'], [dst, 'target']]) {
      const t = inputType(el);
      if (t === 'password') return { fail: which + ':password' };
      if (t === 'file') return { fail: which + ':file' };
      if (t === 'hidden') return { fail: which + ':hidden' };
      if (el.localName === 'select') return { fail: which + ':select' };
      if (el.isContentEditable && !textField(el)) return { fail: which + ':contenteditable' };
      if (!textField(el)) return { fail: which + ':not-text' };
      if (!boxShown(el, getComputedStyle(el))) return { fail: which + ':hidden' };
      if (el.disabled) return { fail: which + ':disabled' };
    }
    if (dst.readOnly) return { fail: 'target:readonly' };
    const value = src.value;
    dst.focus();
    dst.value = value;
    dst.dispatchEvent(new Event('input', { bubbles: true }));
    dst.dispatchEvent(new Event('change', { bubbles: true }));
    return { ok: true, same: dst.value === value };
  }

  // Set a native range input to an exact value within its bounds and step.
  function setRange(a) {
    const el = element(a.id);
    if (!el || inputType(el) !== 'range') return { fail: 'not-range' };
    if (el.disabled) return { fail: 'disabled' };
    const min = el.min === '' ? 0 : Number(el.min);
    const max = el.max === '' ? 100 : Number(el.max);
    const stepAttr = el.getAttribute('step');
    const step = stepAttr === 'any' ? 0 : (stepAttr ? Number(stepAttr) : 1);
    const v = Number(a.value);
    if (!(v >= min && v <= max)) return { fail: 'bounds', min, max, step };
    if (step > 0) {
      const k = (v - min) / step;
      if (Math.abs(k - Math.round(k)) > 1e-7) return { fail: 'step', min, max, step };
    }
    const original = el.value;
    el.value = String(v);
    if (Number(el.value) !== v) {
      el.value = original;
      return { fail: 'unreachable', min, max, step };
    }
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
    return { ok: true };
  }

  function parseNumber(text) {
    const t = norm(text).replace('\u2212', '-').replace(',', '.');
    return NUMERIC.test(t) ? Number(t) : null;
  }

  // The numeric value a slider shows: aria-valuenow, or a linked readout element.
  function sliderValue(a) {
    const el = element(a.id);
    if (!el) return { v: null };
    if (inputType(el) === 'range') return { v: Number(el.value) };
    const now = el.getAttribute('aria-valuenow');
    if (now !== null && now !== '' && !a.readout) return { v: Number(now) };
    if (a.readout) {
      const ro = element(a.readout);
      return { v: ro ? parseNumber(ro.textContent) : null };
    }
    return { v: null };
  }

  // Visible numbers around a slider handle, to find which one follows the handle.
  function numbers(a) {
    const R = RT();
    const el = element(a.id);
    if (!el) return { items: [] };
    const container = sliderContainer(el);
    const scope = container && container.parentElement && container.parentElement.parentElement;
    const items = numericLeaves(scope || container, null).filter(n => !el.contains(n))
      .map(n => [R.idFor(n), parseNumber(n.textContent)]);
    const now = el.getAttribute('aria-valuenow');
    return { items, aria: now === null ? null : Number(now) };
  }

  // Visible password fields: ids and labels only; their values are never read.
  function secretFields() {
    const R = RT();
    const out = [];
    for (const el of document.querySelectorAll('input[type="password" i]')) {
      const style = getComputedStyle(el);
      let hidden = !boxShown(el, style);
      for (let p = el; p && !hidden; p = p.parentElement) {
        if (R.isSubtreeHidden(p, getComputedStyle(p), false)) hidden = true;
      }
      if (hidden) continue;
      const name = R.accessibleName(el, 'textbox') || nearbyLabel(el, false);
      out.push({ id: R.idFor(el), l: name, d: el.disabled ? 1 : 0 });
    }
    return { items: out };
  }

  // A page can move the focus while a password is typed, so the keys land in another field (a visible
  // one). secretWatch notes the other fields' values before the fill; secretCheck says whether the
  // password reached its field and takes it back out of any field that took it instead.
  let watched = null;

  function typingTargets() {
    const out = [];
    for (const el of document.querySelectorAll('input, textarea, [contenteditable]')) {
      if (el.localName === 'input' && inputType(el) === 'password') continue;
      if (textField(el) || (el.localName !== 'input' && el.isContentEditable)) out.push(el);
    }
    return out;
  }

  const typedValue = el => (textField(el) ? el.value : el.textContent || '');

  function secretWatch() {
    watched = new Map(typingTargets().map(el => [el, typedValue(el)]));
    return { ok: true };
  }

  function takeBack(el, secret) {
    if (textField(el)) {
      el.value = el.value.split(secret).join('');
    } else {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let t = walker.nextNode(); t; t = walker.nextNode()) t.data = t.data.split(secret).join('');
    }
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
    return !typedValue(el).includes(secret);
  }

  function secretCheck(a) {
    const before = watched || new Map();
    watched = null;
    const el = element(a.id);
    if (!el) return { gone: true };
    if (el.value === a.secret) return { landed: true, moved: 0 };
    let moved = 0;
    let kept = 0;
    if (a.secret) {
      for (const other of typingTargets()) {
        const now = typedValue(other);
        if (now === before.get(other) || !now.includes(a.secret)) continue;
        moved++;
        if (!takeBack(other, a.secret)) kept++;
      }
    }
    return { landed: false, moved, kept, disabled: !!el.disabled };
  }

  // The boxes a screenshot blanks (refwright's isolated world holds the values; the page's scripts never
  // see them): fields whose value or placeholder holds one, text nodes showing one (open shadow roots
  // too), and with a.canvases every canvas, which may have drawn one.
  function secretRects(a) {
    const values = (a.values || []).map(v => String(v).toLowerCase());
    const holds = text => {
      const t = String(text || '').toLowerCase();
      return values.some(v => t.includes(v));
    };
    const dx = a.page ? window.scrollX : 0;
    const dy = a.page ? window.scrollY : 0;
    const rects = [];
    const add = list => {
      for (const r of list) if (r.width > 0 && r.height > 0) rects.push([r.x + dx, r.y + dy, r.width, r.height]);
    };
    const roots = [document];
    for (let i = 0; i < roots.length; i++) {
      const root = roots[i];
      for (const el of root.querySelectorAll('*')) {
        if (el.shadowRoot) roots.push(el.shadowRoot);
        const field = el.localName === 'input' || el.localName === 'textarea' || el.localName === 'select';
        if ((field && (holds(el.value) || holds(el.placeholder))) || (a.canvases && el.localName === 'canvas')) {
          add(el.getClientRects());
        }
      }
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let t = walker.nextNode(); t; t = walker.nextNode()) {
        if (!holds(t.data)) continue;
        const range = document.createRange();
        range.selectNodeContents(t);
        add(range.getClientRects());
      }
    }
    return { rects, sx: window.scrollX, sy: window.scrollY };
  }

  const OPS = {
    secretRects,
    inspect,
    describe,
    quiet,
    disclosures,
    calendar,
    pairs,
    items,
    reading,
    numberNear,
    fieldText,
    selection,
    copy,
    setRange,
    sliderValue,
    numbers,
    secrets: secretFields,
    secretWatch,
    secretCheck,
  };

  return {
    queryAll(root, body) {
      if (!body.startsWith('run:')) return [];
      const R = globalThis.__refwrightRuntime;
      if (!R) {
        const out = document.createElement('div');
        out.textContent = JSON.stringify({ error: 'the refwright page runtime is not loaded in this frame' });
        return [out];
      }
      return R.respond(body.slice(4), OPS, 'resolver engine', root);
    },
  };
})()
