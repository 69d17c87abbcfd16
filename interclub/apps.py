from django.apps import AppConfig


class InterclubConfig(AppConfig):
    name = "interclub"
    default_auto_field = "django.db.models.BigAutoField"
    verbose_name = "Interclubs"
