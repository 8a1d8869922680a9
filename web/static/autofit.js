// Echiquier auto-fit (beyond Papi-web): a boards or players screen taller than the display first
// shrinks its text (down to MIN_SCALE), then pages itself: every column shows the same share of its
// rows, and the pages turn every PAGE_SECONDS. Nothing is ever cut off on a hall TV. Small
// displays (phones, narrow tablets) keep the ordinary vertical scroll. `?fit=0` turns it off.
(function () {
  "use strict";
  var MIN_SCALE = 0.7, PAGE_SECONDS = 10, MIN_WIDTH = 900;
  var state = {page: 0, pages: 1, timer: null};

  function main() { return document.querySelector("main[data-autofit]"); }
  function enabled() {
    return main() && window.innerWidth >= MIN_WIDTH && !/[?&]fit=0/.test(location.search);
  }
  function fits() { return document.documentElement.scrollHeight <= window.innerHeight + 1; }
  function groups() {
    // One group per column (table body, or check-in half list).
    return Array.prototype.slice.call(main().querySelectorAll(".column tbody, .column ul.checkin"));
  }
  function show(pages, page) {
    groups().forEach(function (g) {
      var items = g.children, n = items.length;
      var from = Math.floor(page * n / pages), to = Math.floor((page + 1) * n / pages);
      for (var i = 0; i < n; i++) { items[i].hidden = pages > 1 && (i < from || i >= to); }
    });
    var badge = document.getElementById("fit-page");
    if (pages > 1) {
      if (!badge) {
        badge = document.createElement("div");
        badge.id = "fit-page";
        badge.className = "fit-page";
        document.body.appendChild(badge);
      }
      badge.textContent = (page + 1) + " / " + pages;
    } else if (badge) {
      badge.remove();
    }
  }
  function setScale(s) { document.documentElement.style.setProperty("--fit", s); }

  function fit() {
    if (!main()) { return; }
    setScale(1);
    show(1, 0);
    if (!enabled()) { return; }
    var scale = 1;
    if (!fits()) {  // text height is about proportional to the font size: one guess, then small steps
      var room = window.innerHeight / document.documentElement.scrollHeight;
      scale = Math.max(MIN_SCALE, Math.floor(room * 100) / 100);
      setScale(scale.toFixed(2));
    }
    while (!fits() && scale > MIN_SCALE) {
      scale = Math.max(MIN_SCALE, scale - 0.03);
      setScale(scale.toFixed(2));
    }
    var pages = 1;
    if (!fits()) {
      // a first guess from the overflow, then one more page at a time until every page fits
      var body = main().getBoundingClientRect();
      var room = window.innerHeight - body.top;
      pages = Math.max(1, Math.ceil(body.height / Math.max(room, 1)) - 1);
    }
    while (!fits() && pages < 60) {
      pages += 1;
      // pages differ by at most one row per column: the first and the last page are the extremes
      show(pages, pages - 1);
      if (!fits()) { continue; }
      show(pages, 0);
      if (fits()) { break; }
    }
    state.pages = pages;
    state.page = Math.min(state.page, pages - 1);
    show(pages, state.page);
    document.body.dataset.fitPages = pages;
    document.body.dataset.fitScale = scale.toFixed(2);
  }

  function turn() {
    if (state.pages > 1) {
      state.page = (state.page + 1) % state.pages;
      show(state.pages, state.page);
    }
  }

  var pending = null;
  function later() { clearTimeout(pending); pending = setTimeout(fit, 100); }

  window.echiquierFit = {fit: fit, turn: turn, state: state};
  document.addEventListener("DOMContentLoaded", function () {
    fit();
    state.timer = setInterval(turn, PAGE_SECONDS * 1000);
  });
  window.addEventListener("resize", later);
  document.addEventListener("htmx:afterSettle", later);
})();
