"""Saving game records (replays) to files and reading them back."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from masterbuilder.core.i18n import shell as _
from masterbuilder.core.state import State

RECORDS_DIR = Path("records")
_n = _.plural


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


def save_problem(path: Path | None, force: bool = False) -> str | None:
    """Why a record could not be saved to ``path`` (None: the default path under records/), checked before
    a game starts so that it is not lost at the end; None if nothing stands in the way. An existing file
    is a problem unless ``force``."""
    folder = RECORDS_DIR
    if path is not None:
        if path.is_dir():
            return _("{path} is a folder; give a file name.", path=path)
        if path.exists():
            if not force:
                return _("{path} already exists; give --force to overwrite it, or another --save.", path=path)
            return None if os.access(path, os.W_OK) else _("{path} is not writable.", path=path)
        folder = path.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    if not folder.is_dir():
        return _("{path} is a file, not a folder.", path=folder)
    if not os.access(folder, os.W_OK | os.X_OK):
        return _("{path} is not writable.", path=folder)
    return None


def save_with_fallback(
    state: State, path: Path | None = None, names: Sequence[str] | None = None
) -> tuple[Path, str | None]:
    """:func:`save_record`; if that fails, save under records/ (or, failing that, the temporary folder)
    instead. Returns where the record went and, after a failure, the reason; OSError if nothing worked."""
    try:
        return save_record(state, path, names), None
    except OSError as exc:
        problem = f"{exc.strerror or exc}" + (f": {exc.filename}" if exc.filename else "")
    for folder in (RECORDS_DIR, Path(tempfile.gettempdir())):
        try:
            return save_record(state, default_record_path(state, directory=folder), names), problem
        except OSError:
            continue
    raise OSError(_("Could not save the record anywhere ({problem}).", problem=problem))


def record_names(record: Mapping[str, Any]) -> list[str]:
    """The "names" a record was saved with, or empty names if it has none (or they make no sense)."""
    names = record.get("names")
    players = record.get("players")
    if isinstance(names, list) and len(names) == players and all(isinstance(n, str) for n in names):
        return list(names)
    return [""] * players if isinstance(players, int) and 0 < players < 100 else []


def read_record(path: Path, game_id: str | None = None) -> dict[str, Any]:
    """The record stored in ``path``; ValueError with a one-line reason if it cannot be read. A file of JSON
    lines (`masterbuilder db export`) holds one record a line: ``game_id`` picks one by its "id" (needed
    when there are several)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ValueError(_("No such file: {path}", path=path)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ValueError(_("Cannot read {path}: {problem}", path=path, problem=exc)) from None
    try:
        found = [json.loads(text)]
    except json.JSONDecodeError as exc:
        try:  # "Extra data" after the first line: JSON lines, one record each
            if exc.msg != "Extra data":
                raise
            found = [json.loads(line) for line in text.splitlines() if line.strip()]
        except json.JSONDecodeError:
            raise ValueError(
                _(
                    "{path} is not valid JSON ({problem} at line {line}).",
                    path=path,
                    problem=exc.msg,
                    line=exc.lineno,
                )
            ) from None
    if not all(isinstance(record, dict) for record in found):
        raise ValueError(_("{path} does not hold a game record (a JSON object).", path=path))
    if game_id is not None:
        chosen = [record for record in found if record.get("id") == game_id]
        if not chosen:
            raise ValueError(_("{path} holds no game {id}.", path=path, id=game_id))
        found = chosen
    if len(found) > 1:
        raise ValueError(
            _n(
                "{path} holds {n} game: choose one with --game ID (the first is {id}).",
                "{path} holds {n} games: choose one with --game ID (the first is {id}).",
                len(found),
                path=path,
                id=found[0].get("id", "?"),
            )
        )
    record: dict[str, Any] = found[0]
    return record
