"""``makemessages`` that also collects the rating rules' notes and their parameters' help
texts and units (marked ``N_``), and the parameters' labels (second argument of ``param``).

``ratings.rules`` cannot import Django, so it marks its sentences with a no-op ``N_``
(see ``ratings/rules/base.py``); the web layer translates them at display time.
"""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=N_", "--keyword=param:2"]
