// Echiquier team screens: the type grows or shrinks to the largest size at which the whole screen fits the
// display, so a hall TV is read from the back of the room. Match blocks are never split (unlike autofit.js,
// which moves single rows between columns); player and team names in the tables are not cut
// either (team names in a match's head wrap instead). Small
// displays keep the ordinary scroll; `?fit=0` turns it off. Refitted after every live update and resize.
(function () {
  "use strict";
  var MIN_PX = 14, MIN_WIDTH = 900, LINES = 16;

  function root() { return document.querySelector("[data-teamfit]"); }

  // a name is cut when its text (an inline block, teams.css) is wider than its cell's content box
  function cut(el) {
    var names = el.querySelectorAll("td > span.name");
    for (var i = 0; i < names.length; i++) {
      var cell = names[i].parentNode, style = window.getComputedStyle(cell);
      var room = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (names[i].offsetWidth > room - 2) { return true; }
    }
    return false;
  }

  function fits(el, px) {
    el.style.fontSize = px + "px";
    var bottom = el.getBoundingClientRect().top + el.scrollHeight;
    return bottom <= window.innerHeight - 6 && !cut(el);
  }

  function fit() {
    var el = root();
    if (!el) { return; }
    if (window.innerWidth < MIN_WIDTH || /[?&]fit=0/.test(location.search)) { el.style.fontSize = ""; return; }
    var lo = MIN_PX, hi = Math.max(MIN_PX, Math.floor(window.innerHeight / LINES));
    while (lo < hi) {
      var mid = Math.ceil((lo + hi) / 2);
      if (fits(el, mid)) { lo = mid; } else { hi = mid - 1; }
    }
    el.style.fontSize = lo + "px";
    el.setAttribute("data-fitted", String(lo));
  }

  document.addEventListener("DOMContentLoaded", fit);
  window.addEventListener("resize", fit);
  document.addEventListener("htmx:afterSettle", fit);
})();
