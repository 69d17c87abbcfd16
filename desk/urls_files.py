"""URLs of the desk: tournament files."""

from django.urls import path

from desk.views import files as views
from desk.views import pgn_files

urlpatterns = [
    path("trf/importer/", views.trf_import, name="trf_import"),
    path("trf/confirmer/", views.trf_confirm, name="trf_confirm"),
    path("evenements/<int:pk>/trf/", views.trf_export, name="trf_export"),
    path("evenements/<int:pk>/elo-frbe/", views.frbe_report, name="frbe_report"),
    path("evenements/<int:pk>/fichiers/", views.event_files, name="event_files"),
    path("evenements/<int:pk>/pgn/confirmer/", pgn_files.pgn_confirm, name="pgn_confirm"),
]
