// Offline-tolerant result entry (input screens): a result that cannot be sent is kept, never lost.
//
// When the tablet is offline (or the request fails on the network), the entry is kept in the browser
// (localStorage, with its submission key: web/entry.py answers a resent key once, so sending it twice
// is harmless), shown as "waiting to send" in #outbox, and sent again when the connection returns,
// when the page is loaded again, and every few seconds while entries wait. Its outcome is then shown:
// stored, or refused (another result was entered meanwhile: the server's message says which).
// Entries survive a reload; a finished one stays listed until it is dismissed.
(function () {
  "use strict";
  var STORE = "echiquier-outbox";
  var RETRY_MS = 8000;
  var sending = false;

  function box() { return document.getElementById("outbox"); }
  function text(name, fallback) {
    var el = box();
    return (el && el.dataset[name]) || fallback;
  }
  function load() {
    try { return JSON.parse(localStorage.getItem(STORE) || "[]"); } catch (e) { return []; }
  }
  function save(entries) {
    try { localStorage.setItem(STORE, JSON.stringify(entries)); } catch (e) { /* full: shown anyway */ }
  }
  var csrfToken = window.Echiquier.csrfToken, randomKey = window.Echiquier.randomKey;
  function plain(html) {
    var holder = document.createElement("div");
    holder.innerHTML = html;
    var notice = holder.querySelector(".notice");
    return ((notice || holder).textContent || "").trim().slice(0, 300);
  }

  // A result form (hidden game fields, a `result` or an `old` code; or marked `data-outbox`, as the team entry
  // page's board forms are): one entry to keep.
  function isResultForm(elt) {
    return elt && elt.tagName === "FORM" && (elt.querySelector("input[name=white_player_id]") ||
      elt.hasAttribute("data-outbox")) && elt.querySelector("input[name=key]");
  }
  function entryOf(form, submitter) {
    var fields = {};
    new FormData(form).forEach(function (value, name) { fields[name] = String(value); });
    if (!fields.key) { fields.key = randomKey(); form.querySelector("input[name=key]").value = fields.key; }
    var button = submitter || form.querySelector("button[type=submit]");
    var result = (button && button.dataset.result) || (button ? button.textContent.trim() : "");
    return {
      key: fields.key, url: form.getAttribute("hx-post") || form.action, fields: fields,
      target: form.getAttribute("hx-target") || "", page: location.pathname,
      label: (form.dataset.outboxLabel || text("board", "Board %s").replace("%s", fields.board || "?")) + ": " + result,
      state: "waiting", message: "", at: Date.now()
    };
  }
  function keep(entry, via) {
    entry.via = via;
    var entries = load().filter(function (e) { return e.key !== entry.key; });
    entries.push(entry);
    save(entries);
    var slot = document.getElementById("dialog-slot");
    if (slot) { slot.innerHTML = ""; }
    show();
    schedule();
  }

  function show() {
    var el = box();
    if (!el) { return; }
    var entries = load().filter(function (e) { return e.page === location.pathname; });
    el.hidden = entries.length === 0;
    el.innerHTML = "";
    entries.forEach(function (entry) {
      var item = document.createElement("div");
      item.className = "outbox-entry outbox-" + entry.state + " notice " +
        (entry.state === "stored" ? "notice-ok" : entry.state === "refused" ? "notice-error" : "notice-warning");
      item.setAttribute("data-key", entry.key);
      var status = entry.state === "waiting" ? text("waiting", "waiting to send")
        : entry.state === "stored" ? text("stored", "stored") : text("refused", "refused");
      var line = document.createElement("span");
      line.textContent = entry.label + " — " + status + (entry.message ? ": " + entry.message : "");
      item.appendChild(line);
      if (entry.state !== "waiting") {
        var dismiss = document.createElement("button");
        dismiss.type = "button";
        dismiss.className = "outbox-dismiss";
        dismiss.textContent = text("dismiss", "OK");
        dismiss.addEventListener("click", function () {
          save(load().filter(function (e) { return e.key !== entry.key; }));
          show();
        });
        item.appendChild(dismiss);
      }
      el.appendChild(item);
    });
  }

  function settle(entry, state, message) {
    var entries = load();
    entries.forEach(function (e) {
      if (e.key === entry.key) { e.state = state; e.message = message; }
    });
    save(entries);
    show();
  }

  function sendOne(entry) {
    return fetch(entry.url, {
      method: "POST", credentials: "same-origin",
      headers: {"Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true",
                "X-CSRF-Token": csrfToken()},
      body: new URLSearchParams(entry.fields).toString()
    }).then(function (response) {
      return response.text().then(function (body) {
        if (response.ok) {
          window.Echiquier.placeRows(body);  // the answer's row (echiquier.js)
          settle(entry, "stored", "");
        } else if (response.status >= 500 || response.status === 429) {
          return Promise.reject(new Error("later"));  // the server is busy or restarting: try again
        } else {
          settle(entry, "refused", plain(body));  // 409: another result was entered; 4xx: the reason
        }
      });
    });
  }

  function flush() {
    if (sending || navigator.onLine === false) { return; }
    var waiting = load().filter(function (e) { return e.state === "waiting"; });
    if (!waiting.length) { return; }
    sending = true;
    waiting.reduce(function (chain, entry) {
      return chain.then(function () { return sendOne(entry); });
    }, Promise.resolve()).catch(function () { /* still offline: kept, retried */ }).then(function () {
      sending = false;
      schedule();
    });
  }

  var timer = null;
  function schedule() {
    if (timer) { return; }
    if (!load().some(function (e) { return e.state === "waiting"; })) { return; }
    timer = setTimeout(function () { timer = null; flush(); }, RETRY_MS);
  }

  // Offline already: keep the entry instead of sending it (htmx would fail with no message).
  document.addEventListener("htmx:beforeRequest", function (evt) {
    var form = evt.detail.elt;
    if (navigator.onLine === false && isResultForm(form)) {
      evt.preventDefault();
      keep(entryOf(form, evt.detail.requestConfig && evt.detail.requestConfig.triggeringEvent &&
                         evt.detail.requestConfig.triggeringEvent.submitter), "offline");
    }
  });
  // The request failed on the network (Wi-Fi dropped while sending): keep it; it may have arrived, and
  // its key makes the resend answer the first outcome instead of writing twice.
  document.addEventListener("htmx:sendError", function (evt) {
    var form = evt.detail.elt;
    if (isResultForm(form)) {
      keep(entryOf(form, evt.detail.requestConfig && evt.detail.requestConfig.triggeringEvent &&
                         evt.detail.requestConfig.triggeringEvent.submitter), "network error");
    }
  });
  window.addEventListener("online", flush);
  document.addEventListener("DOMContentLoaded", function () { show(); flush(); });
  if (document.readyState !== "loading") { show(); flush(); }
})();
