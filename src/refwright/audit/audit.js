// refwright's audit engine: the page's readable text (`read`) and an accessibility audit (`a11y`).
//
// Registered as its own Playwright selector engine with contentScript: true, so it runs in the isolated
// world of the page runtime (snapshot/runtime/*.js) and uses the roles, names and visibility that the
// runtime shares through globalThis.__refwrightRuntime: what `a11y` calls unnamed is what a snapshot shows
// unnamed. The page's own JavaScript can neither see nor change it. These are refwright's own rules (not
// axe-core): common problems that can be checked mechanically.
//
// One selector body is understood:
//   run:<base64 JSON>  runs an operation and returns one detached <div> whose textContent is the JSON
//                      result, through the runtime's own channel (respond).
(() => {
  function RT() {
    const r = globalThis.__refwrightRuntime;
    if (!r) throw new Error('the refwright page runtime is not loaded in this frame');
    return r;
  }

  // ---------------------------------------------------------------------------------------------
  // read: the main content as text, headings as `#` lines and list items as `- ` lines

  const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'svg', 'canvas', 'iframe', 'object',
    'select', 'button', 'input', 'textarea', 'dialog']);
  // Page chrome left out when the whole body is read (a <main> or <article> is read as it is).
  const CHROME_TAGS = new Set(['nav', 'header', 'footer', 'aside']);
  const CHROME_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'complementary', 'search']);

  function contentRoot() {
    const main = document.querySelector('main, [role=main]');
    if (main) return { root: main, chrome: false };
    const articles = document.querySelectorAll('article');
    if (articles.length === 1) return { root: articles[0], chrome: false };
    return { root: document.body || document.documentElement, chrome: true };
  }

  function read(a) {
    const R = RT();
    const limit = Math.max(1000, Number(a.limit) || 20000);
    const { root, chrome } = contentRoot();
    const blocks = [];
    let size = 0;
    let buf = '';
    let full = false;
    const flush = (prefix) => {
      const text = buf.replace(/\s+/g, ' ').trim();
      buf = '';
      if (!text) return;
      blocks.push((prefix || '') + text);
      size += text.length + 2;
      if (size > limit) full = true;
    };
    const walk = (node, depth) => {
      if (full || depth > 200) return;
      if (node.nodeType === Node.TEXT_NODE) {
        buf += node.data;
        return;
      }
      if (node.nodeType !== Node.ELEMENT_NODE) return;
      const el = node;
      const tag = el.localName;
      if (SKIPPED.has(tag)) return;
      if (chrome && el !== root && (CHROME_TAGS.has(tag) || CHROME_ROLES.has(el.getAttribute('role')))) return;
      const style = R.styleOf(el);
      if (style.display === 'none' || el.getAttribute('aria-hidden') === 'true') return;
      if (tag === 'br') {
        buf += '\n';
        return;
      }
      const heading = /^h([1-6])$/.exec(tag);
      const block = heading || tag === 'li' || !style.display.startsWith('inline');
      if (block) flush();
      const kids = el.shadowRoot ? el.shadowRoot.childNodes : el.childNodes;
      if (style.visibility === 'hidden') {
        // Hidden text is not read; a visible descendant still is.
        for (const k of kids) if (k.nodeType === Node.ELEMENT_NODE) walk(k, depth + 1);
      } else {
        for (const k of kids) walk(k, depth + 1);
      }
      if (heading) flush('#'.repeat(Number(heading[1])) + ' ');
      else if (tag === 'li') flush('- ');
      else if (block) flush();
    };
    walk(root, 0);
    flush();
    return { text: blocks.join('\n\n'), truncated: full, url: location.href, title: document.title };
  }

  // ---------------------------------------------------------------------------------------------
  // a11y: refwright's own rules

  const MAX_ELEMENTS = 5000;
  const MAX_EXAMPLES = 5;

  function cssPath(el) {
    const parts = [];
    let cur = el;
    while (cur && cur.nodeType === Node.ELEMENT_NODE && parts.length < 4) {
      if (cur.id && /^[A-Za-z][\w-]*$/.test(cur.id) && document.querySelectorAll('#' + cur.id).length === 1) {
        parts.unshift('#' + cur.id);
        break;
      }
      let part = cur.localName;
      const parent = cur.parentElement;
      if (parent) {
        const same = Array.from(parent.children).filter((c) => c.localName === cur.localName);
        if (same.length > 1) part += ':nth-of-type(' + (same.indexOf(cur) + 1) + ')';
      }
      parts.unshift(part);
      if (cur.localName === 'body') break;
      cur = parent;
    }
    return parts.join(' > ');
  }

  function parseColor(text) {
    const m = /rgba?\(([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:[,\s/]+([\d.]+%?))?\)/.exec(text || '');
    if (!m) return null;
    let alpha = m[4] === undefined ? 1 : parseFloat(m[4]);
    if (m[4] && m[4].endsWith('%')) alpha /= 100;
    return [Number(m[1]), Number(m[2]), Number(m[3]), alpha];
  }

  function luminance(rgb) {
    const c = rgb.slice(0, 3).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  }

  // The colour behind `el`: the first opaque background up the tree; null when an image or a gradient
  // is in the way (then the contrast cannot be computed from styles alone).
  function backgroundOf(el) {
    let cur = el;
    while (cur && cur.nodeType === Node.ELEMENT_NODE) {
      const style = getComputedStyle(cur);
      if (style.backgroundImage && style.backgroundImage !== 'none') return null;
      const bg = parseColor(style.backgroundColor);
      if (bg && bg[3] >= 1) return bg;
      if (bg && bg[3] > 0) return null;
      cur = cur.parentElement;
    }
    return [255, 255, 255, 1];
  }

  function ownText(el) {
    let text = '';
    for (const k of el.childNodes) if (k.nodeType === Node.TEXT_NODE) text += k.data;
    return text.trim();
  }

  const RULES = [
    ['image-alt', 'critical', 'Images must have alternative text'],
    ['button-name', 'critical', 'Buttons must have discernible text'],
    ['link-name', 'serious', 'Links must have discernible text'],
    ['label', 'critical', 'Form elements must have labels'],
    ['heading-order', 'moderate', 'Heading levels should only increase by one'],
    ['duplicate-id', 'minor', 'id attribute value must be unique'],
    ['document-title', 'serious', 'Documents must have <title> element to aid in navigation'],
    ['html-has-lang', 'serious', '<html> element must have a lang attribute'],
    ['color-contrast', 'serious', 'Elements must meet minimum color contrast ratio thresholds'],
  ];

  const FIELD_SKIP = new Set(['hidden', 'submit', 'button', 'reset', 'image']);

  function a11y(a) {
    const R = RT();
    const scope = a.selector ? document.querySelector(a.selector) : document.documentElement;
    if (!scope) return { error: 'No element matches ' + a.selector + '. Check the selector with `get count`.' };
    const failed = new Map(RULES.map(([id]) => [id, []]));
    const unsure = new Map(RULES.map(([id]) => [id, []]));
    const applied = new Set(['document-title', 'html-has-lang', 'duplicate-id', 'heading-order']);
    const fail = (id, el) => failed.get(id).push(el);
    if (!document.title.trim()) failed.get('document-title').push(document.documentElement);
    if (!(document.documentElement.getAttribute('lang') || '').trim()) failed.get('html-has-lang').push(document.documentElement);
    const ids = new Map();
    let lastLevel = 0;
    let seen = 0;
    const visit = (el) => {
      if (++seen > MAX_ELEMENTS) return;
      const style = R.styleOf(el);
      if (R.isSubtreeHidden(el, style, false)) return;
      const shown = R.isShown(el, style);
      const tag = el.localName;
      if (el.id) ids.set(el.id, (ids.get(el.id) || []).concat([el]));
      const role = R.roleOf(el);
      if (shown) {
        const named = () => !!R.accessibleName(el, role, style);
        if (tag === 'img' || (tag === 'input' && el.type === 'image')) {
          applied.add('image-alt');
          if (role !== 'presentation' && role !== 'none' && !el.hasAttribute('alt') && !named()) fail('image-alt', el);
        } else if (role === 'button') {
          applied.add('button-name');
          if (!named()) fail('button-name', el);
        } else if (role === 'link') {
          applied.add('link-name');
          if (!named()) fail('link-name', el);
        } else if ((tag === 'input' && !FIELD_SKIP.has(el.type)) || tag === 'select' || tag === 'textarea') {
          applied.add('label');
          if (!named()) fail('label', el);
        }
        const heading = /^h([1-6])$/.exec(tag);
        if (heading) {
          const level = Number(heading[1]);
          if (lastLevel && level > lastLevel + 1) fail('heading-order', el);
          lastLevel = level;
        }
        if (ownText(el) && style.visibility === 'visible') {
          applied.add('color-contrast');
          const fg = parseColor(style.color);
          const bg = backgroundOf(el);
          if (!fg || !bg || fg[3] < 1 || parseFloat(style.opacity) < 1) unsure.get('color-contrast').push(el);
          else {
            const l1 = luminance(fg);
            const l2 = luminance(bg);
            const ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
            const px = parseFloat(style.fontSize);
            const large = px >= 24 || (px >= 18.66 && Number(style.fontWeight) >= 700);
            if (ratio < (large ? 3 : 4.5)) fail('color-contrast', el);
          }
        }
      }
      for (const k of el.children) visit(k);
      if (el.shadowRoot) for (const k of el.shadowRoot.children) visit(k);
    };
    visit(scope);
    for (const [, els] of ids) if (els.length > 1) failed.get('duplicate-id').push(els[1]);
    const describe = (id, impact, help, els) => ({
      id, impact, help, nodeCount: els.length, nodes: els.slice(0, MAX_EXAMPLES).map(cssPath),
    });
    const violations = [];
    const incomplete = [];
    let passes = 0;
    for (const [id, impact, help] of RULES) {
      const bad = failed.get(id);
      if (bad.length) violations.push(describe(id, impact, help, bad));
      else if (applied.has(id)) passes++;
      if (unsure.get(id).length) incomplete.push(describe(id, impact, help, unsure.get(id)));
    }
    return { url: location.href, rules: RULES.length, violations, incomplete, passes, capped: seen > MAX_ELEMENTS };
  }

  const OPS = { read, a11y };

  return {
    queryAll(root, body) {
      if (!body.startsWith('run:')) return [];
      const R = globalThis.__refwrightRuntime;
      if (!R) {
        const out = document.createElement('div');
        out.textContent = JSON.stringify({ error: 'the refwright page runtime is not loaded in this frame' });
        return [out];
      }
      return R.respond(body.slice(4), OPS, 'audit engine', root);
    },
  };
})()
