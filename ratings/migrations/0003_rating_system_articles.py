"""A fresh install explains each enabled rating system in an article (French), written
from its page in docs/ratings/."""

from pathlib import Path

from django.db import migrations
from django.utils import timezone

DOCS = Path(__file__).resolve().parents[2] / "docs" / "ratings"
ARTICLES = [("club", "le-classement-elo-du-club"), ("frbe", "le-classement-elo-belge")]


def article_text(engine: str) -> tuple[str, str]:
    text = (DOCS / f"{engine}.md").read_text(encoding="utf-8")
    heading, rest = text.split("\n", 1)
    title = heading.lstrip("# ").split(" (`")[0]
    paragraphs = [p for p in rest.split("\n\n") if not p.strip().startswith("*English summary")]
    return title, "\n\n".join(paragraphs).strip()


def create(apps, schema_editor):
    Article = apps.get_model("club", "Article")
    for engine, slug in ARTICLES:
        title, body = article_text(engine)
        Article.objects.get_or_create(
            slug=slug, defaults={"title": title, "body": body, "published_at": timezone.now()}
        )


def remove(apps, schema_editor):
    apps.get_model("club", "Article").objects.filter(slug__in=[s for _e, s in ARTICLES]).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("ratings", "0002_default_systems"),
        ("club", "0004_member_space_and_articles"),
    ]

    operations = [migrations.RunPython(create, remove)]
