// Admin pages (templates/admin/_forms.html): builders that fill the existing text fields of menus and labels
// with a live preview, and colour pickers whose "default" box unticks when a colour is picked.
// No inline script anywhere (CSP); the server validates the fields as typed, builder or not.
(function () {
  "use strict";

  function tokens(value) {
    return value.split(",").map(function (s) { return s.trim(); }).filter(Boolean);
  }

  // Menus: "@input,@boards,screen-id" — a check box per @word; other ids typed in the field are kept.
  function menuBuilder(box) {
    var field = document.getElementById(box.dataset.menuBuilder);
    var preview = box.querySelector(".builder-preview");
    if (!field || !preview) { return; }
    var checks = Array.prototype.slice.call(box.querySelectorAll("input[type=checkbox][data-token]"));
    var known = checks.map(function (c) { return c.dataset.token; });
    function nameOf(token) {
      var i = known.indexOf(token);
      return i >= 0 ? checks[i].dataset.name : token;
    }
    function show() {
      var names = tokens(field.value).map(nameOf);
      preview.textContent = names.length ? names.join(" · ") : box.dataset.empty;
    }
    function fromField() {
      var have = tokens(field.value);
      checks.forEach(function (c) { c.checked = have.indexOf(c.dataset.token) >= 0; });
      show();
    }
    function toField() {
      var others = tokens(field.value).filter(function (t) { return known.indexOf(t) < 0; });
      var chosen = checks.filter(function (c) { return c.checked; }).map(function (c) { return c.dataset.token; });
      field.value = chosen.concat(others).join(",");
      show();
    }
    checks.forEach(function (c) { c.addEventListener("change", toField); });
    field.addEventListener("input", fromField);
    box.hidden = false;
    fromField();
  }

  // Labels: "%t %f-%l" — buttons insert a code at the cursor; the preview fills the codes with examples.
  function labelBuilder(box) {
    var field = document.getElementById(box.dataset.labelBuilder);
    var preview = box.querySelector(".builder-preview");
    if (!field || !preview) { return; }
    var buttons = Array.prototype.slice.call(box.querySelectorAll("button[data-insert]"));
    function show() {
      var text = field.value;
      buttons.forEach(function (b) { text = text.split(b.dataset.insert).join(b.dataset.example); });
      preview.textContent = text.trim() ? text : box.dataset.empty;
    }
    buttons.forEach(function (b) {
      b.addEventListener("click", function () {
        var start = field.selectionStart === null ? field.value.length : field.selectionStart;
        var end = field.selectionEnd === null ? start : field.selectionEnd;
        field.value = field.value.slice(0, start) + b.dataset.insert + field.value.slice(end);
        field.focus();
        field.setSelectionRange(start + b.dataset.insert.length, start + b.dataset.insert.length);
        show();
      });
    });
    field.addEventListener("input", show);
    box.hidden = false;
    show();
  }

  function colourPicker(input) {
    var unset = document.getElementById(input.dataset.unset);
    if (unset) { input.addEventListener("input", function () { unset.checked = false; }); }
  }

  function start() {
    document.querySelectorAll("[data-menu-builder]").forEach(menuBuilder);
    document.querySelectorAll("[data-label-builder]").forEach(labelBuilder);
    document.querySelectorAll("input[type=color][data-unset]").forEach(colourPicker);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
}());
