"""The site's settings, one module a use (none of them is this package itself):
``base`` reads every setting from the environment and serves development (``manage.py``
while ``DEBUG`` is on), ``production`` adds what only a deployment sets (gunicorn's
``config.wsgi``, and ``manage.py`` with ``DEBUG=0``), ``test`` what the tests need."""
