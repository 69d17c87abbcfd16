"""URLs of the desk: Swiss rounds and manual pairings."""

from django.urls import path

from desk.views import pairings as views

urlpatterns = [
    path("evenements/<int:pk>/ronde-suivante/", views.pair_next_round, name="pair_next_round"),
    path("rondes/<int:pk>/appariements/", views.edit_round, name="edit_round"),
]
