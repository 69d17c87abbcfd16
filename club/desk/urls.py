"""The secretary's desk: ``/secretariat/...``. Each part has its own URL module."""

from django.urls import include, path

app_name = "desk"

urlpatterns = [
    path("", include("club.desk.events_urls")),
    path("", include("club.desk.pairings_urls")),
    path("", include("club.desk.files_urls")),
    path("", include("club.desk.members_urls")),
    path("", include("club.desk.checkin_urls")),
    path("", include("club.desk.print_urls")),
    path("", include("club.desk.lifecycle_urls")),
]
