"""The federation that issued a national ID, as the desk's forms take it: one of FIDE's
codes (``club.federations``), typed in any case, that defaults to the club's own
federation (``CLUB_FEDERATION``): a member who plays for France usually holds the club's
federation's ID all the same."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.utils.translation import gettext_lazy as _

from club.federations import FederationField


class IssuerField(FederationField):
    """The FIDE code of the federation that issued a national ID, never required."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.pop("max_length", None)  # a model form's: FederationField sets it
        kwargs.update(required=False, label=_("National ID issued by"))
        kwargs["help_text"] = _(
            "FIDE code of the federation that issued the national ID (the club's federation "
            "when left empty), e.g. BEL: it may differ from the player's federation."
        )
        super().__init__(**kwargs)


def issuer_of_typed(national_id: str, issuer: str) -> str:
    """The issuer recorded with a typed national ID: the one typed, else the club's
    federation; none without an ID."""
    if not national_id.strip():
        return ""
    return issuer or settings.CLUB_FEDERATION
