"""The site's own error pages, in the visitor's language (French, English at /en/)."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponseServerError
from django.template import loader
from django.views.decorators.csrf import requires_csrf_token


@requires_csrf_token
def server_error(request: HttpRequest) -> HttpResponseServerError:
    """500: the template is rendered without the request's context processors (they may
    read the database, which may be what failed), with the club's name only."""
    template = loader.get_template("500.html")
    return HttpResponseServerError(template.render({"club_name": settings.CLUB_NAME}))
