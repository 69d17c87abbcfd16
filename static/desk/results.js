/* Result entry with the keyboard. A result key (1 = 5 ½ 0 + -) in a board's field saves
   that board in place (htmx) and selects the next board; Enter saves what is typed; the
   arrow keys move between boards; Escape puts back what was there. Each line shows its
   state (not saved yet, saving, saved, error) and a live region reads it out. The server
   answers with the board's line: 200 saved, 409 someone else saved it meanwhile (their
   result is shown with the message), 400 an unknown code; nothing is swallowed. On a board
   the players reported (and agree on), Enter in the empty field confirms their result. */
(function () {
  "use strict";
  const table = document.getElementById("results");
  if (!table) return;

  // 4xx answers carry the line with its message: swap them in like successes.
  htmx.config.responseHandling = [
    { code: "204", swap: false },
    { code: "[23]..", swap: true },
    { code: "4..", swap: true, error: false },
    { code: "...", swap: false, error: true },
  ];
  htmx.config.timeout = 15000;

  const KEYS = { "1": "1", "=": "=", "5": "=", "½": "=", "0": "0", "+": "+", "-": "-" };
  const text = {
    unsaved: table.dataset.textUnsaved,
    saving: table.dataset.textSaving,
    failed: table.dataset.failed,
    // "Board {board}: {message}" in the page's language
    announced: table.dataset.textAnnounced,
  };
  const announcer = document.getElementById("results-announcer");
  const csrf = document.querySelector('#results-form input[name="csrfmiddlewaretoken"]');

  function inputs() {
    return Array.from(table.querySelectorAll(".result-input"));
  }

  function line(gameId) {
    return document.getElementById("board-" + gameId);
  }

  function show(row, state, message) {
    if (!row) return;
    row.dataset.state = state;
    row.classList.toggle("table-danger", state === "error");
    row.querySelector(".result-input").classList.toggle("is-invalid", state === "error");
    row.querySelector(".state").textContent = message;
  }

  function announce(row) {
    if (row && announcer) {
      // the server's refusals name their board already; the other states get its name
      const board = text.announced.replace("{board}", row.querySelector("th").textContent.trim());
      const state = row.querySelector(".state").textContent.trim();
      const named = board.split("{message}")[0].trim();
      announcer.textContent = state.startsWith(named) ? state : board.replace("{message}", state);
    }
  }

  function failed(row) {
    show(row, "error", text.failed);
    announce(row);
  }

  // One save at a time, in the order typed; each reads its board's version when it is
  // sent, so a board typed twice quickly sends the version its first save returned.
  // The request's source sits outside the form, so that htmx sends these values only.
  let queue = Promise.resolve();

  function save(input, key) {
    const gameId = input.dataset.game;
    show(line(gameId), "saving", text.saving);
    queue = queue
      .then(() => {
        const row = line(gameId);
        return htmx.ajax("POST", input.dataset.save, {
          source: announcer,
          target: row,
          swap: "outerHTML",
          headers: { "X-CSRFToken": csrf ? csrf.value : "" },
          values: { result: key, version: row.querySelector(".version").value },
        });
      })
      .then(() => announce(line(gameId)))
      .catch(() => failed(line(gameId)));
  }

  // Confirming what the players reported: the same queue, the board's line comes back.
  function confirm(input) {
    const gameId = input.dataset.game;
    input.value = input.dataset.reported;
    show(line(gameId), "saving", text.saving);
    queue = queue
      .then(() => {
        const row = line(gameId);
        return htmx.ajax("POST", input.dataset.confirm, {
          source: announcer,
          target: row,
          swap: "outerHTML",
          headers: { "X-CSRFToken": csrf ? csrf.value : "" },
          values: {
            confirm: row.querySelector(".result-input").dataset.reported,
            version: row.querySelector(".version").value,
          },
        });
      })
      .then(() => announce(line(gameId)))
      .catch(() => failed(line(gameId)));
  }

  ["htmx:sendError", "htmx:responseError", "htmx:timeout"].forEach((name) => {
    document.addEventListener(name, (event) => {
      const target = event.detail && event.detail.target;
      if (target && target.classList && target.classList.contains("result-line")) {
        failed(target);
      }
    });
  });

  function move(input, step) {
    const all = inputs();
    const other = all[all.indexOf(input) + step];
    if (other) {
      other.focus();
      other.select();
    }
  }

  table.addEventListener("keydown", (event) => {
    const input = event.target.closest && event.target.closest(".result-input");
    if (!input || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      move(input, event.key === "ArrowDown" ? 1 : -1);
      return;
    }
    if (input.readOnly) return;
    if (event.key in KEYS) {
      event.preventDefault();
      input.value = KEYS[event.key];
      save(input, KEYS[event.key]);
      move(input, 1);
    } else if (event.key === "Enter" && !input.value.trim() && input.dataset.confirm) {
      // the players' reported result, confirmed with one key
      event.preventDefault();
      confirm(input);
      move(input, 1);
    } else if (event.key === "Enter") {
      event.preventDefault();
      save(input, input.value.trim());
      move(input, 1);
    } else if (event.key === "Escape") {
      event.preventDefault();
      const row = input.closest(".result-line");
      input.value = input.dataset.shown;
      if (row.dataset.restoreState) {
        show(row, row.dataset.restoreState, row.dataset.restoreText);
        delete row.dataset.restoreState;
      }
    }
  });

  table.addEventListener("input", (event) => {
    const row = event.target.closest && event.target.closest(".result-line");
    if (!row) return;
    if (!row.dataset.restoreState) {
      // what Escape puts back
      row.dataset.restoreState = row.dataset.state;
      row.dataset.restoreText = row.querySelector(".state").textContent;
    }
    show(row, "unsaved", text.unsaved);
  });

  const open = inputs().filter((input) => !input.readOnly);
  const first = open.find((input) => !input.value) || open[0];
  if (first) {
    first.focus();
    first.select();
  }
})();
