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

// CSRF token on every state-changing request (web/csrf.py), and one random key per result form
// (web/entry.py): a retried submission gets the first answer instead of a second write.
(function () {
  "use strict";
  function csrfToken() {
    // the cookie (web/csrf.py) first: shared, cached hall pages carry no per-client token
    var found = document.cookie.match(/(?:^|;\s*)echiquier-csrf=([^;]+)/);
    if (found) { return decodeURIComponent(found[1]); }
    var meta = document.querySelector('meta[name="csrf-token"]');
    return meta ? meta.getAttribute("content") : "";
  }
  function randomKey() {
    var bytes = new Uint8Array(16);
    (window.crypto || window.msCrypto).getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }
  function fillKeys(root) {
    (root || document).querySelectorAll("input[data-submission-key]").forEach(function (input) {
      if (!input.value) { input.value = randomKey(); }
    });
  }
  // shared with outbox.js (the offline tablet queue), which loads after this file
  window.Echiquier = {csrfToken: csrfToken, randomKey: randomKey};
  document.addEventListener("htmx:configRequest", function (evt) {
    if (evt.detail.verb !== "get") { evt.detail.headers["X-CSRF-Token"] = csrfToken(); }
  });
  document.addEventListener("submit", function (evt) {
    var form = evt.target;
    if (form.method && form.method.toLowerCase() === "post" && !form.querySelector('input[name="csrf_token"]')) {
      var input = document.createElement("input");
      input.type = "hidden"; input.name = "csrf_token"; input.value = csrfToken();
      form.appendChild(input);
    }
  }, true);
  document.addEventListener("htmx:load", function (evt) { fillKeys(evt.detail.elt); });
  document.addEventListener("DOMContentLoaded", function () { fillKeys(document); });
})();

// Results pushed in the live stream (app/live/hub.py): each message holds a board row exactly as pages show it
// and the tournament's count of games without result. The row takes the place of the row with its id,
// shown or hidden as that one was (a paged screen never shows a row of another page: autofit.js keeps
// the new row on the old one's page); htmx swaps nothing itself. Then each set recounts its games
// without result and the new row gets its highlight.
(function () {
  "use strict";
  function recount() {
    document.querySelectorAll("section.set").forEach(function (section) {
      var set = section.querySelector(".missing-set");
      var total = section.querySelector(".missing-tournament");
      var elsewhere = section.querySelector(".missing-elsewhere");
      if (!set) { return; }
      var here = section.querySelectorAll("tr.board-row:not(.done):not(.bye)").length;
      set.textContent = here;
      if (elsewhere && total) { elsewhere.hidden = String(here) === total.textContent.trim(); }
    });
  }
  function place(fresh) {
    if (fresh.classList.contains("missing-tournament")) {
      document.querySelectorAll("section.set[data-tid='" + fresh.dataset.tid + "'] .missing-tournament")
        .forEach(function (count) { count.textContent = fresh.textContent; });
      return;
    }
    // a board row, or a block marked `data-replace` (a match of the team entry page)
    var old = (fresh.tagName === "TR" || fresh.hasAttribute("data-replace")) && fresh.id ?
      document.getElementById(fresh.id) : null;
    if (!old) { return; }  // not a row, or not on this screen
    fresh.hidden = old.hidden;
    if (old.dataset.flow !== undefined) { fresh.dataset.flow = old.dataset.flow; }
    if (old.classList.contains("just-entered")) { fresh.classList.add("just-entered"); }
    if (window.echiquierFit) { window.echiquierFit.adopt(old, fresh); }
    old.replaceWith(fresh);
    htmx.process(fresh);  // an input row opens its dialog
  }
  // the rows (and counts) of `html` in place of those with their ids; anything else in it is left out
  function placeRows(html) {
    var parsed = document.createElement("template");
    parsed.innerHTML = html;
    Array.prototype.slice.call(parsed.content.children).forEach(place);
    recount();
    document.dispatchEvent(new CustomEvent("echiquier:rows-swapped"));
  }
  window.Echiquier.placeRows = placeRows;  // also for the answers to entries sent later (outbox.js)
  document.addEventListener("htmx:sseBeforeMessage", function (evt) {
    if (!evt.target.classList || !evt.target.classList.contains("row-feed")) { return; }
    evt.preventDefault();
    placeRows(evt.detail.data);
  });
})();
