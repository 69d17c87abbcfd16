// "Copy" buttons: data-copy names the field whose value goes to the clipboard; the button
// says data-copied for a moment. Shown only where the browser can copy (a secure page).
(function () {
  "use strict";
  if (!navigator.clipboard) { return; }
  document.querySelectorAll("button[data-copy]").forEach(function (button) {
    var field = document.getElementById(button.dataset.copy);
    if (!field) { return; }
    var label = button.textContent;
    button.hidden = false;
    button.addEventListener("click", function () {
      navigator.clipboard.writeText(field.value).then(function () {
        button.textContent = button.dataset.copied;
        window.setTimeout(function () { button.textContent = label; }, 2000);
      });
    });
  });
})();
