"""The public site's pages and a member's own space (inside the language prefix)."""

from django.urls import URLPattern, path

from public.views import calendar as views_calendar
from public.views import downloads
from public.views import entries as views_entries
from public.views import pages as views
from public.views import reports as views_reports
from public.views import site as views_site

urlpatterns: list[URLPattern] = [
    path("", views.home, name="home"),
    path("calendrier/", views_calendar.calendar, name="calendar"),
    path("calendrier.ics", views_calendar.public_feed, name="calendar_feed"),
    path("calendrier/<uuid:token>.ics", views_calendar.member_feed, name="member_feed"),
    path("tournois/", views.tournaments, name="tournaments"),
    path("evenements/<int:pk>/", views.event, name="event"),
    path("evenements/<int:pk>/parties.pgn", downloads.event_pgn, name="event_pgn"),
    path("evenements/<int:pk>/inscription/", views_entries.enter, name="entry_form"),
    path("inscription/<str:token>/", views_entries.entry_link, name="entry_link"),
    path("parties/", views.games, name="games"),
    path("parties/<int:pk>/", views.game, name="game"),
    path("parties/<int:pk>/position/<int:ply>.svg", views.game_board, name="game_board"),
    path("articles/", views_site.articles, name="articles"),
    path("articles/<slug:slug>/", views_site.article, name="article"),
    path("membres/", views.members, name="members"),
    path("membres/<int:pk>/", views.member, name="member"),
    path("membres/<int:pk>/historique/", views.member_changes, name="member_changes"),
    path("membres/<int:pk>/parties/", views.member_games_page, name="member_games"),
    path("membres/<int:pk>/parties.pgn", downloads.member_pgn, name="member_pgn"),
    path(
        "membres/<int:pk>/calculs/<int:batch>/",
        views.member_calculation,
        name="member_calculation",
    ),
    path("classements/", views.rankings, name="rankings"),
    path("classements/<int:pk>/", views.ranking, name="ranking"),
    path("liens/", views_site.links, name="links"),
    path("contact/", views_site.contact, name="contact"),
    path("resultat/", views_reports.report_result, name="report_result"),
    path("mon-espace/", views_site.my_space, name="my_space"),
    path(
        "mon-espace/calendrier/",
        views_site.renew_calendar_token,
        name="renew_calendar_token",
    ),
]
