// Echiquier timer banners (docs/screens.md §7), run on the SERVER's clock.
// The page measures the offset between the browser clock and /clock (half the round trip
// corrected), so two screens in the hall never disagree even when a tablet's clock is wrong.
// The computation mirrors tournament/hall/timers.py (phase, fade, spell_duration).
(function () {
  "use strict";
  var offset = null; // server time - browser time, in ms

  function measure() {
    var sent = Date.now();
    return fetch("/clock", {cache: "no-store"}).then(function (r) { return r.json(); }).then(function (body) {
      var back = Date.now();
      offset = body.now + (back - sent) / 2 - back;
    }).catch(function () { /* keep the previous offset */ });
  }

  function serverNow() { return Date.now() + (offset || 0); }

  function rgb(c) { return [parseInt(c.substr(1, 2), 16), parseInt(c.substr(3, 2), 16), parseInt(c.substr(5, 2), 16)]; }
  function hex(n) { var s = Math.round(n).toString(16).toUpperCase(); return s.length < 2 ? "0" + s : s; }
  function fade(a, b, f) {
    f = Math.min(Math.max(f, 0), 1);
    var x = rgb(a), y = rgb(b);
    return "#" + hex(x[0] + (y[0] - x[0]) * f) + hex(x[1] + (y[1] - x[1]) * f) + hex(x[2] + (y[2] - x[2]) * f);
  }

  // dark text on light colours, white on dark ones (the event may choose any colour)
  function ink(c) {
    var x = rgb(c).map(function (v) { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
    return 0.2126 * x[0] + 0.7152 * x[1] + 0.0722 * x[2] > 0.3 ? "#111" : "#fff";
  }

  function phase(cfg, now) {
    var hours = cfg.hours, c = cfg.colors, d1 = cfg.delays[0] * 60000, d2 = cfg.delays[1] * 60000,
        d3 = cfg.delays[2] * 60000;
    if (!hours.length) { return null; }
    for (var i = 0; i < hours.length; i++) {
      var h = hours[i], t = h.at;
      if (now < t + d3) {
        if (now >= t) { return {color: c[2], text: h.after, seconds: Math.floor((now - t) / 1000), before: false}; }
        var color;
        if (now < t - d1 - d2) { color = c[0]; }
        else if (now < t - d2) { color = d1 ? fade(c[0], c[1], (now - (t - d1 - d2)) / d1) : c[1]; }
        else { color = d2 ? fade(c[1], c[2], (now - (t - d2)) / d2) : c[2]; }
        return {color: color, text: h.before, seconds: Math.ceil((t - now) / 1000), before: true};
      }
    }
    var last = hours[hours.length - 1];
    return {color: c[2], text: last.after, seconds: Math.floor((now - last.at) / 1000), before: false};
  }

  var UNITS = [["week", 604800], ["day", 86400], ["hour", 3600], ["minute", 60], ["second", 1]];

  function spell(seconds, cfg) {
    seconds = Math.max(Math.floor(seconds), 0);
    function word(unit, n) { return n + " " + cfg.units[unit][n === 1 ? 0 : 1]; }
    for (var i = 0; i < UNITS.length; i++) {
      var n = Math.floor(seconds / UNITS[i][1]);
      if (n || i === UNITS.length - 1) {
        var first = word(UNITS[i][0], n);
        if (i + 1 < UNITS.length) {
          var m = Math.floor((seconds % UNITS[i][1]) / UNITS[i + 1][1]);
          if (m) { return cfg.and.replace("%s", first).replace("%s", word(UNITS[i + 1][0], m)); }
        }
        return first;
      }
    }
    return "";
  }

  function pad(n) { return n < 10 ? "0" + n : "" + n; }

  function render(banner, cfg) {
    var now = serverNow();
    var p = phase(cfg, now);
    var local = new Date(now + cfg.tz * 60000);
    banner.querySelector(".timer-clock").textContent =
      pad(local.getUTCHours()) + ":" + pad(local.getUTCMinutes()) + ":" + pad(local.getUTCSeconds());
    if (!p) { banner.hidden = true; return; }
    banner.hidden = false;
    banner.style.backgroundColor = p.color;
    banner.style.color = ink(p.color);
    banner.dataset.seconds = p.seconds;
    banner.dataset.before = p.before ? "true" : "false";
    banner.querySelector(".timer-text").textContent = p.text ? p.text.replace("%s", spell(p.seconds, cfg)) : "";
  }

  function start() {
    var banners = Array.prototype.slice.call(document.querySelectorAll(".timer[data-timer]"));
    if (!banners.length) { return; }
    var configs = banners.map(function (b) { return JSON.parse(b.querySelector(".timer-config").textContent); });
    // Until /clock answers, trust the server time the page was rendered with.
    offset = configs[0].now - Date.now();
    function tick() { banners.forEach(function (b, i) { render(b, configs[i]); }); }
    measure().then(tick);
    tick();
    setInterval(tick, 250);
    setInterval(measure, 5 * 60 * 1000);
  }

  window.echiquierTimer = {phase: phase, spell: spell, serverNow: serverNow, measure: measure};
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
})();
