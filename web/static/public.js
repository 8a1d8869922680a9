// The published site's poller (copied into every site by app/publication/site.py; no CDN, no framework).
// Every data-poll seconds: GET version.json conditionally (If-None-Match / If-Modified-Since); when this
// page's hash changed, fetch the page again and swap its <main> in place (its "last updated" time with it).
// The footer says whether the page is live, unpublished (version.json gone) or the site unreachable.
(function () {
  "use strict";
  var html = document.documentElement;
  var root = html.dataset.root || "";
  var page = html.dataset.page || "index.html";
  var seconds = Math.max(2, parseInt(html.dataset.poll || "10", 10));
  var etag = null;
  var modified = null;

  function swap(text, hash) {
    var doc = new DOMParser().parseFromString(text, "text/html");
    var fresh = doc.getElementById("main");
    var main = document.getElementById("main");
    if (!fresh || !main) { return; }
    main.replaceWith(document.importNode(fresh, true));
    html.dataset.hash = hash;
    html.dataset.version = (parseInt(html.dataset.version || "0", 10) + 1).toString();
  }

  // The day after the event's last day, nothing is live any more (the hall may have stopped publishing).
  function finished() {
    var over = parseInt(html.dataset.over || "0", 10);
    return over > 0 && Date.now() / 1000 > over;
  }

  // The footer holds every state's text (in every language): public.css shows the one of data-state.
  function say(state) {
    var node = document.getElementById("live-state");
    if (node) { node.dataset.state = state; }
  }

  // The language switch: every text is in the page in each language; public.css shows those of <html lang>,
  // set before the page is drawn (the inline script of the layout) from this choice or the browser's language.
  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("[data-lang]") : null;
    if (!link) { return; }
    event.preventDefault();
    html.lang = link.dataset.lang;
    try { localStorage.setItem("echiquier-lang", link.dataset.lang); } catch (e) { /* private browsing */ }
  });

  // Pages polled as a group (a player's page): their hash is the group's.
  function groupHash(groups) {
    for (var prefix in groups) {
      if (page.indexOf(prefix) === 0) { return groups[prefix]; }
    }
    return null;
  }

  // The players' list: show the rows whose text holds what is typed (case and accents ignored).
  function plain(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }

  document.addEventListener("input", function (event) {
    var input = event.target;
    if (!input || input.id !== "player-search") { return; }
    var wanted = plain(input.value.trim());
    var shown = 0;
    document.querySelectorAll(input.dataset.rows).forEach(function (row) {
      var match = !wanted || plain(row.textContent).indexOf(wanted) >= 0;
      row.hidden = !match;
      if (match) { shown += 1; }
    });
    var none = document.getElementById("player-search-none");
    if (none) { none.hidden = shown > 0; }
  });

  function poll() {
    var headers = {};
    if (etag) { headers["If-None-Match"] = etag; }
    if (modified) { headers["If-Modified-Since"] = modified; }
    fetch(root + "version.json", { headers: headers, cache: "no-store" })
      .then(function (response) {
        // 404/410: the event was unpublished (its version.json removed): say so, never "live" again
        say(response.status === 404 || response.status === 410 ? "gone" : (finished() ? "over" : "live"));
        if (response.status !== 200) { return null; }
        etag = response.headers.get("ETag");
        modified = response.headers.get("Last-Modified");
        return response.json();
      })
      .then(function (version) {
        if (!version || !version.pages) { return null; }
        var hash = version.pages[page] || groupHash(version.groups || {});
        if (!hash || hash === html.dataset.hash) { return null; }
        return fetch(location.pathname + "?v=" + encodeURIComponent(hash), { cache: "no-store" })
          .then(function (response) { return response.ok ? response.text() : null; })
          .then(function (text) { if (text) { swap(text, hash); } });
      })
      .catch(function () { say("offline"); /* try again at the next tick */ })
      .then(function () { setTimeout(poll, seconds * 1000); });
  }

  if (finished()) { say("over"); }
  setTimeout(poll, seconds * 1000);
})();
