"""The demo club's builder (``club``, ``interclub``) and ``manage.py load_demo_club``."""
