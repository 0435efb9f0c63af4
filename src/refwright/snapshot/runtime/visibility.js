  // Perception, visibility: what is out of the tree, clipped away or shown.

  function styleOf(el) {
    return getComputedStyle(el);
  }

  // Whether the element and its subtree are out of the tree (display:none, hidden, aria-hidden, inert).
  function isSubtreeHidden(el, style, includeHidden) {
    if (includeHidden) return false;
    if (style.display === 'none') return true;
    if (el.getAttribute('aria-hidden') === 'true') return true;
    if (el.inert) return true;
    if (style.contentVisibility === 'hidden') return true;
    return false;
  }

  function isClippedAway(el, style) {
    // Elements clipped to nothing (the sr-only pattern) are still read by screen readers, but a
    // control an agent cannot hit is only listed when something visible stands for it (a label).
    // offsetWidth/Height answer from layout without allocating a DOMRect; SVG elements lack them.
    const w = el.offsetWidth;
    const rect = w === undefined ? el.getBoundingClientRect() : { width: w, height: el.offsetHeight };
    if (rect.width > 0 && rect.height > 0) {
      if (style.position === 'absolute' && /rect\(0(px)?,? 0(px)?,? 0(px)?,? 0(px)?\)/.test(style.clip)) return true;
      if (style.clipPath === 'inset(50%)' || style.clipPath === 'inset(100%)') return true;
      return false;
    }
    // A link whose icon font or background image never loaded has no box, but Chromium lists it and
    // focus + Enter follows it (the click path does so), so it stays on the page for a model.
    if (isKeyboardLink(el)) return false;
    // A zero-size element can still show overflowing children (a floated image in an empty link), but
    // when none of them has a box, nothing of it can be seen or hit.
    if (style.overflow !== 'visible' || el.children.length === 0) return true;
    return !hasShownDescendant(el);
  }

  function isKeyboardLink(el) {
    return (el.localName === 'a' || el.localName === 'area') && el.hasAttribute('href');
  }

  function hasShownDescendant(el) {
    let seen = 0;
    for (const d of el.querySelectorAll('*')) {
      if (++seen > 200) return true; // a large subtree: assume something of it shows
      const r = d.getBoundingClientRect();
      if (r.width > 0 && r.height > 0 && getComputedStyle(d).visibility === 'visible') return true;
    }
    return false;
  }

