// The "Print" button of a document an arbiter prints (templates/desk/print/document.html):
// the browser's print dialog, with the print stylesheet's A4 pages.
document.querySelectorAll("[data-print]").forEach((button) => {
  button.addEventListener("click", () => window.print());
});
