"""The README and docs/ point only at files in the repository, and their Python snippets run."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_every_link_resolves_inside_the_repository(doc: Path) -> None:
    text = doc.read_text(encoding="utf-8")
    for target in LINK.findall(text):
        if target.startswith(("http://", "https://", "#", "mailto:")):
            continue
        path = (doc.parent / target.partition("#")[0]).resolve()
        assert path.is_relative_to(ROOT) and path.exists(), f"{doc.name}: {target}"
    # files that only the authors have: the rulebooks are cited by title and section instead
    for outside in ("shared/", "DESIGN.md", "seeds/", "reference/"):
        assert outside not in text, f"{doc.name} mentions {outside}"


def test_the_readme_api_snippet_prints_what_its_comment_says(capsys: pytest.CaptureFixture[str]) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    (snippet,) = [block for block in re.findall(r"```python\n(.*?)```", readme, re.S) if "new_game(" in block]
    printed = next(line for line in snippet.splitlines() if line.startswith("print("))
    expected = printed.partition("  # ")[2]
    exec(compile(snippet, "README.md", "exec"), {})
    assert capsys.readouterr().out.strip() == expected
