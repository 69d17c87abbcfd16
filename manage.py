#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""

import os
import sys


def main() -> None:
    """Run administrative tasks, with the development's settings while ``DEBUG`` is on
    (``config.settings.base``) and a deployment's with ``DEBUG=0``
    (``config.settings.production``), unless ``DJANGO_SETTINGS_MODULE`` names others."""
    try:
        from django.core.management import execute_from_command_line

        from config.env import settings_module
    except ImportError as exc:
        raise ImportError(
            "Couldn't import Django. Are you sure it's installed and "
            "available on your PYTHONPATH environment variable? Did you "
            "forget to activate a virtual environment?"
        ) from exc
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", settings_module())
    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
