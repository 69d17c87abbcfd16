from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import URLPattern, URLResolver, include, path

from club import views

urlpatterns: list[URLPattern | URLResolver] = [
    path("api/ratings/", include("ratings.api_urls")),
]

urlpatterns += i18n_patterns(
    path("", views.home, name="home"),
    path("calendrier/", views.calendar, name="calendar"),
    path("tournois/", views.tournaments, name="tournaments"),
    path("evenements/<int:pk>/", views.event, name="event"),
    path("parties/", views.games, name="games"),
    path("articles/", views.articles, name="articles"),
    path("membres/", views.members, name="members"),
    path("membres/<int:pk>/", views.member, name="member"),
    path("classements/", views.rankings, name="rankings"),
    path("classements/<int:pk>/", views.ranking, name="ranking"),
    path("liens/", views.links, name="links"),
    path("contact/", views.contact, name="contact"),
    path("comptes/", include("django.contrib.auth.urls")),
    path("secretariat/", include("club.desk.urls")),
    path("", include("ratings.urls")),
    path("admin/", admin.site.urls),
    prefix_default_language=False,
)
