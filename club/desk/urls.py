"""The secretary's desk: ``/secretariat/...``. Each part has its own URL module."""

from django.urls import include, path

app_name = "desk"

urlpatterns = [
    path("", include("club.desk.urls_events")),
    path("", include("club.desk.urls_pairings")),
    path("", include("club.desk.urls_files")),
    path("", include("club.desk.urls_members")),
    path("", include("club.desk.urls_checkin")),
    path("", include("club.desk.urls_print")),
    path("", include("club.desk.urls_lifecycle")),
]
