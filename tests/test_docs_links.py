"""Every link of the documentation (README.md and docs/) leads somewhere: a file or folder
of the repository, and a section of a page by GitHub's anchor for its heading; and
docs/operations.md asks nothing to be typed that a volunteer cannot know."""

import re
from pathlib import Path

from tests.other_processes import ROOT

PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
# [text](target), the target without its optional "title"; not images' data nor code spans
LINK = re.compile(r"(?<!\!)\[[^\]\n]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
CODE = re.compile(r"```.*?```|`[^`\n]*`", re.DOTALL)


def anchor(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, its punctuation dropped but hyphens and
    underscores, spaces made hyphens."""
    text = re.sub(r"[`*]", "", heading.strip()).lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    found: dict[str, int] = {}
    names = set()
    for heading in re.findall(r"^#{1,6} (.+)$", CODE.sub("", page.read_text()), re.MULTILINE):
        name = anchor(heading)
        count = found.get(name, 0)
        names.add(f"{name}-{count}" if count else name)
        found[name] = count + 1
    return names


def test_anchors_are_githubs() -> None:
    assert anchor("7. nginx and HTTPS") == "7-nginx-and-https"
    assert anchor("The public pages' cache") == "the-public-pages-cache"
    assert anchor("`uv sync` on a server") == "uv-sync-on-a-server"


def broken_links() -> list[str]:
    broken = []
    for page in PAGES:
        text = CODE.sub("", page.read_text())
        for target in LINK.findall(text):
            if re.match(r"[a-z]+:", target):  # https:, mailto:: outside the repository
                continue
            path, _, section = target.partition("#")
            place = (page.parent / path).resolve() if path else page
            where = f"{page.relative_to(ROOT)}: {target}"
            if not place.exists():
                broken.append(f"{where} (no such file)")
            elif section and (place.suffix != ".md" or section not in anchors(place)):
                broken.append(f"{where} (no such section)")
    return broken


def test_every_link_of_the_documentation_leads_somewhere() -> None:
    assert len(PAGES) > 10
    assert broken_links() == []


def test_the_operations_guide_has_no_placeholder_to_guess() -> None:
    text = (ROOT / "docs" / "operations.md").read_text()
    assert not re.findall(r"<[a-z][a-z -]*>", CODE.sub("", text).replace("<br>", ""))
    assert not re.findall(r"<(?:owner|repository|your[^>]*)>", text)
