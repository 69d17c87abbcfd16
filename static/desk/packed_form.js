/* Forms of one row a game or a player (the PGN and TRF previews: up to 1,000 rows of two
   or three fields). Django refuses a form of more than 1,000 fields
   (DATA_UPLOAD_MAX_NUMBER_FIELDS), so on submit the fields of the rows ([data-rows]) are
   written into the form's one hidden field named by its data-packed attribute, as a
   query string, and left out of the form (disabled) : the server reads them back from
   it (lib/packed_fields.py). Without JS the fields are sent one by one, as before. */
(function () {
  "use strict";
  function pack(form) {
    var target = form.elements[form.dataset.packed];
    if (!target) { return; }
    var params = new URLSearchParams();
    form.querySelectorAll("[data-rows] [name]").forEach(function (field) {
      if (field.disabled) { return; }
      if ((field.type === "checkbox" || field.type === "radio") && !field.checked) { return; }
      params.append(field.name, field.value);
      field.disabled = true;
    });
    target.value = params.toString();
  }
  document.querySelectorAll("form[data-packed]").forEach(function (form) {
    form.addEventListener("submit", function () { pack(form); });
  });
  // back to the page from the browser's cache: the rows' fields usable again
  window.addEventListener("pageshow", function () {
    document.querySelectorAll("form[data-packed] [data-rows] [name]").forEach(function (field) {
      field.disabled = false;
    });
  });
})();
