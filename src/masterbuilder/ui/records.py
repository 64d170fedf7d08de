"""Saving game records (replays) to files and reading them back."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from masterbuilder.core.state import State

RECORDS_DIR = Path("records")


def default_record_path(state: State, now: datetime | None = None, directory: Path = RECORDS_DIR) -> Path:
    """records/<game>-seed<seed>-<YYYYmmdd-HHMMSS>.json, with -2, -3... if that file already exists."""
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    stem = f"{state.game}-seed{state.seed}-{stamp}"
    path = directory / f"{stem}.json"
    n = 2
    while path.exists():
        path = directory / f"{stem}-{n}.json"
        n += 1
    return path


def save_record(state: State, path: Path | None = None, names: Sequence[str] | None = None) -> Path:
    """Write ``state.record()`` as JSON (creating the folder) and return where it went; OSError on failure.

    ``names`` (who sat where: "you", "random"...) is stored as an extra "names" field, which
    :func:`masterbuilder.load_record` ignores and ``masterbuilder replay`` shows."""
    record = state.record()
    if names is not None:
        record["names"] = list(names)
    target = path if path is not None else default_record_path(state)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    return target


def record_names(record: Mapping[str, Any]) -> list[str]:
    """The "names" a record was saved with, or empty names if it has none (or they make no sense)."""
    names = record.get("names")
    players = record.get("players")
    if isinstance(names, list) and len(names) == players and all(isinstance(n, str) for n in names):
        return list(names)
    return [""] * players if isinstance(players, int) and 0 < players < 100 else []


def read_record(path: Path) -> dict[str, Any]:
    """The record stored in ``path``; ValueError with a one-line reason if it cannot be read."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ValueError(f"No such file: {path}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ValueError(f"Cannot read {path}: {exc}") from None
    try:
        record = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path} is not valid JSON ({exc.msg} at line {exc.lineno}).") from None
    if not isinstance(record, dict):
        raise ValueError(f"{path} does not hold a game record (a JSON object).")
    return record
