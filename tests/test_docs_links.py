"""The README stays short and every link between the documents leads somewhere: each
relative link of README.md and docs/*.md names a file that exists, and each #anchor a
heading of that file (as a Markdown viewer makes anchors of headings)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")


def anchors(page: Path) -> set[str]:
    """GitHub's anchors for the headings of ``page``: lower case, punctuation dropped,
    spaces as hyphens."""
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    heads = re.findall(r"^#{1,6} (.+)$", text, re.M)
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-") for h in heads}


def broken(page: Path) -> list[str]:
    found = []
    for link in LINK.findall(page.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", link):
            continue  # a web address
        path, _hash, anchor = link.partition("#")
        target = (page.parent / path).resolve() if path else page
        if not target.exists():
            found.append(link)
        elif anchor and target.suffix == ".md" and anchor not in anchors(target):
            found.append(link)
    return found


def test_the_readme_is_at_most_250_lines():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").count("\n")
    assert lines <= 250, f"README.md has {lines} lines: move reference to docs/"


def test_every_link_of_the_readme_and_docs_leads_somewhere():
    bad = {page.name: broken(page) for page in PAGES if broken(page)}
    assert not bad, f"links to no file or heading: {bad}"


def test_a_broken_link_is_caught(tmp_path):
    page = tmp_path / "page.md"
    (tmp_path / "other.md").write_text("# Other\n\n## A heading, here\n", encoding="utf-8")
    page.write_text(
        "[good](other.md#a-heading-here) [gone](missing.md) [no such](other.md#nowhere)\n"
        "[web](https://example.org/x.md)\n",
        encoding="utf-8",
    )
    assert broken(page) == ["missing.md", "other.md#nowhere"]
