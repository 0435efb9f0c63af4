  // Perception, states: disabled, checked, expanded and the like, values and labels.

  function isDisabled(el) {
    if (el.getAttribute('aria-disabled') === 'true') return true;
    if ('disabled' in el && el.disabled) return true;
    // A control inside a disabled fieldset (outside its first legend) is disabled too.
    if (['button', 'input', 'select', 'textarea', 'optgroup', 'option'].includes(el.localName)) {
      const fs = el.closest('fieldset[disabled]');
      if (fs) {
        const legend = fs.querySelector(':scope > legend');
        if (!legend || !legend.contains(el)) return true;
      }
    }
    return false;
  }

  function checkedState(el, role) {
    if (!['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio', 'treeitem'].includes(role)) {
      return null;
    }
    if (el.localName === 'input' && (el.type === 'checkbox' || el.type === 'radio')) {
      if (el.indeterminate && el.type === 'checkbox') return 'mixed';
      return el.checked ? 'true' : 'false';
    }
    const a = el.getAttribute('aria-checked');
    if (a === 'true' || a === 'mixed') return a;
    return role === 'treeitem' ? null : 'false';
  }

  function statesOf(el, role) {
    const s = [];
    const checked = checkedState(el, role);
    if (checked === 'true') s.push('checked');
    else if (checked === 'mixed') s.push('mixed');
    let expanded = el.getAttribute('aria-expanded');
    if (el.localName === 'summary' && el.parentElement && el.parentElement.localName === 'details') {
      expanded = el.parentElement.open ? 'true' : 'false';
    }
    if (expanded === 'true') s.push('expanded');
    // A collapsed combobox is its default state, not news; a collapsed disclosure says it can open.
    else if (expanded === 'false' && role !== 'combobox') s.push('expanded=false');
    const selected = el.localName === 'option' ? (el.selected ? 'true' : null) : el.getAttribute('aria-selected');
    if (selected === 'true') s.push('selected');
    const pressed = el.getAttribute('aria-pressed');
    if (pressed === 'true') s.push('pressed');
    else if (pressed === 'mixed') s.push('pressed=mixed');
    if (role === 'heading') {
      const m = /^h([1-6])$/.exec(el.localName);
      // aria-level is page text: only a whole number >= 1 counts (as in Chromium), so it cannot add words
      // to the line.
      const given = /^\s*([1-9]\d{0,2})\s*$/.exec(el.getAttribute('aria-level') || '');
      const lvl = given ? given[1] : (m ? m[1] : '2');
      s.push('level=' + lvl);
    }
    if (isDisabled(el)) s.push('disabled');
    if (el.required || el.getAttribute('aria-required') === 'true') s.push('required');
    if ((el.readOnly && (el.localName === 'input' || el.localName === 'textarea')) ||
        el.getAttribute('aria-readonly') === 'true') s.push('readonly');
    if (el.getAttribute('aria-invalid') === 'true' || validationMessageOf(el) !== null) s.push('invalid');
    if (el.getAttribute('aria-current') && el.getAttribute('aria-current') !== 'false') s.push('current');
    return s;
  }

  // The message the browser shows for a field that fails its native validation (required, type, pattern,
  // min/max, setCustomValidity), once the person has tried to submit its form or has edited it
  // (:user-invalid), never for a pristine required field, which a fresh form is full of; null otherwise.
  function validationMessageOf(el) {
    if (!el.willValidate || el.validity.valid) return null;
    try {
      if (!el.matches(':user-invalid')) return null;
    } catch (e) {
      return null; // a browser without :user-invalid
    }
    return normalize(el.validationMessage || '') || null;
  }

  function valueOf(el, role) {
    const tag = el.localName;
    if (tag === 'input') {
      const type = (el.getAttribute('type') || '').toLowerCase();
      if (type === 'password') return el.value ? '••••••' : null;
      if (['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'hidden'].includes(type)) return null;
      if (type === 'file') {
        return el.files && el.files.length ? Array.from(el.files).map(f => f.name).join(', ') : null;
      }
      if (type === 'range') return el.value + ' (min ' + (el.min || '0') + ', max ' + (el.max || '100') + ')';
      return el.value ? el.value : null;
    }
    if (tag === 'textarea') return el.value ? el.value : null;
    if (tag === 'select') {
      const opts = Array.from(el.selectedOptions || []);
      return opts.length ? opts.map(o => normalize(o.label || o.textContent)).join(', ') : null;
    }
    if (['slider', 'spinbutton', 'progressbar', 'meter', 'scrollbar'].includes(role)) {
      const t = el.getAttribute('aria-valuetext');
      if (t) return t;
      const now = el.getAttribute('aria-valuenow');
      if (now !== null) {
        const min = el.getAttribute('aria-valuemin');
        const max = el.getAttribute('aria-valuemax');
        return min !== null && max !== null ? now + ' (min ' + min + ', max ' + max + ')' : now;
      }
      if (tag === 'progress' || tag === 'meter') return String(el.value);
      return null;
    }
    if (role === 'textbox' && el.isContentEditable) {
      const t = normalize(el.innerText);
      return t || null;
    }
    if (role === 'combobox' && tag !== 'select') {
      const t = el.getAttribute('aria-valuetext') || (el.value !== undefined ? el.value : null);
      return t || null;
    }
    return null;
  }

  function labelOf(el, role) {
    const tag = el.localName;
    if (tag === 'input') {
      const type = (el.getAttribute('type') || 'text').toLowerCase();
      // A plain text field is just a textbox; other types say what they take.
      if (type === 'text' && role === 'textbox') return 'textbox';
      if (type === 'text' && role === 'combobox') return 'combobox';
      if (TEXT_INPUT_TYPES.has(type) && role !== 'spinbutton') return 'input type="' + type + '"';
      return role;
    }
    if (tag === 'textarea') return 'textarea';
    return role;
  }

