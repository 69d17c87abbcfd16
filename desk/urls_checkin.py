"""URLs of the desk: who plays a Swiss round, and undoing a round's pairing."""

from django.urls import path

from desk.views import checkin as views

urlpatterns = [
    path("evenements/<int:pk>/presences/", views.check_in_next, name="check_in_next"),
    path("evenements/<int:pk>/presences/<int:number>/", views.check_in, name="check_in"),
    path("rondes/<int:pk>/apparier-suivante/", views.pair_after, name="pair_after"),
    path("rondes/<int:pk>/annuler-appariement/", views.undo_pairing, name="undo_pairing"),
]
