"""Articles are written in Markdown; what reaches the page is sanitised HTML (nh3)."""

import markdown as md
import nh3

TAGS = {
    "p", "br", "hr", "h2", "h3", "h4", "ul", "ol", "li", "strong", "em", "code", "pre",
    "blockquote", "a", "table", "thead", "tbody", "tr", "th", "td", "sup", "sub",
}  # fmt: skip
ATTRIBUTES = {"a": {"href", "title"}, "th": {"align"}, "td": {"align"}}


def render(text: str) -> str:
    """Markdown to HTML with only harmless tags: no script, no event handler, no style."""
    html = md.markdown(text, extensions=["tables", "sane_lists"])
    return nh3.clean(
        html, tags=TAGS, attributes=ATTRIBUTES, url_schemes={"http", "https", "mailto"}
    )
