"""The site's own error pages, in the visitor's language (French, English at /en/)."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import TooManyFieldsSent
from django.http import HttpRequest, HttpResponseBadRequest, HttpResponseServerError
from django.template import loader
from django.utils.translation import gettext as _
from django.views.decorators.csrf import requires_csrf_token


@requires_csrf_token
def bad_request(request: HttpRequest, exception: Exception) -> HttpResponseBadRequest:
    """400: Django refused the request before any view read it. A form of more fields than
    ``DATA_UPLOAD_MAX_NUMBER_FIELDS`` is named as such (a preview of a few hundred rows sent
    without the page's script, ``lib/packed_fields.py``); any other refusal gets the
    template's general words."""
    problem = ""
    if isinstance(exception, TooManyFieldsSent):
        problem = _(
            "This form sent more than %(limit)s fields, more than the site reads at once: "
            "a preview of more than about 300 rows is sent in one field by the page's "
            "script, which your browser did not run. Nothing was saved: go back, allow "
            "JavaScript for this site, or split the file into smaller ones."
        ) % {"limit": settings.DATA_UPLOAD_MAX_NUMBER_FIELDS}
    template = loader.get_template("400.html")
    return HttpResponseBadRequest(
        template.render({"problem": problem, "club_name": settings.CLUB_NAME}, request)
    )


@requires_csrf_token
def server_error(request: HttpRequest) -> HttpResponseServerError:
    """500: the template is rendered without the request's context processors (they may
    read the database, which may be what failed), with the club's name only."""
    template = loader.get_template("500.html")
    return HttpResponseServerError(template.render({"club_name": settings.CLUB_NAME}))
