"""lib.pdf: a page as a PDF reads the site's own static files and nothing else."""

from __future__ import annotations

import io

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
