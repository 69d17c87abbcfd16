"""The ratings JSON API, outside the language prefix: ``/api/ratings/...``."""

app_name = "ratings_api"

urlpatterns: list = []
