"""The WSGI application gunicorn serves (``config.wsgi:application``), in a deployment's
settings (``config.settings.production``) unless ``DJANGO_SETTINGS_MODULE`` names others.

Each worker imports the site's URLs, and with them every view and what the views use (the
pairing engines, python-chess), when it starts rather than at its first request: the
first visitor a worker serves waits no longer than the next (half a second less).

See https://docs.djangoproject.com/en/5.2/howto/deployment/wsgi/
"""

import os

from django.core.wsgi import get_wsgi_application
from django.urls import get_resolver

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.production")

application = get_wsgi_application()
get_resolver().url_patterns  # noqa: B018 (imports the URLconf and the views)
