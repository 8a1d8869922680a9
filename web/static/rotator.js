// Echiquier rotator: the screen stays for the rotator's delay, and longer when it pages itself
// (autofit.js): the rotator moves on only after the last page was shown for a whole turn, so no page
// of a long screen is skipped (docs/screens.md, rotators). The progress bar at the bottom follows.
(function () {
  "use strict";
  var body = document.body, next = body.dataset.next, delay = Math.max(1, +body.dataset.delay || 15);
  var CAP = 600;  // seconds: a screen of 80 pages still gives way to the next one
  var started = Date.now(), bar = null, shown = 0;

  function needed() {  // seconds this screen stays: the delay, or every page once
    var fit = window.echiquierFit, pages = fit && fit.state ? fit.state.pages || 1 : 1;
    var seconds = pages > 1 ? Math.max(delay, pages * fit.pageSeconds) : delay;
    return Math.min(seconds, CAP);
  }
  function progress(seconds) {
    bar = bar || document.querySelector(".rotator-progress");
    if (bar && seconds !== shown) {
      shown = seconds;
      bar.style.animationDuration = seconds + "s";
    }
  }
  function tick() {
    var seconds = needed();
    progress(seconds);
    var left = seconds * 1000 - (Date.now() - started);
    if (left <= 0) {
      if (next) { location.replace(next + (/[?&]turn=\d+/.test(location.search) ? "&" + /turn=\d+/.exec(location.search)[0] : "")); }
      return;
    }
    setTimeout(tick, Math.min(left, 1000));
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", tick); } else { tick(); }
})();
