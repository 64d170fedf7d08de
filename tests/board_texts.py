"""The texts of a drawn board as the eye reads them: each text's font size (from its attribute, its style or
its classes in the board's own style sheet), narrowed by its squeeze (``textLength``, or a ``matrix``
transform around it), and how wide it is drawn."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from masterbuilder.core.board import text_width

SVG = "{http://www.w3.org/2000/svg}"
_RULE = re.compile(r"\.board-\w+ (?:\.([\w-]+)|text)\s*\{([^}]*)\}")
_SIZE = re.compile(r"font-size:\s*([\d.]+)px")
_BOLD = re.compile(r"font-weight:\s*(?:700|bold)")
_MATRIX = re.compile(r"matrix\(([\d.]+) 0 0 1 ")
# the boards' fonts against the Arial metrics of text_width: The Builders' stack ends in DejaVu Sans
WIDER = {"builders": (1.17, 1.21)}


@dataclass(frozen=True)
class Text:
    text: str
    size: float  # the font size
    effective: float  # the font size narrowed by the squeeze
    x: float
    width: float  # as drawn (squeezed), in the text's own coordinates
    anchor: str


def _sheet(style: str) -> tuple[float, dict[str, tuple[float | None, bool]]]:
    """The board's default text size and each class's (size, bold)."""
    default = 16.0
    classes: dict[str, tuple[float | None, bool]] = {}
    for cls, body in _RULE.findall(style):
        size = _SIZE.search(body)
        if not cls:
            default = float(size.group(1)) if size else default
        else:
            classes[cls] = (float(size.group(1)) if size else None, bool(_BOLD.search(body)))
    return default, classes


def texts(svg: str, game: str) -> list[Text]:
    """Every non-empty text of the drawing."""
    root = ET.fromstring(svg)
    style = root.find(f"{SVG}style")
    default, classes = _sheet(style.text or "" if style is not None else "")
    wider = WIDER.get(game, (1.0, 1.0))
    out: list[Text] = []

    def walk(node: ET.Element, squeeze: float) -> None:
        matrix = _MATRIX.match(node.get("transform", ""))
        if matrix:
            squeeze *= float(matrix.group(1))
        if node.tag == f"{SVG}text":
            out.extend(_one(node, squeeze))
            return
        for child in node:
            walk(child, squeeze)

    def _one(node: ET.Element, squeeze: float) -> list[Text]:
        words = "".join(node.itertext())
        if not words.strip():
            return []
        size, bold = default, False
        for cls in node.get("class", "").split():
            cls_size, cls_bold = classes.get(cls, (None, False))
            size = cls_size or size
            bold = bold or cls_bold
        own = _SIZE.search(node.get("style", ""))
        size = float(own.group(1)) if own else float(node.get("font-size", size))
        bold = bold or node.get("font-weight") in ("700", "bold")
        natural = text_width(words, size, bold) * wider[bold]
        length = node.get("textLength")
        drawn = float(length) if length else natural
        narrowed = min(1.0, drawn / natural) if natural else 1.0
        return [
            Text(
                words,
                size,
                size * narrowed * squeeze,
                float(node.get("x", 0)),
                drawn,
                node.get("text-anchor", "start"),
            )
        ]

    walk(root, 1.0)
    return out
