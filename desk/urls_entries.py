"""URLs of the desk's online entries of an event."""

from django.urls import path

from desk.views import entries

urlpatterns = [
    path("evenements/<int:pk>/inscriptions/", entries.entries, name="entries"),
    path("evenements/<int:pk>/inscriptions/conditions/", entries.terms, name="entry_terms"),
    path(
        "evenements/<int:pk>/inscriptions/<int:entry>/decision/",
        entries.decide,
        name="entry_decision",
    ),
    path(
        "evenements/<int:pk>/inscriptions/accepter-confirmees/",
        entries.accept_confirmed,
        name="accept_confirmed",
    ),
]
