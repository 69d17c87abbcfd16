"""The administrators' page: a zipped list uploaded, imported by the task worker, its
result shown; a bad list refused by name, nothing recorded."""

import io
import zipfile
from datetime import timedelta
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pytest import MonkeyPatch
from pytest_django import Settings

from club.models import Player
from ratings.models import ListedPlayer, OfficialList, OfficialRating
from ratings.services import listed
from tests.task_worker import replayed

pytestmark = pytest.mark.django_db
DATA = Path(__file__).resolve().parent / "data" / "lists"


@pytest.fixture
def admin(client: Client, settings: Settings, tmp_path: Path) -> Client:
    settings.OFFICIAL_LISTS_DIR = tmp_path / "lists"
    client.force_login(User.objects.create_superuser("admin", password="x"))
    return client


def _zipped(path: Path) -> SimpleUploadedFile:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as out:
        out.write(path, path.name)
    return SimpleUploadedFile("standard_oct26frl.zip", buffer.getvalue())


def test_an_uploaded_zip_is_imported_and_its_result_shown(admin: Client, tmp_path: Path) -> None:
    Player.objects.create(first_name="Luc", last_name="Dubois", fide_id=200000)
    with replayed():
        response = admin.post(
            reverse("ratings:official_lists"),
            {"kind": "fide", "file": _zipped(DATA / "standard_oct26frl.txt")},
        )
    official = OfficialList.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("ratings:official_list", args=[official.pk])
    assert official.state == OfficialList.State.DONE
    assert official.counts["lines"] == {"imported": 1, "not ours": 1}
    assert not list((tmp_path / "lists").iterdir())  # the upload is deleted once read
    page = admin.get(response["Location"]).content.decode()
    assert "2 lignes lues" in page and "octobre 2026" in page and 'data-state="done"' in page
    assert OfficialRating.objects.get().k == 40


def test_the_page_says_whose_national_id_the_list_corrected(admin: Client) -> None:
    """Samy Ait Chaouche's Belgian matricule recorded as French (club migration 0024):
    the Belgian list of April 2020 names him by it, and the page says his ID is now the
    federation's (tests/ratings/test_list_import.py has the rule)."""
    Player.objects.create(
        first_name="Samy", last_name="Ait Chaouche", federation="FRA", national_id="14374",
        national_id_federation="FRA",
    )  # fmt: skip
    upload = SimpleUploadedFile(
        "PlayerSwissManager.csv", (DATA / "PlayerSwissManager.csv").read_bytes()
    )
    with replayed():
        response = admin.post(
            reverse("ratings:official_lists"),
            {"kind": "frbe", "file": upload, "list_date": "2020-04-01"},
        )
    official = OfficialList.objects.get()
    assert official.counts["issuers corrected"] == 1
    page = admin.get(response["Location"]).content.decode()
    said = " ".join(page.split('id="issuers-corrected">')[1].split("</p>")[0].split())
    assert said.startswith("1 de nos joueurs avait ce numéro national enregistré")
    assert Player.objects.get().national_id_federation == "BEL"


def test_a_bad_list_is_refused_naming_the_line(admin: Client, monkeypatch: MonkeyPatch) -> None:
    monkeypatch.setattr(listed, "LINES_BATCH", 1)  # line 2 is written before line 3 fails
    text = (DATA / "standard_oct26frl.txt").read_text().replace("1598", "15x8")
    upload = SimpleUploadedFile("standard_oct26frl.txt", text.encode())
    with replayed():
        response = admin.post(reverse("ratings:official_lists"), {"kind": "fide", "file": upload})
    page = admin.get(response["Location"]).content.decode()
    # the refusal in the page's language (French here), translated when shown
    assert "ligne 3\xa0: le classement «\xa015x8\xa0» n’est pas un classement (1 à 3500)" in page
    assert "rien n’a été enregistré" in page
    assert not OfficialRating.objects.exists()
    assert not ListedPlayer.objects.exists()  # the first line, written, is deleted again


