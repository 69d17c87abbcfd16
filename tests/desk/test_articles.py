"""Secretaries write, preview, publish and unpublish articles; the site lists the
published ones only."""

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from club.models import Article

pytestmark = pytest.mark.django_db

TEXT = "Le club **ouvre** ses portes.\n\n<script>alert(1)</script>\n\n[Lien](javascript:alert(2))"


def test_it_previews_sanitised_markdown_without_saving(secretary_client: Client) -> None:
    response = secretary_client.post(
        reverse("desk:article_new"), {"title": "Portes ouvertes", "body": TEXT, "preview": ""}
    )
    preview = str(response.context["preview_body"])
    assert "<strong>ouvre</strong>" in preview
    assert "<script" not in preview and "javascript:" not in preview
    assert not Article.objects.filter(title="Portes ouvertes").exists()


def test_it_saves_a_draft_that_the_site_does_not_show(
    secretary_client: Client, client: Client
) -> None:
    secretary_client.post(reverse("desk:article_new"), {"title": "Portes ouvertes", "body": TEXT})
    article = Article.objects.get(title="Portes ouvertes")
    assert article.slug == "portes-ouvertes" and article.published_at is None
    assert client.get(reverse("article", args=[article.slug])).status_code == 404
    assert "Portes ouvertes" not in client.get(reverse("home")).content.decode()


def test_a_published_article_is_on_the_home_page_and_in_the_articles(
    secretary_client: Client, client: Client
) -> None:
    secretary_client.post(reverse("desk:article_new"), {"title": "Portes ouvertes", "body": TEXT})
    article = Article.objects.get(title="Portes ouvertes")
    secretary_client.post(reverse("desk:article_publish", args=[article.pk]), {"publish": "1"})
    assert "Portes ouvertes" in client.get(reverse("home")).content.decode()
    assert "Portes ouvertes" in client.get(reverse("articles")).content.decode()
    page = client.get(reverse("article", args=["portes-ouvertes"])).content.decode()
    assert "<strong>ouvre</strong>" in page and "alert(1)" not in page
    secretary_client.post(reverse("desk:article_publish", args=[article.pk]), {"publish": "0"})
    assert "Portes ouvertes" not in client.get(reverse("articles")).content.decode()


def test_it_refuses_an_address_another_article_has(secretary_client: Client) -> None:
    Article.objects.create(title="A", slug="portes-ouvertes", body="x")
    response = secretary_client.post(
        reverse("desk:article_new"), {"title": "Portes ouvertes", "body": "y"}
    )
    assert "slug" in response.context["form"].errors
    assert not Article.objects.filter(title="Portes ouvertes").exists()


def test_members_cannot_publish(client: Client, member_user: User) -> None:
    article = Article.objects.create(title="A", slug="a", body="x")
    client.force_login(member_user)
    response = client.post(reverse("desk:article_publish", args=[article.pk]), {"publish": "1"})
    assert response.status_code == 403
    article.refresh_from_db()
    assert article.published_at is None
