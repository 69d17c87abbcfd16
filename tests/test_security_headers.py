import re
from pathlib import Path

import pytest
from django.test import Client

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"


@pytest.mark.django_db
def test_pages_carry_a_content_security_policy_without_inline_scripts(client: Client) -> None:
    policy = client.get("/")["Content-Security-Policy"]
    assert (
        "script-src 'self'" in policy
        and "unsafe-inline" not in policy.split("script-src")[1].split(";")[0]
    )
    assert "frame-ancestors 'none'" in policy


def test_no_template_has_an_inline_script() -> None:
    inline = []
    for template in TEMPLATES.rglob("*.html"):
        for tag in re.findall(r"<script\b[^>]*>", template.read_text()):
            if "src=" not in tag:
                inline.append(f"{template.relative_to(TEMPLATES)}: {tag}")
        if re.search(r"\son[a-z]+=", template.read_text()):
            inline.append(f"{template.relative_to(TEMPLATES)}: an on* event handler attribute")
    assert not inline
