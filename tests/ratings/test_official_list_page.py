"""The administrators' page: a zipped list uploaded, imported by the task worker, its
result shown; a bad list refused by name, nothing recorded."""

import io
import zipfile
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from pytest_django import Settings

from club.models import Player
from ratings.models import OfficialList, OfficialRating
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


def test_a_bad_list_is_refused_naming_the_line(admin: Client) -> None:
    text = (DATA / "standard_oct26frl.txt").read_text().replace("1598", "15x8")
    upload = SimpleUploadedFile("standard_oct26frl.txt", text.encode())
    with replayed():
        response = admin.post(reverse("ratings:official_lists"), {"kind": "fide", "file": upload})
    page = admin.get(response["Location"]).content.decode()
    assert "line 3: the rating &#x27;15x8&#x27; is not a rating" in page
    assert "rien n’a été enregistré" in page
    assert not OfficialRating.objects.exists()


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
