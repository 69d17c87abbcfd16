"""URLs of the desk: events, registrations, round robins, results, standings, closing."""

from django.urls import path

from desk.views import events as views
from desk.views import prizes, registration, standings
from desk.views import results as views_results

urlpatterns = [
    path("", views.events, name="events"),
    path("evenements/nouveau/", views.event_form, name="event_new"),
    path("evenements/<int:pk>/", views.event, name="event"),
    path("evenements/<int:pk>/modifier/", views.event_form, name="event_edit"),
    path("evenements/<int:pk>/membres/", registration.member_search, name="member_search"),
    path("evenements/<int:pk>/inscrire/", registration.register, name="register"),
    path(
        "evenements/<int:pk>/inscrire-exterieur/", registration.register_outsider, name="outsider"
    ),
    path("evenements/<int:pk>/retrait/<int:participant>/", registration.withdraw, name="withdraw"),
    path("evenements/<int:pk>/equipes/", registration.set_teams, name="set_teams"),
    path("evenements/<int:pk>/numeroter/", registration.renumber, name="renumber"),
    path("evenements/<int:pk>/tirage-au-sort/", registration.draw_lots, name="draw_lots"),
    path("evenements/<int:pk>/apparier/", registration.pair_round_robin, name="pair_round_robin"),
    path("evenements/<int:pk>/classement/", standings.standings_page, name="standings"),
    path("evenements/<int:pk>/classement.csv", standings.standings_csv, name="standings_csv"),
    path("evenements/<int:pk>/grille/", standings.crosstable_page, name="crosstable"),
    path("evenements/<int:pk>/prix/", prizes.prizes, name="prizes"),
    path("evenements/<int:pk>/prix/regles/", prizes.save_rules, name="prize_rules"),
    path("evenements/<int:pk>/prix/categories/", prizes.add_category, name="category_add"),
    path(
        "evenements/<int:pk>/prix/categories/<int:category>/supprimer/",
        prizes.remove_category,
        name="category_remove",
    ),
    path("evenements/<int:pk>/prix/ajouter/", prizes.save_prize, name="prize_save"),
    path(
        "evenements/<int:pk>/prix/<int:prize>/supprimer/",
        prizes.remove_prize,
        name="prize_remove",
    ),
    path("evenements/<int:pk>/cloturer/", views_results.close, name="close"),
    path("evenements/<int:pk>/rouvrir/", views_results.reopen, name="reopen"),
    path("rondes/<int:pk>/resultats/", views_results.results, name="results"),
    path("parties/<int:pk>/resultat/", views_results.save_result, name="save_result"),
    path("parties/<int:pk>/confirmer/", views_results.confirm_report, name="confirm_report"),
]
