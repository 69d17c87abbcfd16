from django.apps import AppConfig
from django.db.backends.signals import connection_created


class ClubConfig(AppConfig):
    name = "club"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from club.account_language import signed_in
        from lib.page_cache import watch_writes

        connection_created.connect(watch_writes, dispatch_uid="lib.page_cache.watch_writes")
        user_logged_in.connect(signed_in, dispatch_uid="club.account_language.signed_in")
