from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import URLPattern, URLResolver, include, path

from club import views, views_calendar, views_site
from club.lib.account_language import AccountLanguagePasswordResetForm

urlpatterns: list[URLPattern | URLResolver] = [
    path("api/ratings/", include("ratings.urls_api")),
]

urlpatterns += i18n_patterns(
    path("", views.home, name="home"),
    path("calendrier/", views_calendar.calendar, name="calendar"),
    path("calendrier.ics", views_calendar.public_feed, name="calendar_feed"),
    path("calendrier/<uuid:token>.ics", views_calendar.member_feed, name="member_feed"),
    path("tournois/", views.tournaments, name="tournaments"),
    path("evenements/<int:pk>/", views.event, name="event"),
    path("parties/", views.games, name="games"),
    path("parties/<int:pk>/", views.game, name="game"),
    path("parties/<int:pk>/position/<int:ply>.svg", views.game_board, name="game_board"),
    path("articles/", views_site.articles, name="articles"),
    path("articles/<slug:slug>/", views_site.article, name="article"),
    path("membres/", views.members, name="members"),
    path("membres/<int:pk>/", views.member, name="member"),
    path("membres/<int:pk>/historique/", views.member_changes, name="member_changes"),
    path("membres/<int:pk>/parties/", views.member_games_page, name="member_games"),
    path(
        "membres/<int:pk>/calcul/<int:change>/",
        views.member_calculation,
        name="member_calculation",
    ),
    path("classements/", views.rankings, name="rankings"),
    path("classements/<int:pk>/", views.ranking, name="ranking"),
    path("liens/", views_site.links, name="links"),
    path("contact/", views_site.contact, name="contact"),
    path("mon-espace/", views_site.my_space, name="my_space"),
    path(
        "mon-espace/calendrier/",
        views_site.renew_calendar_token,
        name="renew_calendar_token",
    ),
    path(
        "comptes/password_reset/",
        auth_views.PasswordResetView.as_view(form_class=AccountLanguagePasswordResetForm),
        name="password_reset",
    ),
    path("comptes/", include("django.contrib.auth.urls")),
    path("secretariat/", include("club.desk.urls")),
    path("", include("interclub.urls")),
    path("", include("ratings.urls")),
    path("admin/", admin.site.urls),
    prefix_default_language=False,
)

handler500 = "club.errors.server_error"
