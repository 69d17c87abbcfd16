"""Interclub pages: public ones under ``/interclubs/``, the secretary's under
``/secretariat/interclubs/``."""

from django.urls import path

from interclub.views import desk as views_desk
from interclub.views import public as views

app_name = "interclub"

urlpatterns = [
    path("interclubs/", views.divisions, name="divisions"),
    path("interclubs/divisions/<int:pk>/", views.division, name="division"),
    path("interclubs/matchs/<int:pk>/", views.match, name="match"),
    path("secretariat/interclubs/", views_desk.divisions, name="desk_divisions"),
    path(
        "secretariat/interclubs/divisions/nouvelle/",
        views_desk.division_new,
        name="desk_division_new",
    ),
    path(
        "secretariat/interclubs/divisions/<int:pk>/match/",
        views_desk.match_new,
        name="desk_match_new",
    ),
    path("secretariat/interclubs/matchs/<int:pk>/", views_desk.match, name="desk_match"),
    path(
        "secretariat/interclubs/matchs/<int:pk>/feuille/",
        views_desk.match_sheet,
        name="desk_match_sheet",
    ),
    path(
        "secretariat/interclubs/matchs/<int:pk>/equipes/<int:team>/",
        views_desk.lineup,
        name="desk_lineup",
    ),
]
