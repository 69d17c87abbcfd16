"""URLs of the desk: printed sheets, the documents an arbiter prints (each also a PDF with
``?format=pdf``) and the wall display."""

from django.urls import path

from desk.views import documents
from desk.views import printing as views

urlpatterns = [
    path("evenements/<int:pk>/imprimer/", views.sheets, name="sheets"),
    path("evenements/<int:pk>/affichage/", views.wall, name="wall"),
    path("rondes/<int:pk>/feuille/", views.pairings_sheet, name="pairings_sheet"),
    path("evenements/<int:pk>/imprimer/joueurs/", documents.players, name="print_players"),
    path("evenements/<int:pk>/imprimer/pointage/", documents.checkin_sheet, name="print_checkin"),
    path("evenements/<int:pk>/imprimer/classement/", documents.standings, name="print_standings"),
    path("evenements/<int:pk>/imprimer/categories/", documents.categories, name="print_categories"),
    path("evenements/<int:pk>/imprimer/prix/", documents.prize_list, name="print_prizes"),
    path("evenements/<int:pk>/imprimer/grille/", documents.crosstable, name="print_crosstable"),
    path("evenements/<int:pk>/imprimer/tableau/", documents.round_robin, name="print_table"),
    path("rondes/<int:pk>/resultats/imprimer/", documents.round_results, name="print_results"),
]
