// Echiquier team screens: the type grows or shrinks to the largest size at which the whole screen fits the
// display, so a hall TV is read from the back of the room. Match blocks are never split (unlike autofit.js,
// which moves single rows between columns); names are not cut either when a smaller size avoids it. Small
// displays keep the ordinary scroll; `?fit=0` turns it off. Refitted after every live update and resize.
(function () {
  "use strict";
  var MIN_PX = 14, MIN_WIDTH = 900, LINES = 16;

  function root() { return document.querySelector("[data-teamfit]"); }

  function cut(el) {
    var cells = el.querySelectorAll(".team-match-boards td.player-a, .team-match-boards td.player-b," +
                                    " .team-match-head .team-a, .team-match-head .team-b");
    for (var i = 0; i < cells.length; i++) {
      if (cells[i].scrollWidth > cells[i].clientWidth + 1) { return true; }
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
