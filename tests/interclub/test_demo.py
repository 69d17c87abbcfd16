"""The demo club's interclub events are team matches: each is a match of its season's
division, Wavre 1 against another club, and its games follow the colours by board that
the match page shows (the home team white on the odd boards)."""

import pytest
from django.core.management import call_command

from club.models import Game
from interclub import services
from interclub.models import TeamMatch

pytestmark = pytest.mark.django_db


def test_the_demos_interclub_events_are_team_matches_with_colours_by_board() -> None:
    call_command("load_demo_club", "--day", "2026-11-22", verbosity=0)
    matches = list(TeamMatch.objects.select_related("division", "home", "away", "event"))
    assert matches
    assert all("Wavre 1" in (m.home.name, m.away.name) for m in matches)
    played = [m for m in matches if Game.objects.filter(round__event=m.event).exists()]
    assert played
    for match in played:
        home_ids = set(match.lineup.filter(team=match.home).values_list("player_id", flat=True))
        games = Game.objects.filter(round__event=match.event).order_by("board")
        assert [g.white_id in home_ids for g in games] == [True, False, True, False]
        assert [b.white for b in services.match_boards(match)] == [g.white.name for g in games]
