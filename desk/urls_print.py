"""URLs of the desk: printed sheets and the wall display."""

from django.urls import path

from desk.views import printing as views

urlpatterns = [
    path("evenements/<int:pk>/imprimer/", views.sheets, name="sheets"),
    path("evenements/<int:pk>/affichage/", views.wall, name="wall"),
    path("rondes/<int:pk>/feuille/", views.pairings_sheet, name="pairings_sheet"),
]
