"""Interclub pages: public ones under ``/interclubs/``, the secretary's under
``/secretariat/interclubs/``."""

from django.urls import path

from interclub import desk_views, views

app_name = "interclub"

urlpatterns = [
    path("interclubs/", views.divisions, name="divisions"),
    path("interclubs/divisions/<int:pk>/", views.division, name="division"),
    path("interclubs/matchs/<int:pk>/", views.match, name="match"),
    path("secretariat/interclubs/", desk_views.divisions, name="desk_divisions"),
    path(
        "secretariat/interclubs/divisions/nouvelle/",
        desk_views.division_new,
        name="desk_division_new",
    ),
    path(
        "secretariat/interclubs/divisions/<int:pk>/match/",
        desk_views.match_new,
        name="desk_match_new",
    ),
    path("secretariat/interclubs/matchs/<int:pk>/", desk_views.match, name="desk_match"),
    path(
        "secretariat/interclubs/matchs/<int:pk>/equipes/<int:team>/",
        desk_views.lineup,
        name="desk_lineup",
    ),
]
