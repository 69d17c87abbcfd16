from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RatingsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "ratings"
    verbose_name = _("ratings")

    def ready(self) -> None:
        from lib.health import worker_beats
        from ratings.tasks import take_over_on_beat

        # every live task worker restarts the replays of one that died (ratings/tasks.py)
        worker_beats.connect(take_over_on_beat, dispatch_uid="ratings-take-over")
