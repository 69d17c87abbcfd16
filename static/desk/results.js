/* Result entry with the keyboard: a key saves the board in place (htmx) and moves on.
   Conflicts and bad codes come back as the board's line, marked as an error. */
(function () {
  "use strict";
  // Show 4xx answers: they carry the line with its error message.
  htmx.config.responseHandling = [
    { code: "204", swap: false },
    { code: "[23]..", swap: true },
    { code: "4..", swap: true, error: false },
    { code: "...", swap: false, error: true },
  ];
  const KEYS = { "1": "1", "=": "=", "5": "=", "½": "=", "0": "0", "+": "+", "-": "-" };

  function inputs() { return Array.from(document.querySelectorAll(".result-input")); }

  // One save at a time, in the order typed: the server never sees two boards racing.
  let queue = Promise.resolve();

  function save(input, key) {
    const row = input.closest("tr");
    row.dataset.state = "saving";
    row.querySelector(".state").textContent = "…";
    queue = queue.then(() => htmx.ajax("POST", input.dataset.save, {
      source: input, target: row, swap: "outerHTML",
      values: { result: key, version: row.querySelector('input[name="version"]').value },
    })).catch(() => undefined);
  }

  document.addEventListener("htmx:responseError", (event) => {
    const row = event.detail.target && event.detail.target.closest(".result-line");
    if (row) {
      row.dataset.state = "error";
      row.querySelector(".state").textContent = row.closest("table").dataset.failed;
    }
  });

  function next(input) {
    const all = inputs();
    const following = all[all.indexOf(input) + 1];
    if (following) following.focus();
  }

  document.addEventListener("keydown", (event) => {
    const input = event.target.closest && event.target.closest(".result-input");
    if (!input) return;
    if (event.key in KEYS) {
      event.preventDefault();
      input.value = KEYS[event.key];
      save(input, KEYS[event.key]);
      next(input);
    } else if (event.key === "Enter") {
      event.preventDefault();
      save(input, input.value);
      next(input);
    }
  });
  document.addEventListener("input", (event) => {
    const row = event.target.closest && event.target.closest(".result-line");
    if (row) { row.dataset.state = "unsaved"; row.querySelector(".state").textContent = "●"; }
  });
  const first = inputs().find((input) => !input.value) || inputs()[0];
  if (first) first.focus();
})();
