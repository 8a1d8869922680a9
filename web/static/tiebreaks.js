// The tie-break picker (templates/admin/_tie_breaks.html): the lists write the codes, in order, into the
// text field that the form sends; typing in the field is still possible (and is the only way without JS).
(function () {
  "use strict";
  function init(box) {
    var field = box.querySelector("input[name=tie_breaks]");
    var picks = box.querySelectorAll("select.tie-break-pick");
    var picker = box.querySelector(".tie-break-picker");
    if (!field || !picks.length || !picker) { return; }
    picker.hidden = false;
    picks.forEach(function (select) {
      select.addEventListener("change", function () {
        var codes = [];
        picks.forEach(function (s) { if (s.value && codes.indexOf(s.value) < 0) { codes.push(s.value); } });
        field.value = codes.join(",");
      });
    });
  }
  document.querySelectorAll("fieldset.tie-breaks").forEach(init);
})();
