// The results page of a round: "pair the next round" (and on the last round "close the
// event") appears once every board is saved, "undo the pairing" disappears once one is.
(function () {
  "use strict";
  var table = document.getElementById("results");
  if (!table) { return; }
  function update() {
    var lines = Array.prototype.slice.call(table.querySelectorAll(".result-line"));
    var saved = lines.filter(function (line) { return line.dataset.state === "saved"; }).length;
    var next = document.getElementById("next-round-actions");
    var undo = document.getElementById("undo-actions");
    var close = document.getElementById("close-actions");
    if (next) { next.hidden = !(lines.length && saved === lines.length); }
    if (close) { close.hidden = !(lines.length && saved === lines.length); }
    if (undo) { undo.hidden = saved > 0; }
  }
  new MutationObserver(update).observe(table, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-state"] });
  update();
})();
