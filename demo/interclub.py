"""The demo club's interclub matches as team matches: each season's matches against the
other clubs make one division of four-board matches, Wavre 1 against each club's team."""

from __future__ import annotations

from collections.abc import Sequence

from club.models import Event, Player
from interclub.models import Division, LineupEntry, Team, TeamMatch

OUR_TEAM = "Wavre 1"


def record_match(
    event: Event,
    season: str,
    opponent_club: str,
    home: bool,
    ours: Sequence[Player],
    theirs: Sequence[Player],
) -> TeamMatch:
    """``event`` (already holding its boards) as a match of the season's division."""
    division, _created = Division.objects.get_or_create(
        season=season, name="Division 4 – série C", defaults={"boards": len(ours)}
    )
    our_team, _created = Team.objects.get_or_create(division=division, name=OUR_TEAM, ours=True)
    their_team, _created = Team.objects.get_or_create(division=division, name=opponent_club)
    match = TeamMatch.objects.create(
        division=division,
        event=event,
        home=our_team if home else their_team,
        away=their_team if home else our_team,
    )
    LineupEntry.objects.bulk_create(
        LineupEntry(
            match=match, team=team, board=board, player=player, rating=player.national_rating
        )
        for team, players in ((our_team, ours), (their_team, theirs))
        for board, player in enumerate(players, 1)
    )
    return match
