from django.apps import AppConfig
from django.db.backends.signals import connection_created


class ClubConfig(AppConfig):
    name = "club"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from lib.page_cache import watch_writes

        connection_created.connect(watch_writes, dispatch_uid="lib.page_cache.watch_writes")
