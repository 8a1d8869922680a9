// Small page actions without inline script (the Content-Security-Policy forbids it, web/security.py):
//   data-confirm="Really delete?"  on a form or a submit button: asks first, and cancels on "no";
//   data-clear="element-id"        on a button: empties that element (closes a dialog);
//   data-print                     on a button: prints the page;
//   data-disable-on-submit         on a form: its buttons are disabled once it is sent (no double send).
(function () {
  "use strict";
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var button = event.submitter;
    var text = (button && button.getAttribute("data-confirm")) || form.getAttribute("data-confirm");
    if (text && !window.confirm(text)) {
      event.preventDefault();
      event.stopImmediatePropagation();
      return;
    }
    if (form.hasAttribute("data-disable-on-submit")) {
      // after this event's other listeners (the CSRF field, htmx): a disabled button would not be sent
      setTimeout(function () {
        form.querySelectorAll("button").forEach(function (button) { button.disabled = true; });
      }, 0);
    }
  }, true);
  document.addEventListener("click", function (event) {
    var target = event.target instanceof Element ? event.target : null;
    var clear = target && target.closest("[data-clear]");
    if (clear) {
      var slot = document.getElementById(clear.getAttribute("data-clear"));
      if (slot) slot.innerHTML = "";
      return;
    }
    if (target && target.closest("[data-print]")) window.print();
  });
})();

// A folded list the reader opened (the desk's games without a result) stays open when htmx swaps its part again.
let openedDetails = [];
document.addEventListener("htmx:beforeSwap", () => {
  openedDetails = [...document.querySelectorAll("details[id][open]")].map((d) => d.id);
});
document.addEventListener("htmx:afterSwap", () => {
  for (const id of openedDetails) {
    const found = document.getElementById(id);
    if (found) found.open = true;
  }
});
