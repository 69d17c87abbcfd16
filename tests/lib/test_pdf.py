"""lib.pdf: a page as a PDF reads the site's own static files and nothing else."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from pypdf import PdfReader
from weasyprint.urls import URLFetcher

from lib.pdf import StaticFetcher, html_to_pdf, static_file


def test_it_finds_the_sites_static_files_only() -> None:
    found = static_file("/static/desk/print.css")
    assert found is not None and found.name == "print.css"
    assert "@page" in found.read_text()
    for refused in (
        "/static/../config/settings/base.py",
        "/static//etc/passwd",
        "/etc/passwd",
        "/secretariat/",
        "/static/",
        "/static/desk/no-such-file.css",
    ):
        assert static_file(refused) is None, refused


def test_its_fetcher_refuses_any_other_address() -> None:
    fetcher: URLFetcher = StaticFetcher()
    response = fetcher.fetch("http://testserver/static/desk/print.css")
    assert response.content_type == "text/css" and b"@page" in response.read()
    for address in ("http://example.org/", "file:///etc/passwd", "http://testserver/admin/"):
        with pytest.raises(ValueError, match="not a static file of the site"):
            fetcher.fetch(address)


def test_a_page_becomes_a_pdf_with_its_print_stylesheet() -> None:
    """The A4 sheet of static/desk/print.css, linked as the pages link it."""
    html = (
        '<html><head><link rel="stylesheet" href="/static/desk/print.css" media="print">'
        '<link rel="stylesheet" href="/static/desk/print-landscape.css" media="print">'
        "</head><body><p>Ronde 1</p></body></html>"
    )
    pdf = html_to_pdf(html, "http://testserver/secretariat/")
    assert pdf.startswith(b"%PDF-")
    page = PdfReader(io.BytesIO(pdf)).pages[0]
    # A4 sideways: 842 × 595 points
    assert (round(page.mediabox.width), round(page.mediabox.height)) == (842, 595)
    assert "Ronde 1" in page.extract_text()


PDF_TEMPLATES = Path(__file__).resolve().parents[2] / "scripts" / "pdf_templates.txt"


def _cells_text(html: str) -> list[str]:
    table = f"<table style='border-collapse: collapse' border='1'><tr>{html}</tr></table>"
    page = html_to_pdf(table, "http://testserver/")
    reader = PdfReader(io.BytesIO(page))
    return [" ".join(line.split()) for line in reader.pages[0].extract_text().splitlines()]


def test_weasyprint_lays_out_a_cell_written_on_lines_of_its_own_otherwise() -> None:
    """Why the documents' templates keep their cells tight (scripts/pdf_templates.txt):
    browsers lay out both rows below alike, WeasyPrint 70.0 gives the second's columns
    other widths (in a narrower table a name goes to two lines:
    docs/upstream/weasyprint-cell-whitespace.md). The day this fails, WeasyPrint may lay
    such cells out as browsers do, and the templates take djlint's layout."""
    tight = "<td>1</td><td>WOUTERS Véronique</td><td>BEL</td>"
    spaced = "<td>\n  1\n</td><td>\n  WOUTERS Véronique\n</td><td>BEL</td>"
    # pypdf reads a wide gap between two cells as a space: the columns stand elsewhere
    assert _cells_text(tight) == ["1WOUTERS VéroniqueBEL"]
    assert _cells_text(spaced) == ["1WOUTERS Véronique BEL"]


def test_the_documents_templates_keep_their_cells_tight() -> None:
    """No cell of a document laid out as a PDF opens or closes on a line break."""
    root = PDF_TEMPLATES.parents[1]
    names = [n for n in PDF_TEMPLATES.read_text().splitlines() if n and not n.startswith("#")]
    assert "templates/desk/print/pairings.html" in names
    for name in names:
        source = (root / name).read_text()
        assert not re.search(r"<t[dh]\b[^>]*>\n|\n\s*</t[dh]>", source), name
