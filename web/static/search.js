// Echiquier: search-as-you-type on input screens. Digits find a board by its number, letters find
// players by name (case and accents ignored). Rows swapped in by live updates are filtered again.
(function () {
  "use strict";
  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/\s+/g, " ").trim();
  }
  function rows() { return document.querySelectorAll("main tr.board-row, main ul.checkin > li"); }
  function matches(row, query) {
    if (/^\d+$/.test(query)) {
      var num = row.querySelector("td.num");
      return !!num && num.textContent.replace(/\D/g, "") === query;
    }
    var names = Array.prototype.map.call(row.querySelectorAll(".name"), function (n) { return n.textContent; });
    return fold(names.join(" ")).indexOf(query) >= 0;
  }
  var box = null, count = null;
  function apply() {
    if (!box) { return; }
    var query = fold(box.value), shown = 0, all = rows();
    all.forEach(function (row) {
      var keep = !query || matches(row, query);
      if (row.hidden === keep) { row.hidden = !keep; }
      if (keep) { shown += 1; }
    });
    document.body.classList.toggle("searching", !!query);
    var said = query && count ? count.dataset.found.replace("%s", shown) : "";
    if (count && count.textContent !== said) { count.textContent = said; }
  }
  document.addEventListener("DOMContentLoaded", function () {
    box = document.getElementById("row-search");
    count = document.getElementById("row-search-count");
    if (!box) { return; }
    box.addEventListener("input", apply);
    box.addEventListener("keydown", function (evt) {
      if (evt.key === "Escape") { box.value = ""; apply(); evt.stopPropagation(); }
    });
    var main = document.querySelector("main");
    if (main && window.MutationObserver) {
      // rows swapped in by live updates come unfiltered (the search box's own count is not a row)
      new MutationObserver(function (records) {
        var rowsChanged = records.some(function (r) { return !r.target.closest || !r.target.closest(".row-search"); });
        if (box.value && rowsChanged) { apply(); }
      }).observe(main, {childList: true, subtree: true});
    }
    apply();
  });
})();
