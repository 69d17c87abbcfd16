"""The club's domain: players, members, events, rounds and games, one module an idea.

Every model and public name is imported here, so ``from club.models import X`` reads
them all from one place (Django finds an app's models in its ``models`` package).
"""

# isort: off
# In the order the models were declared when they were one module: Django registers them
# in import order, and a backup (lib/backup.py, dumpdata) writes them in that order.
from club.models.players import Member, MemberQuerySet, Player, Sex
from club.models.events import (
    DEFAULT_SITTING,
    TEAM_LENGTH,
    Event,
    EventQuerySet,
    Participant,
    Round,
)
from club.models.games import HALF, ONE, ZERO, Bye, Game, LatestGames, Result, ResultReport
from club.models.audit import ChangeLog
from club.models.articles import Article, ArticleQuerySet
from club.models.accounts import AccountLanguage
from club.models.entries import Entry, EntryTerms
from club.models.prizes import EventCategory, Prize, PrizeRules
# isort: on

__all__ = [
    "DEFAULT_SITTING",
    "HALF",
    "ONE",
    "TEAM_LENGTH",
    "ZERO",
    "AccountLanguage",
    "Article",
    "ArticleQuerySet",
    "Bye",
    "ChangeLog",
    "Entry",
    "EntryTerms",
    "Event",
    "EventCategory",
    "EventQuerySet",
    "Game",
    "LatestGames",
    "Member",
    "MemberQuerySet",
    "Participant",
    "Player",
    "Prize",
    "PrizeRules",
    "Result",
    "ResultReport",
    "Round",
    "Sex",
]
