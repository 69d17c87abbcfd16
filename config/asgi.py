"""
ASGI config for club project.

It exposes the ASGI callable as a module-level variable named ``application``, in a
deployment's settings (``config.settings.production``) unless ``DJANGO_SETTINGS_MODULE``
names others.

For more information on this file, see
https://docs.djangoproject.com/en/5.2/howto/deployment/asgi/
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.production")

application = get_asgi_application()
