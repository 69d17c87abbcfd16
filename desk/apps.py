from django.apps import AppConfig


class DeskConfig(AppConfig):
    """The secretary's desk: events, registration, check-in, pairings, results, files."""

    name = "desk"
    verbose_name = "Secretary's desk"