def test_an_import_whose_worker_died_is_shown_stopped_and_started_again(
    admin: Client, tmp_path: Path
) -> None:
    upload = SimpleUploadedFile(
        "standard_oct26frl.txt", (DATA / "standard_oct26frl.txt").read_bytes()
    )
    admin.post(reverse("ratings:official_lists"), {"kind": "fide", "file": upload})
    official = OfficialList.objects.get()  # queued: no worker ran in this block
    url = reverse("ratings:official_list", args=[official.pk])
    # the worker started, wrote a line, and gave a sign of life 5 minutes ago: running
    beat = timezone.now() - timedelta(minutes=5)
    OfficialList.objects.filter(pk=official.pk).update(state="running", beat_at=beat)
    ListedPlayer.objects.create(official_list=official, kind="fide", name="Dubois, Luc",
                                search_name="dubois luc", fide_id=200000)  # fmt: skip
    page = admin.get(url).content.decode()
    assert 'id="restart-list"' not in page and "every 1s" in page
    refused = admin.post(reverse("ratings:restart_official_list", args=[official.pk]))
    assert "n’est pas arrêté" in admin.get(refused["Location"]).content.decode()
    # 11 minutes without a sign of life (STALE_AFTER is 10): killed, shown stopped
    beat = timezone.now() - timedelta(minutes=11)
    OfficialList.objects.filter(pk=official.pk).update(beat_at=beat)
    page = admin.get(url).content.decode()
    assert "L’import s’est arrêté" in page and 'id="restart-list"' in page
    assert "every 1s" not in page  # the page stops asking
    lists = admin.get(reverse("ratings:official_lists")).content.decode()
    assert "standard_oct26frl.txt: arrêté, à relancer" in lists
    with replayed():
        response = admin.post(reverse("ratings:restart_official_list", args=[official.pk]))
    assert response["Location"] == url
    official.refresh_from_db()
    assert (official.state, official.listed) == (OfficialList.State.DONE, True)
    # the list's two lines once each: the line of the killed run was written again
    fide_ids = ListedPlayer.objects.order_by("fide_id").values_list("fide_id", flat=True)
    assert list(fide_ids) == [200000, 207919]
    assert not list((tmp_path / "lists").iterdir())  # the file is deleted once read
    again = admin.post(reverse("ratings:restart_official_list", args=[official.pk]))
    assert "n’est pas arrêté" in admin.get(again["Location"]).content.decode()


def test_the_form_asks_for_a_file(admin: Client) -> None:
    response = admin.post(reverse("ratings:official_lists"), {"kind": "fide"})
    assert response.status_code == 200
    assert not OfficialList.objects.exists()


def test_a_list_larger_than_the_sites_other_uploads_is_taken(
    admin: Client, settings: Settings
) -> None:
    """FIDE's lists pass the 2 MB of the site's other uploads: this page takes them (the
    limit is raised before the CSRF check reads the body), up to its own limit."""
    big = (DATA / "players_list_foa.txt").read_bytes() * 20_000  # ~3.3 MB
    assert len(big) > settings.UPLOAD_MAX_BYTES
    response = admin.post(
        reverse("ratings:official_lists"),
        {"kind": "fide", "file": SimpleUploadedFile("players_list_foa.txt", big)},
    )
    assert response.status_code == 302
    settings.LIST_UPLOAD_MAX_BYTES = 1024 * 1024
    response = admin.post(
        reverse("ratings:official_lists"),
        {"kind": "fide", "file": SimpleUploadedFile("players_list_foa.txt", big)},
    )
    assert "Le fichier dépasse 1 Mo." in response.content.decode()
    assert OfficialList.objects.count() == 1


def test_the_upload_still_checks_the_csrf_token(settings: Settings, tmp_path: Path) -> None:
    settings.OFFICIAL_LISTS_DIR = tmp_path
    client = Client(enforce_csrf_checks=True)
    client.force_login(User.objects.create_superuser("admin", password="x"))
    upload = SimpleUploadedFile("standard_oct26frl.txt", b"x")
    response = client.post(reverse("ratings:official_lists"), {"kind": "fide", "file": upload})
    assert response.status_code == 403
    assert not OfficialList.objects.exists()
