from django.apps import AppConfig


class ClubConfig(AppConfig):
    name = "club"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in
        from django.db.models.signals import post_migrate

        from club import latest_games, pages
        from club.account_language import signed_in

        user_logged_in.connect(signed_in, dispatch_uid="club.account_language.signed_in")
        pages.connect()  # the public pages each write forgets (the page cache)
        # the players' latest games a database lacks (made before they were kept)
        post_migrate.connect(latest_games.made_after_migrating, sender=self)
