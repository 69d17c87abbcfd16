from django.apps import AppConfig


class DemoConfig(AppConfig):
    """The demo club's builder and its command."""

    name = "demo"
    verbose_name = "Demo club"
