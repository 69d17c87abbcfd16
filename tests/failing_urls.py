"""The site's URLs and one page that fails, to see the 500 page."""

from django.conf.urls.i18n import i18n_patterns
from django.http import HttpRequest, HttpResponse
from django.urls import path

from config.urls import handler500, urlpatterns

__all__ = ["handler500", "urlpatterns"]


def failing(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("a bug")


urlpatterns = [
    *i18n_patterns(path("panne/", failing), prefix_default_language=False),
    *urlpatterns,
]
