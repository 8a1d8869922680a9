// The published site's language, set before the page is drawn (loaded without defer in the head): the visitor's
// earlier choice, else the browser's language, among the languages the page is written in (app/publication/languages.py).
(function () {
  "use strict";
  try {
    var known = (document.currentScript.getAttribute("data-languages") || "").split(" ");
    var chosen = localStorage.getItem("echiquier-lang") || navigator.language.slice(0, 2);
    if (known.indexOf(chosen) >= 0) { document.documentElement.lang = chosen; }
  } catch (e) { /* storage refused: the page stays in the event's language */ }
})();
