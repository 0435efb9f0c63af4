  // The overlay drawn for annotated screenshots.

  let overlay = null;

  function annotate(items) {
    unannotate();
    overlay = document.createElement('div');
    overlay.setAttribute('aria-hidden', 'true');
    overlay.style.cssText = 'position:absolute;left:0;top:0;width:0;height:0;z-index:2147483647;' +
      'pointer-events:none;';
    const boxes = [];
    const sx = window.scrollX, sy = window.scrollY;
    for (const [id, label] of items) {
      const el = elementById(id);
      if (!el || !el.isConnected) {
        boxes.push(null);
        continue;
      }
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) {
        boxes.push(null);
        continue;
      }
      boxes.push([r.x, r.y, r.width, r.height]);
      const frame = document.createElement('div');
      frame.style.cssText = 'position:absolute;box-sizing:border-box;border:2px solid #e11d48;' +
        `left:${r.x + sx}px;top:${r.y + sy}px;width:${r.width}px;height:${r.height}px;`;
      const tag = document.createElement('div');
      tag.textContent = String(label);
      tag.style.cssText = 'position:absolute;background:#e11d48;color:#fff;font:bold 11px/14px sans-serif;' +
        `padding:0 3px;border-radius:2px;left:${r.x + sx}px;top:${Math.max(0, r.y + sy - 14)}px;`;
      overlay.appendChild(frame);
      overlay.appendChild(tag);
    }
    document.documentElement.appendChild(overlay);
    // The labels' boxes (in the document) and numbers, which are drawn again over the blanking of secrets.
    const tags = Array.from(overlay.children).filter((_, i) => i % 2 === 1).map(t => {
      const r = t.getBoundingClientRect();
      return [r.x + sx, r.y + sy, r.width, r.height, t.textContent];
    });
    return { boxes, tags, sx, sy };
  }

  function unannotate() {
    if (overlay) overlay.remove();
    overlay = null;
    return { ok: true };
  }

