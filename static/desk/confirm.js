// Forms whose action cannot be taken back in one click ask first: the question is the
// form's data-confirm-text (written in the page's language by the template). Without
// JavaScript the form is sent at once, as before.
(function () {
  "use strict";
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var question = form.dataset && form.dataset.confirmText;
    if (question && event.submitter && event.submitter.dataset.confirm !== "no" && !window.confirm(question)) {
      event.preventDefault();
    }
  });
})();
