"""The rating systems' parameters are labelled and explained in the page's language.

``ratings.rules`` cannot import Django: its labels, help texts and units are marked for
``makemessages`` and translated where the administrators' form shows them.
"""

import dataclasses
import gettext
import html
from io import BytesIO
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation

from ratings import rules
from ratings.models import RatingSystem
from ratings.params_form import help_in_words

pytestmark = pytest.mark.django_db

# (engine, English text, its French translation): labels, help texts and units shown on
# the system's page.
TEXTS = [
    ("fide", "Rating-difference cap", "Plafond de l'écart de classement"),
    (
        "fide",
        "Rating Regulations 8.3.1: a difference of more than 400 points counts as 400 "
        "(350 before July 2009).",
        "Règlement du classement FIDE, 8.3.1 : un écart de plus de 400 points compte pour "
        "400 (350 avant juillet 2009).",
    ),
    (
        "fide",
        "K = 20 as long as the rating is under 2400.",
        "K = 20 tant que le classement est inférieur à 2400.",
    ),
    ("fide", "Adjustment threshold", "Seuil de l'ajustement"),
    (
        "fide",
        "Juniors: until the end of the year of their 18th birthday. (years)",
        "Jeunes : jusqu'à la fin de l'année de leurs 18 ans. (ans)",
    ),
    (
        "ffe",
        "The FFE national rating rules §2.4: 'les primes sont bornées à +/- 470'.",
        "Règles du classement national FFE, §2.4 : « les primes sont bornées à +/- 470 ».",
    ),
    (
        "ffe",
        "The FFE season: 1 September to 31 August.",
        "La saison FFE : du 1er septembre au 31 août.",
    ),
    ("frbe", "Rating periods", "Périodes de classement"),
    (
        "frbe",
        "April 2024: ratings under 2000 raised, like FIDE's adjustment of March 2024.",
        "Avril 2024 : les classements inférieurs à 2000 relevés, comme lors de l'ajustement "
        "FIDE de mars 2024.",
    ),
    ("fqe", "The FQE rating rules: 4 rondes.", "Règles FQE : 4 rondes."),
    (
        "fse",
        "From 2026 the Swiss national list is calculated with FIDE's rules.",
        "Depuis 2026, la liste nationale suisse est calculée selon les règles de la FIDE.",
    ),
    (
        "club",
        "The club rating is kept to this many decimals.",
        "Le classement du club est conservé avec ce nombre de décimales.",
    ),
]


def _page(client: Client, engine: str, language: str) -> str:
    system, _ = RatingSystem.objects.get_or_create(
        engine=engine,
        defaults={"name": f"{engine} system", "role": RatingSystem.Role.NATIONAL},
    )
    with translation.override(language):
        url = reverse("ratings:system", args=[system.pk])
    response = client.get(url)
    assert response.status_code == 200
    return " ".join(html.unescape(response.content.decode()).split())


@pytest.mark.parametrize("engine", sorted({engine for engine, _en, _fr in TEXTS}))
def test_it_shows_the_parameters_in_french_on_the_french_page(
    administrator_client: Client, engine: str
) -> None:
    page = _page(administrator_client, engine, "fr")
    for _engine, english, french in (t for t in TEXTS if t[0] == engine):
        assert french in page
        assert english not in page


@pytest.mark.parametrize("engine", sorted({engine for engine, _en, _fr in TEXTS}))
def test_it_shows_the_parameters_in_english_on_the_english_page(
    administrator_client: Client, engine: str
) -> None:
    page = _page(administrator_client, engine, "en")
    for _engine, english, french in (t for t in TEXTS if t[0] == engine):
        assert english in page
        assert french not in page


_MISSING = "(not in the catalogue)"


class _Missing(gettext.NullTranslations):
    """What a catalogue answers, through ``add_fallback``, for a text it does not hold."""

    def gettext(self, message: str) -> str:
        return _MISSING


def test_it_has_a_french_text_for_every_label_help_text_and_unit_of_every_system() -> None:
    """Every version's parameters: none falls back to English in French (a few words,
    such as "Elo" or "Convergence", are the same in both languages but are in the
    catalogue all the same)."""
    mo = Path(settings.LOCALE_PATHS[0]) / "fr" / "LC_MESSAGES" / "django.mo"
    catalogue = gettext.GNUTranslations(BytesIO(mo.read_bytes()))
    catalogue.add_fallback(_Missing())  # asked for a text the catalogue lacks
    missing = [
        (key, spec.name, text)
        for key in rules.SYSTEMS
        for version in rules.system(key).VERSIONS
        for spec in dataclasses.fields(version.params)
        for text in (spec.metadata["label"], spec.metadata["help"], spec.metadata["unit"])
        if text and catalogue.gettext(text) is _MISSING
    ]
    assert missing == []


def test_it_names_the_texts_the_help_quotes_instead_of_their_seed_numbers() -> None:
    with translation.override("en"):
        shown = help_in_words("Seed 003 §2.5: 'inférieure à 1000 est ramenée à 1000'.")
        assert (
            shown == "The FFE national rating rules §2.5: 'inférieure à 1000 est ramenée à 1000'."
        )
        assert help_in_words("Seed 002 applies none. Empty: no cap.") == (
            "The Swiss text on the performance applies none. Empty: no cap."
        )
