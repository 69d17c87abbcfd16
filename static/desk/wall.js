// The wall display's pages (templates/desk/print/wall.html): each table shows the rows
// that fit its box, and the next ones every data-page-seconds, back to the first after
// the last; so every board and every player comes up on any projector. The page it shows
// survives htmx's refresh of the content and is measured again when the window changes.
(function () {
  "use strict";
  var turned = {}; // table id -> page shown
  var timer = null;

  function pagesOf(pager) {
    var table = pager.querySelector("table");
    var rows = Array.prototype.slice.call(table.tBodies[0].rows);
    rows.forEach(function (row) { row.hidden = false; });
    var room = pager.clientHeight - (table.tHead ? table.tHead.offsetHeight : 0) - 2;
    var pages = [];
    var start = 0;
    var used = 0;
    rows.forEach(function (row, i) {
      var height = row.getBoundingClientRect().height;
      if (i > start && used + height > room) {
        pages.push(rows.slice(start, i));
        start = i;
        used = 0;
      }
      used += height;
    });
    if (rows.length) pages.push(rows.slice(start));
    return pages;
  }

  function show(pager, turn) {
    var id = pager.querySelector("table").id;
    var pages = pagesOf(pager);
    var page = (turned[id] || 0) + (turn ? 1 : 0);
    if (page >= pages.length) page = 0;
    turned[id] = page;
    pages.forEach(function (rows, n) {
      rows.forEach(function (row) { row.hidden = n !== page; });
    });
    var label = document.querySelector('[data-page-of="' + id + '"]');
    if (label) label.textContent = pages.length > 1 ? (page + 1) + " / " + pages.length : "";
  }

  function layout(turn) {
    document.querySelectorAll(".wall-pager").forEach(function (pager) { show(pager, turn); });
  }

  function start() {
    var wall = document.getElementById("wall");
    if (!wall) return;
    document.documentElement.classList.add("wall-js");
    layout(false);
    var seconds = Number(wall.dataset.pageSeconds) || 12;
    clearInterval(timer);
    timer = setInterval(function () { layout(true); }, seconds * 1000);
  }

  window.addEventListener("resize", function () { layout(false); });
  document.addEventListener("htmx:afterSettle", function () { layout(false); });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
