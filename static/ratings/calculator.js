/* Shows the K field only for systems that take one. The page works without it. */
(function () {
  "use strict";
  const system = document.getElementById("id_system");
  const kField = document.getElementById("k-field");
  if (!system || !kField) return;
  const withK = kField.dataset.systems.split(" ");
  const update = () => { kField.hidden = !withK.includes(system.value); };
  system.addEventListener("change", update);
  update();
})();
