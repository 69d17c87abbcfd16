"""URLs of the desk's members, players known twice and articles (secretaries) and accounts
(administrators)."""

from django.urls import path

from desk.views import articles, players
from desk.views import members as views

urlpatterns = [
    path("membres/", views.members, name="members"),
    path("membres/nouveau/", views.member_form, name="member_new"),
    path("membres/<int:pk>/", views.member_form, name="member_edit"),
    path("membres/<int:pk>/radier/", views.member_lapse, name="member_lapse"),
    path("membres/<int:pk>/compte/", views.member_account, name="member_account"),
    path("comptes/", views.accounts, name="accounts"),
    path("comptes/<int:pk>/", views.account, name="account"),
    path("joueurs/doublons/", players.duplicates, name="duplicates"),
    path("joueurs/<int:kept>/fusion/<int:duplicate>/", players.merge, name="merge_players"),
]

urlpatterns += [
    path("articles/", articles.articles, name="articles"),
    path("articles/nouveau/", articles.article_form, name="article_new"),
    path("articles/<int:pk>/", articles.article_form, name="article_edit"),
    path("articles/<int:pk>/publier/", articles.article_publish, name="article_publish"),
]
