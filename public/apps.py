from django.apps import AppConfig


class PublicConfig(AppConfig):
    """The public site and a member's own space."""

    name = "public"
    verbose_name = "Public site"
