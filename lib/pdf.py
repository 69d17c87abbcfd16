"""A page of the site as a PDF file: WeasyPrint lays out the HTML it is given with its print
stylesheet (``@page``, ``media="print"``), as the browser prints it.

The page's stylesheets and images are read from the site's own static files, never over
the network: any other address (another site, a page of this one, ``file:``) is refused,
so that a document can make the server fetch nothing it was not meant to."""

from __future__ import annotations

import logging
import mimetypes
from pathlib import Path
from urllib.parse import unquote, urlsplit

from django.conf import settings
from django.contrib.staticfiles import finders
from weasyprint import HTML
from weasyprint.urls import URLFetcher, URLFetcherResponse

# WeasyPrint says so of every rule of Bootstrap it does not lay out (screen media
# queries, sticky positions...): a page of warnings a document, none about the document.
logging.getLogger("weasyprint").setLevel(logging.ERROR)


def static_file(path: str) -> Path | None:
    """The file a ``/static/...`` address serves: from the static folders (development,
    tests) or from ``STATIC_ROOT`` (after ``collectstatic``, manifest names included).
    None for any other address or a name that leaves the folders."""
    prefix = "/" + settings.STATIC_URL.strip("/") + "/"
    if not path.startswith(prefix):
        return None
    name = unquote(path.removeprefix(prefix))
    if not name or name.startswith("/") or ".." in Path(name).parts:
        return None
    found = finders.find(name)
    if isinstance(found, str):
        return Path(found)
    collected = Path(settings.STATIC_ROOT) / name
    return collected if collected.is_file() else None


class StaticFetcher(URLFetcher):
    """WeasyPrint's URL fetcher limited to the site's static files."""

    def fetch(self, url: str, headers: object = None) -> URLFetcherResponse:
        found = static_file(urlsplit(url).path)
        if found is None:
            raise ValueError(f"not a static file of the site: {url}")
        content_type = mimetypes.guess_type(found.name)[0] or "application/octet-stream"
        return URLFetcherResponse(url, found.read_bytes(), {"Content-Type": content_type})


def html_to_pdf(html: str, base_url: str) -> bytes:
    """``html`` (a whole page, its links relative to ``base_url``) as a PDF document."""
    document = HTML(string=html, base_url=base_url, url_fetcher=StaticFetcher())
    return document.write_pdf()
