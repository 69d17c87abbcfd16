"""axe-core (vendored under static/vendor/axe-core-<version>/) run in a Playwright page:
the WCAG 2.1 A and AA rules, and the violations people are hurt by (serious, critical)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

AXE = next(
    (Path(__file__).resolve().parents[2] / "static" / "vendor").glob("axe-core-*/axe.min.js")
)
SOURCE = AXE.read_text(encoding="utf-8")
RUN = """async () => {
  const result = await axe.run(document, {
    runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
    resultTypes: ["violations"],
  });
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ` +
      v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", "));
}"""


def serious_violations(page: Page) -> list[str]:
    """The serious and critical violations on the page shown (the script is evaluated
    through the DevTools protocol, which the site's Content-Security-Policy allows; once
    a document)."""
    if page.evaluate("typeof axe") == "undefined":
        page.evaluate(SOURCE)
    return list(page.evaluate(RUN))
