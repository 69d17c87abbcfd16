"""URLs of the desk: closing confirmation, cancelling, restoring and deleting events."""

from django.urls import path

from desk.views import lifecycle as views

urlpatterns = [
    path("evenements/<int:pk>/cloturer/confirmer/", views.close_confirm, name="close_confirm"),
    path("evenements/<int:pk>/recalcul/", views.replays, name="event_replays"),
    path("evenements/<int:pk>/annuler/", views.cancel, name="cancel"),
    path("evenements/<int:pk>/retablir/", views.restore, name="restore"),
    path("evenements/<int:pk>/supprimer/", views.delete, name="delete"),
]
