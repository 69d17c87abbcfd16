/* Steps through a game without reloading: swaps the board image (an SVG drawn by the
   server) and marks the current move. Without JS, the links reload the page. */
(function () {
  "use strict";
  const data = document.getElementById("viewer-data");
  if (!data) return;
  const viewer = JSON.parse(data.textContent);
  const board = document.getElementById("board");
  const moves = Array.from(document.querySelectorAll("#moves a.move"));
  let current = viewer.current;
  const last = viewer.boards.length - 1;

  function show(ply) {
    current = Math.max(0, Math.min(last, ply));
    board.src = viewer.boards[current];
    moves.forEach((move) => move.classList.toggle("current", Number(move.dataset.ply) === current));
  }
  const steps = { first: () => 0, previous: () => current - 1, next: () => current + 1, last: () => last };
  document.querySelectorAll("[data-step]").forEach((button) => {
    button.addEventListener("click", (event) => { event.preventDefault(); show(steps[button.dataset.step]()); });
  });
  moves.forEach((move) => move.addEventListener("click", (event) => { event.preventDefault(); show(Number(move.dataset.ply)); }));
  document.addEventListener("keydown", (event) => {
    if (event.key === "ArrowLeft") show(current - 1);
    if (event.key === "ArrowRight") show(current + 1);
    if (event.key === "Home") show(0);
    if (event.key === "End") show(last);
  });
})();
