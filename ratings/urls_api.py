"""The ratings JSON API, outside the language prefix: ``/api/ratings/...``."""

from django.urls import path

from ratings.views import calculator as views

app_name = "ratings_api"

urlpatterns = [
    path("calculate", views.calculate_api, name="calculate"),
    path("openapi.json", views.calculator_openapi, name="openapi"),
]
