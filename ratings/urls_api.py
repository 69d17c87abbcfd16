"""The ratings JSON API, outside the language prefix: ``/api/ratings/...``
(``ratings.views.calculator_api``, django-ninja)."""

from django.urls import URLPattern, URLResolver, path

from ratings.views import calculator_api

app_name = "ratings_api"

_patterns, _app_name, _namespace = calculator_api.api.urls

urlpatterns: list[URLPattern | URLResolver] = [
    # django-ninja's operations (``calculate``), without its root page, which only answers
    # 404 with the address of a documentation page the site does not serve
    *(pattern for pattern in _patterns if getattr(pattern, "name", None) != "api-root"),
    path("openapi.json", calculator_api.calculator_openapi, name="openapi"),
]
