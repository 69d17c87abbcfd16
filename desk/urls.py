"""The secretary's desk: ``/secretariat/...``. Each part has its own URL module."""

from django.urls import include, path

app_name = "desk"

urlpatterns = [
    path("", include("desk.urls_events")),
    path("", include("desk.urls_pairings")),
    path("", include("desk.urls_files")),
    path("", include("desk.urls_members")),
    path("", include("desk.urls_checkin")),
    path("", include("desk.urls_print")),
    path("", include("desk.urls_lifecycle")),
    path("", include("desk.urls_entries")),
]
