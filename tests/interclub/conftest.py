"""An eight-board division: Wavre 1 (our members) against other clubs' teams."""

from datetime import UTC, datetime
from typing import cast

import pytest
from django.contrib.auth.models import User

from club.models import Member
from interclub import services
from interclub.models import Division, Team, TeamMatch
from tests.club.factories import MemberFactory

RATINGS = [2100, 2050, 1990, 1900, 1850, 1800, 1720, 1650]
THEIRS = [
    ("Dupont", "Marc", 2080), ("Lemaire", "Julie", 2010), ("Renard", "Paul", 1960),
    ("Collin", "Anne", 1880), ("Masson", "Luc", 1830), ("Gillet", "Emma", 1790),
    ("Hubert", "Louis", 1700), ("Leroy", "Chloé", 1600),
]  # fmt: skip


@pytest.fixture
def division(db: None, secretary: User) -> Division:
    return services.create_division(
        "2026-2027", "Division 3 – série B", 8, ["Wavre 1"],
        ["Namur 2", "Louvain 1", "Liège 3"], secretary,
    )  # fmt: skip


@pytest.fixture
def members(db: None) -> list[Member]:
    return [
        cast(Member, MemberFactory(player__last_name=f"Membre{n}", player__national_rating=r))
        for n, r in enumerate(RATINGS, 1)
    ]


@pytest.fixture
def match(division: Division, secretary: User) -> TeamMatch:
    teams = {t.name: t for t in Team.objects.filter(division=division)}
    start = datetime(2026, 10, 11, 13, 0, tzinfo=UTC)
    return services.create_match(
        division.pk, teams["Wavre 1"].pk, teams["Namur 2"].pk, start, "Wavre", secretary
    )
