"""The Django project: settings from the environment, the root URLs, WSGI and ASGI."""
