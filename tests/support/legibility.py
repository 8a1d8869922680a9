"""Measures of a hall screen in the browser (issue 26 item 1): the smallest text of its rows against the legibility
rule, the cells whose text is cut, and the contrast of every row's text on its background (WCAG 2 formulas)."""

from __future__ import annotations

#: The texts of the rows shown (an element of a row holding a letter or a digit of its own is measured).
ROWS_SELECTOR = "tbody tr:not([hidden]) td, tbody tr:not([hidden]) td *, li:not([hidden]), li:not([hidden]) *"

# The rows' texts (elements holding a letter or a digit of their own) on the page shown now: the smallest font size,
# the rule's minimum (main's data-min-text × the display's height) and up to 8 texts below it.
TEXT_JS = (f"""() => {{ const ROWS = "{ROWS_SELECTOR}";""") + """
  const main = document.querySelector('main[data-autofit]');
  const rule = Math.ceil(parseFloat(main.dataset.minText) * window.innerHeight - 1e-6), small = [];
  let least = 1e9, count = 0;
  for (const el of main.querySelectorAll(ROWS)) {
    if (!el.offsetParent) continue;
    const own = Array.from(el.childNodes).filter(n => n.nodeType === 3).map(n => n.textContent).join('');
    if (!/[\\p{L}\\p{N}]/u.test(own)) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    count += 1; least = Math.min(least, size);
    if (size < rule - 0.01 && small.length < 8) small.push(el.className + ' "' + own.trim() + '" ' + size);
  }
  return {rule: rule, least: least, count: count, small: small};
}"""

# Cells and names of the rows shown whose text is wider than their box, and anything sticking out of the display.
CUT_JS = """() => {
  const bad = [], width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > width + 1) bad.push('document ' + document.documentElement.scrollWidth);
  const cells = 'main tbody tr:not([hidden]) > td, main li:not([hidden]) .name, main h2';
  for (const el of document.querySelectorAll(cells)) {
    if (!el.offsetParent) continue;
    if (el.scrollWidth > el.clientWidth + 1) bad.push('cut "' + el.textContent.trim().slice(0, 40) + '"');
    if (el.getBoundingClientRect().right > width + 1) bad.push('out "' + el.textContent.trim().slice(0, 40) + '"');
  }
  return bad.slice(0, 8);
}"""

# Every text of the rows shown: its colour against the first opaque background behind it; the lowest ratio and up
# to 8 texts under 4.5:1.
CONTRAST_JS = (f"""() => {{ const ROWS = "{ROWS_SELECTOR}";""") + """
  const rgb = s => (s.match(/[\\d.]+/g) || []).map(Number);
  const lum = c => { const [r, g, b] = c.slice(0, 3).map(v => { v /= 255;
      return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const behind = el => { for (let e = el; e; e = e.parentElement) { const c = rgb(getComputedStyle(e).backgroundColor);
      if (c.length === 3 || (c.length === 4 && c[3] > 0.5)) return c; } return [255, 255, 255]; };
  let least = 99, count = 0; const low = [];
  for (const el of document.querySelector('main').querySelectorAll(ROWS)) {
    if (!el.offsetParent) continue;
    const own = Array.from(el.childNodes).filter(n => n.nodeType === 3).map(n => n.textContent).join('');
    if (!/[\\p{L}\\p{N}]/u.test(own)) continue;
    const a = lum(rgb(getComputedStyle(el).color)), b = lum(behind(el));
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    count += 1; least = Math.min(least, ratio);
    if (ratio < 4.5 && low.length < 8) low.push(el.className + ' "' + own.trim() + '" ' + ratio.toFixed(2));
  }
  return {least: least, count: count, low: low};
}"""
