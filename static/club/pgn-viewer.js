/* Steps through a game without reloading: swaps the board image (an SVG drawn by the
   server) and marks the current move. The positions (board, previous, next, label) come
   from the server in #viewer-data, those of the page of moves shown (keyed by number, each
   with the last position of its line); a position off that page is asked of the server,
   as the links do without JS. */
(function () {
  "use strict";
  const data = document.getElementById("viewer-data");
  if (!data) return;
  const viewer = JSON.parse(data.textContent);
  const positions = viewer.positions;
  const board = document.getElementById("board");
  const moves = Array.from(document.querySelectorAll("#moves a.move"));
  const buttons = Array.from(document.querySelectorAll("[data-step]"));
  let current = viewer.current;

  function lastOf(id) {
    return positions[id].last;
  }
  function targets() {
    const here = positions[current];
    return {
      first: current === 0 ? null : 0,
      previous: here.parent,
      next: here.next,
      last: here.next === null ? null : lastOf(current),
    };
  }
  function show(id) {
    if (id === null || id === undefined) return;
    if (!positions[id]) {
      window.location.search = "?move=" + id; // another page of moves
      return;
    }
    current = id;
    const here = positions[current];
    board.src = here.board;
    board.alt = here.label ? board.dataset.after + " " + here.label : board.dataset.start;
    moves.forEach((move) => {
      const on = Number(move.dataset.position) === current;
      move.classList.toggle("current", on);
      if (on) move.setAttribute("aria-current", "step");
      else move.removeAttribute("aria-current");
    });
    const next = targets();
    buttons.forEach((button) => {
      const target = next[button.dataset.step];
      button.classList.toggle("disabled", target === null);
      if (target === null) {
        button.removeAttribute("href");
        button.setAttribute("role", "link"); // a link without its address: named, disabled
        button.setAttribute("aria-disabled", "true");
      } else {
        button.setAttribute("href", "?move=" + target);
        button.removeAttribute("role");
        button.removeAttribute("aria-disabled");
      }
    });
  }
  buttons.forEach((button) => {
    button.addEventListener("click", (event) => {
      event.preventDefault();
      show(targets()[button.dataset.step]);
    });
  });
  moves.forEach((move) => move.addEventListener("click", (event) => {
    event.preventDefault();
    show(Number(move.dataset.position));
  }));
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest && event.target.closest("input, textarea, select")) return;
    const step = { ArrowLeft: "previous", ArrowRight: "next", Home: "first", End: "last" }[event.key];
    if (!step) return;
    const target = targets()[step];
    event.preventDefault();
    show(target);
  });
})();
