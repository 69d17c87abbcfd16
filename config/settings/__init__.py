"""The site's settings, one module a use (none of them is this package itself):
``base`` reads every setting from the environment and serves development (``manage.py``
while ``DEBUG`` is on), ``production`` adds what only a deployment sets (gunicorn's
``config.wsgi``, and ``manage.py`` with ``DEBUG=0``), ``test`` what the tests need.

The package named as the settings module (``DJANGO_SETTINGS_MODULE=config.settings``,
the single module it once was) is refused, naming the modules to choose from."""

import os

from django.core.exceptions import ImproperlyConfigured

if os.environ.get("DJANGO_SETTINGS_MODULE") == __name__:
    raise ImproperlyConfigured(
        "DJANGO_SETTINGS_MODULE=config.settings names the settings' package: choose "
        "config.settings.production (a deployment) or config.settings.base (development), "
        "or leave it unset"
    )
