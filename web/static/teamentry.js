// The team entry page (templates/teams/input.html), live: its round refetches itself on the live stream's
// results and changes. While an arbiter types in a line-up (a field of the page has the focus) the refetch
// waits and happens when the field is left; line-up blocks left open stay open after a refetch.
(function () {
  "use strict";
  function section() { return document.getElementById("team-entry"); }
  function typing(root) {
    var active = document.activeElement;
    return !!(active && root.contains(active) && (active.tagName === "INPUT" || active.tagName === "SELECT") &&
              active.type !== "hidden");
  }
  var open = [];
  document.addEventListener("htmx:beforeRequest", function (evt) {
    var root = section();
    if (!root || evt.detail.elt !== root) { return; }
    if (typing(root)) {
      evt.preventDefault();
      root.dataset.stale = "1";
      return;
    }
    open = Array.prototype.map.call(root.querySelectorAll("details[open][id]"), function (d) { return d.id; });
  });
  document.addEventListener("htmx:afterSwap", function (evt) {
    var root = section();
    if (!root || evt.detail.target !== root) { return; }
    open.forEach(function (id) {
      var d = document.getElementById(id);
      if (d) { d.open = true; }
    });
    root.dataset.refreshed = String(Number(root.dataset.refreshed || 0) + 1);  // a readiness signal for tests
  });
  document.addEventListener("focusout", function (evt) {
    var root = section();
    if (!root || root.dataset.stale !== "1" || (evt.relatedTarget && root.contains(evt.relatedTarget) &&
        (evt.relatedTarget.tagName === "INPUT" || evt.relatedTarget.tagName === "SELECT"))) { return; }
    delete root.dataset.stale;
    setTimeout(function () { htmx.trigger(root, "refresh"); }, 0);
  });
})();
