// A new event: choosing its kind fills in what such an event usually is (rounds, system,
// time control, interval, tiebreaks); every field stays free to change afterwards.
(function () {
  "use strict";
  var data = document.getElementById("kind-defaults");
  var kind = document.getElementById("id_kind");
  if (!data || !kind) { return; }
  var defaults = JSON.parse(data.textContent);
  function set(id, value) {
    var field = document.getElementById(id);
    if (field) { field.value = value; field.dispatchEvent(new Event("change", { bubbles: true })); }
  }
  kind.addEventListener("change", function () {
    var usual = defaults[kind.value];
    if (!usual) { return; }
    ["time_control", "system", "rounds", "interval_days", "interval_minutes"].forEach(function (name) {
      if (name in usual) { set("id_" + name, usual[name]); }
    });
    var keys = (usual.tiebreaks || "").split(",").filter(Boolean);
    document.querySelectorAll(".tiebreak-select").forEach(function (select, n) {
      select.value = keys[n] || "";
    });
  });
})();
