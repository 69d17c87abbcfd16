// The check-in page: a key on a player's line chooses the status and selects the next line.
(function () {
  "use strict";
  var form = document.getElementById("checkin-form");
  if (!form) { return; }
  var KEYS = { p: "present", h: "half", d: "half", z: "zero", a: "zero", "0": "zero", w: "withdrawn", r: "withdrawn" };
  var lines = Array.prototype.slice.call(form.querySelectorAll(".checkin-line"));
  var counter = document.getElementById("checkin-count");

  function count() {
    var present = form.querySelectorAll('input[value="present"]:checked').length;
    if (counter) { counter.textContent = present + " / " + lines.length; }
  }
  function choose(line, status) {
    var input = line.querySelector('input[value="' + status + '"]');
    if (input && !input.disabled) { input.checked = true; line.dataset.status = status; }
    return input;
  }
  form.addEventListener("keydown", function (event) {
    var line = event.target.closest && event.target.closest(".checkin-line");
    if (!line || event.ctrlKey || event.metaKey || event.altKey) { return; }
    var status = KEYS[event.key.toLowerCase()];
    if (!status) { return; }
    event.preventDefault();
    choose(line, status);
    count();
    var next = lines[lines.indexOf(line) + 1];
    var target = next ? next.querySelector("input:checked") || next.querySelector("input") : null;
    if (target) { target.focus(); } else { (document.getElementById("pair-round") || document.getElementById("save-checkin")).focus(); }
  });
  form.addEventListener("change", count);
  form.querySelectorAll("[data-all]").forEach(function (button) {
    button.addEventListener("click", function () {
      lines.forEach(function (line) {
        if (line.dataset.status !== "withdrawn") { choose(line, button.dataset.all); }
      });
      count();
    });
  });
  count();
  var first = lines.length ? lines[0].querySelector("input:checked") : null;
  if (first && !first.disabled) { first.focus(); }
})();
