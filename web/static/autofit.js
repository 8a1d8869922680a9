// Echiquier auto-fit: a hall screen (boards, players, results, standings) uses the whole display.
//
// The type grows or shrinks to the largest size at which every row fits the display and no cell is
// cut, down to the screen's legibility rule: `data-min-text` on main, the share of the display's height
// the text needs to be readable from the distance the admin chose (tournament/hall/legibility.py). When
// even that does not fit, the screen first uses fewer columns if its cells would be cut, then pages
// itself, turning every PAGE_SECONDS. Rows always read in order: down the first column, then the
// next column, then the next page. Small displays (phones, narrow tablets) keep the ordinary
// vertical scroll. `?fit=0` turns it off.
(function () {
  "use strict";
  // `?turn=N` turns pages every N seconds instead (tests, rehearsals)
  var turnParam = /[?&]turn=(\d+)/.exec(location.search);
  var PAGE_SECONDS = turnParam ? Math.max(1, +turnParam[1]) : 10;
  var DEFAULT_MIN = 35 / 1080, MIN_PX = 14, MAX_VH = 1 / 20, MIN_WIDTH = 900, MAX_PAGES = 80, MAX_PAD = 0.6;
  var state = {page: 0, pages: 1, timer: null, px: 0, columns: 0};

  function main() { return document.querySelector("main[data-autofit]"); }
  function enabled() {
    return main() && window.innerWidth >= MIN_WIDTH && !/[?&]fit=0/.test(location.search);
  }

  // -- the blocks: one per set (or the results list), each with its slots (a column's table body or
  // check-in list) and its rows in reading order
  function blocks() {
    return Array.prototype.slice.call(main().querySelectorAll("section.set, section.results")).map(function (el) {
      var columns = Array.prototype.slice.call(el.querySelectorAll(".columns > .column"));
      var slots = Array.prototype.slice.call(el.querySelectorAll(".column tbody, .column ul.checkin"));
      var rows = [];
      slots.forEach(function (s) { rows = rows.concat(Array.prototype.slice.call(s.children)); });
      var order = el._flow || [];
      var byId = {}, known = rows.length === order.length;
      order.forEach(function (id, i) { byId[id] = i; });
      rows.forEach(function (r) { if (!r.id || byId[r.id] === undefined) { known = false; } });
      if (known) {  // rows moved by an earlier fit (or swapped in place): their reading order
        rows.sort(function (a, b) { return byId[a.id] - byId[b.id]; });
      } else if (rows.every(function (r) { return r.dataset.flow !== undefined; })) {
        rows.sort(function (a, b) { return a.dataset.flow - b.dataset.flow; });
      }  // else: as the server rendered them, column after column
      rows.forEach(function (r, i) { r.dataset.flow = i; });
      el._flow = rows.map(function (r) { return r.id || ""; });
      return {el: el, columns: columns, slots: slots, rows: rows, probe: longest(rows),
              // fewer columns where every column holds as many slots (one, or a check-in list's two halves)
              flexible: columns.length > 0 && slots.length % columns.length === 0,
              per: columns.length ? Math.max(1, slots.length / columns.length) : 1};
    });
  }

  // The rows most likely to be cut: for each cell position, the PROBE rows with the longest text
  // (checking them is as good as checking every row, and a long screen stays fast to fit).
  // Bold text (games still being played) is about a tenth wider than plain text of as many characters.
  var PROBE = 40;
  function longest(rows) {
    var chosen = new Set(), widest = {};
    rows.forEach(function (r) {
      var cells = r.cells || r.querySelectorAll(".name");
      var bold = r.classList && r.classList.contains("board-row") && !r.classList.contains("done") ? 1.1 : 1;
      for (var i = 0; i < cells.length; i++) {
        (widest[i] = widest[i] || []).push([cells[i].textContent.length * bold, r]);
      }
    });
    Object.keys(widest).forEach(function (i) {
      widest[i].sort(function (a, b) { return b[0] - a[0]; }).slice(0, PROBE).forEach(function (x) { chosen.add(x[1]); });
    });
    return chosen;
  }

  // Deal each block's rows into `columns` slots and `pages` pages (page p, slot c holds the rows
  // p*columns*per + c*per … + per), each slot keeping its rows in reading order.
  function arrange(all, columns, pages) {
    all.forEach(function (b) {
      if (b.arranged === columns + "x" + pages) { return; }  // rows already dealt so
      b.arranged = columns + "x" + pages;
      var shown = b.flexible ? Math.min(columns, b.columns.length) : b.columns.length;
      var used = b.flexible ? shown * b.per : b.slots.length;
      var per = Math.max(1, Math.ceil(b.rows.length / (used * pages)));
      var lists = b.slots.map(function () { return []; });
      b.rows.forEach(function (r, i) {
        var page = Math.floor(i / (used * per)), slot = Math.floor((i % (used * per)) / per);
        r._page = page;
        lists[slot].push(r);
      });
      b.slots.forEach(function (s, i) {
        lists[i].forEach(function (r) { if (r.parentNode !== s || r !== s.lastElementChild) { s.appendChild(r); } });
      });
      if (b.flexible) {
        b.columns.forEach(function (c, i) { c.style.display = i < shown ? "" : "none"; });
        var grid = b.columns[0].parentNode;
        grid.style.gridTemplateColumns = "repeat(" + shown + ", minmax(0, 1fr))";
      }
    });
  }

  function show(all, pages, page) {
    all.forEach(function (b) {
      b.rows.forEach(function (r) { r.hidden = pages > 1 && r._page !== page; });
    });
    var badge = document.getElementById("fit-page");
    if (pages > 1) {
      if (!badge) {
        badge = document.createElement("div");
        badge.id = "fit-page";
        badge.className = "fit-page";
        document.body.appendChild(badge);
      }
      badge.textContent = (page + 1) + " / " + pages;
    } else if (badge) {
      badge.remove();
    }
  }

  function setSize(px) {
    document.documentElement.style.setProperty("--fit-px", px + "px");
    main().style.fontSize = px + "px";
  }
  function clear(all) {
    document.documentElement.style.removeProperty("--fit-px");
    main().style.fontSize = "";
    all.forEach(function (b) {
      if (b.flexible) {
        b.columns.forEach(function (c) { c.style.display = ""; });
        b.columns[0].parentNode.style.gridTemplateColumns = "";
      }
    });
  }

  function tallEnough() { return document.documentElement.scrollHeight <= window.innerHeight + 1; }
  function cut(all) {  // a visible cell (or list item's name) whose text is wider than its box
    for (var i = 0; i < all.length; i++) {
      var cells = all[i].el.querySelectorAll("tr:not([hidden]) > td, tr > th, li:not([hidden]) .name");
      for (var j = 0; j < cells.length; j++) {
        if (cells[j].scrollWidth > cells[j].clientWidth + 1) { return true; }
      }
    }
    return document.documentElement.scrollWidth > document.documentElement.clientWidth + 1;
  }

  // Does size `px` fit with `columns` columns on `pages` pages? The widest case is every row shown
  // (widths do not depend on the rows shown), the tallest the first page.
  function fitsWith(all, px, columns, pages) {
    setSize(px);
    arrange(all, columns, pages);
    if (!cutFree(all)) { return false; }
    show(all, pages, 0);
    return tallEnough();
  }

  function cutFree(all) {  // with only the probe rows shown (widths do not depend on the rows shown)
    all.forEach(function (b) { b.rows.forEach(function (r) { r.hidden = !b.probe.has(r); }); });
    return !cut(all);
  }

  // Type bound by the width leaves height free: taller rows (up to MAX_PAD em of padding) are easier
  // to follow across the screen.
  function spread(all) {
    var root = main(), lo = 0.22, hi = MAX_PAD;
    root.style.setProperty("--row-pad", hi + "em");
    if (tallEnough()) { return; }
    for (var i = 0; i < 7; i++) {
      var mid = (lo + hi) / 2;
      root.style.setProperty("--row-pad", mid.toFixed(3) + "em");
      if (tallEnough()) { lo = mid; } else { hi = mid; }
    }
    root.style.setProperty("--row-pad", lo.toFixed(3) + "em");
  }

  // The fewest pages whose first (fullest) page is short enough, at the current size: bisection.
  function fewestPages(all, columns) {
    // rows of one height: the first page is the fullest; names wrapped (fit-wrap): rows differ, every page counts
    var every = main().classList.contains("fit-wrap");
    var tall = function (p) {
      arrange(all, columns, p);
      for (var page = 0; page < (every ? p : 1); page++) {
        show(all, p, page);
        if (!tallEnough()) { return false; }
      }
      return true;
    };
    var few = 0, many = MAX_PAGES;  // `few` does not fit (0 never does), `many` does (or is the cap)
    while (many - few > 1) {
      var middle = Math.floor((few + many) / 2);
      if (tall(middle)) { many = middle; } else { few = middle; }
    }
    return many;
  }

  // The largest size in [low, high] that fits `columns` × `pages` (`low` fits).
  function largest(all, low, high, columns, pages) {
    var lo = low, hi = high;
    if (fitsWith(all, hi, columns, pages)) { return hi; }
    while (hi - lo > 1) {
      var mid = Math.floor((lo + hi) / 2);
      if (fitsWith(all, mid, columns, pages)) { lo = mid; } else { hi = mid; }
    }
    return lo;
  }

  function fit() {
    if (!main()) { return; }
    var all = blocks();
    show(all, 1, 0);
    main().style.removeProperty("--row-pad");
    main().classList.remove("fit-wrap");
    if (!enabled()) { clear(all); return; }
    var share = parseFloat(main().dataset.minText) || DEFAULT_MIN;
    var low = Math.max(MIN_PX, Math.ceil(window.innerHeight * share - 1e-6));
    var high = Math.max(low, Math.round(window.innerHeight * MAX_VH));
    var most = Math.max.apply(null, [1].concat(all.map(function (b) { return b.flexible ? b.columns.length : b.slots.length; })));
    var columns = most, pages = 1, px = low;
    if (fitsWith(all, low, columns, 1)) {
      px = largest(all, low, high, columns, 1);
    } else {
      // at the smallest size: fewer columns while cells are cut (all of them when even one column
      // cuts: then the cut is not the columns' fault), then as many pages as needed
      setSize(low);
      var wide = columns;
      while (wide >= 1) {
        arrange(all, wide, 1);
        if (cutFree(all)) { break; }
        wide -= 1;
      }
      if (wide < 1) {  // cut whatever the columns: one column, long names wrapped (never cut), paged
        main().classList.add("fit-wrap");
        columns = 1;
        pages = fewestPages(all, columns);
      } else {
        // each column count from `wide` down: its fewest pages, then the largest type on that many
        // pages; fewer columns win when their type is larger for at most half as many pages again
        var best = null;
        for (var c = wide; c >= 1; c--) {
          setSize(low);
          var p = fewestPages(all, c);
          var size = largest(all, low, high, c, p);
          if (!best || (size > best.px && p <= Math.ceil(best.pages * 1.5))) {
            best = {columns: c, pages: p, px: size};
          }
        }
        columns = best.columns;
        pages = best.pages;
        px = best.px;
      }
    }
    setSize(px);
    arrange(all, columns, pages);
    show(all, pages, 0);
    if (!main().classList.contains("fit-wrap")) { spread(all); }  // the first page, the fullest, sets the spacing
    // (names wrapped: rows differ in height, so no page is known to be the fullest: the spacing stays as tried)
    state.pages = pages;
    state.columns = columns;
    state.px = px;
    state.page = Math.min(state.page, pages - 1);
    state.blocks = all;
    show(all, pages, state.page);
    document.body.dataset.fitPages = pages;
    document.body.dataset.fitPx = px;
    document.body.dataset.fitColumns = columns;
  }

  function turn() {
    if (state.pages > 1 && state.blocks) {
      state.page = (state.page + 1) % state.pages;
      show(state.blocks, state.pages, state.page);
      // rotator.js counts the pages really shown (a slow fit under load must not make it skip one)
      document.dispatchEvent(new CustomEvent("echiquier:page", {detail: {page: state.page, pages: state.pages}}));
    }
  }

  var pending = null;
  function later() { clearTimeout(pending); pending = setTimeout(fit, 100); }

  // Live updates never show what the current page does not hold. A row pushed in the stream
  // (echiquier.js) takes the place of the old one on its page; a set or list swapped in by htmx gets
  // the current layout (size, columns, page) in the same task as the swap, before the browser paints,
  // and the whole fit runs again a moment later (also in one task).
  function adopt(old, fresh) {
    fresh._page = old._page;
    (state.blocks || []).forEach(function (b) {
      var i = b.rows.indexOf(old);
      if (i >= 0) { b.rows[i] = fresh; }
      if (b.probe.delete(old)) { b.probe.add(fresh); }
    });
  }
  function keepLayout(evt) {
    var target = evt.detail && evt.detail.target;
    if (!target || !state.blocks || !main() || !enabled()) { return; }
    if (target !== document.body && !target.matches("section.set, section.results")) { return; }
    var all = blocks();
    setSize(state.px);
    arrange(all, state.columns, state.pages);
    state.page = Math.min(state.page, state.pages - 1);
    show(all, state.pages, state.page);
    state.blocks = all;
  }
  document.addEventListener("htmx:afterSwap", keepLayout);

  // `try_(px, columns, pages)`: lay the screen out so, and say whether it fits (tests, debugging)
  function try_(px, columns, pages) { return fitsWith(blocks(), px, columns, pages); }
  window.echiquierFit = {fit: fit, turn: turn, state: state, try_: try_, adopt: adopt, pageSeconds: PAGE_SECONDS};
  function start() {
    fit();
    state.timer = setInterval(turn, PAGE_SECONDS * 1000);
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
  window.addEventListener("resize", later);
  document.addEventListener("htmx:afterSettle", later);
  document.addEventListener("echiquier:rows-swapped", later);
  if (document.fonts && document.fonts.ready) { document.fonts.ready.then(later); }
})();
