// Echiquier rotator: the screen stays for the rotator's delay, and longer when it pages itself
// (autofit.js): the rotator moves on only once every page has been shown, the last one for a whole
// turn, so no page of a long screen is skipped (docs/screens.md, rotators). Pages are counted as
// autofit.js shows them ("echiquier:page" events), not by the clock: on a slow machine a fit or a turn
// that comes late delays the rotator instead of skipping a page. The progress bar follows.
(function () {
  "use strict";
  var body = document.body, next = body.dataset.next, delay = Math.max(1, +body.dataset.delay || 15);
  var CAP = 600;  // seconds: a screen of 80 pages still gives way to the next one
  var started = Date.now(), bar = null, shown = 0;
  var seen = {0: true}, lastShownAt = null;  // pages shown so far; when the last page appeared

  function fit() { return window.echiquierFit && window.echiquierFit.state ? window.echiquierFit : null; }
  function pages() { var f = fit(); return f ? f.state.pages || 1 : 1; }
  function turnSeconds() { var f = fit(); return f ? f.pageSeconds : 10; }
  function allShown() {
    var n = pages();
    if (n <= 1) { return true; }
    for (var i = 0; i < n; i++) { if (!seen[i]) { return false; } }
    var current = fit().state.page;  // the last page shown for a whole turn, or already turned past
    return current !== n - 1 || (lastShownAt !== null && Date.now() - lastShownAt >= turnSeconds() * 1000);
  }
  document.addEventListener("echiquier:page", function (e) {
    seen[e.detail.page] = true;
    if (e.detail.page === e.detail.pages - 1) { lastShownAt = Date.now(); }
  });

  function progress() {
    var n = pages(), seconds = n > 1 ? Math.max(delay, n * turnSeconds()) : delay;
    bar = bar || document.querySelector(".rotator-progress");
    if (bar && seconds !== shown) {
      shown = seconds;
      bar.style.animationDuration = Math.min(seconds, CAP) + "s";
    }
  }
  function go() {
    var turn = /[?&](turn=\d+)/.exec(location.search);
    if (next) { location.replace(next + (turn ? "&" + turn[1] : "")); }
  }
  function tick() {
    progress();
    var elapsed = (Date.now() - started) / 1000;
    if (elapsed >= CAP || (elapsed >= delay && allShown())) { go(); return; }
    setTimeout(tick, 250);
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", tick); } else { tick(); }
})();
