// Illegal-move marks on input screens (docs/screens.md §11): one delegated listener for every flag button.
// It runs in the capture phase so that a tap on a flag never opens the row's result dialog.
(function () {
  "use strict";
  document.addEventListener("click", function (evt) {
    var button = evt.target.closest && evt.target.closest("button.flag[data-player]");
    if (!button) { return; }
    evt.stopPropagation();
    evt.preventDefault();
    var row = button.closest("tr[id^='game-']");
    var main = document.querySelector("main[data-event]");
    if (!row || !main) { return; }
    var parts = row.id.split("-"); // game-<tournament>-<round>-<white>
    htmx.ajax("POST", "/screen/" + main.dataset.event + "/" + document.body.dataset.screen + "/illegal", {
      target: "#" + row.id, swap: "outerHTML", source: button,
      values: {tournament_id: parts[1], round: parts[2], player_id: button.dataset.player,
               action: button.dataset.action}
    });
  }, true);
})();
