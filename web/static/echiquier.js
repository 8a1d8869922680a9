// Echiquier: the little behaviour htmx does not give us.
(function () {
  "use strict";
  var HIGHLIGHT_MS = 20000;
  var KEY = "echiquier-entered";

  function entered() {
    try { return JSON.parse(sessionStorage.getItem(KEY) || "{}"); } catch (e) { return {}; }
  }

  function highlight() {
    var now = Date.now(), marks = entered(), kept = {};
    Object.keys(marks).forEach(function (id) {
      if (now - marks[id] < HIGHLIGHT_MS) {
        kept[id] = marks[id];
        var row = document.getElementById(id);
        if (row) { row.classList.add("just-entered"); }
      }
    });
    sessionStorage.setItem(KEY, JSON.stringify(kept));
    document.querySelectorAll(".just-entered").forEach(function (row) {
      if (!kept[row.id]) { row.classList.remove("just-entered"); }
    });
  }

  function setLive(online) {
    var badge = document.getElementById("live-state");
    if (!badge) { return; }
    badge.textContent = online ? badge.dataset.online : badge.dataset.offline;
    badge.classList.toggle("offline", !online);
  }

  document.addEventListener("htmx:afterRequest", function (evt) {
    var elt = evt.detail.elt;
    if (elt.classList && elt.classList.contains("config-watch")) { location.reload(); return; }
    if (evt.detail.successful && elt.tagName === "FORM" && elt.querySelector("input[name=result]")) {
      var marks = entered();
      marks[evt.detail.target.id || ("game-" + elt.tournament_id.value + "-" + elt.round.value + "-" + elt.white_player_id.value)] = Date.now();
      sessionStorage.setItem(KEY, JSON.stringify(marks));
    }
  });
  document.addEventListener("htmx:afterSettle", highlight);
  document.addEventListener("htmx:sseOpen", function () { setLive(true); });
  document.addEventListener("htmx:sseError", function () { setLive(false); });
  document.addEventListener("keydown", function (evt) {
    var slot = document.getElementById("dialog-slot");
    if (evt.key === "Escape" && slot) { slot.innerHTML = ""; }
    if ((evt.key === "Enter" || evt.key === " ") && evt.target.classList.contains("tappable")) {
      evt.preventDefault();
      htmx.trigger(evt.target, "click");
    }
  });
  document.addEventListener("DOMContentLoaded", function () {
    highlight();
    setInterval(highlight, 5000);
  });
})();
