"""The web table's pages: HTML routes, the static files, and the page-only JSON endpoints.

The pages are plain files in ``masterbuilder/web`` (HTML, CSS, JavaScript modules, the message catalog); the
JavaScript fetches everything else. What the pages need beyond the lobby REST and the socket lives here:

- replays: the move log of a game (or of an uploaded record) and the frame (board and view) after any move;
- the timeline: every seat's score before the first move and after each move, for the score chart of a
  finished game;
- the rules page: a summary per game and this project's rule decisions, shipped as Markdown in the package;
- the player panels: what the table shows per seat beside the board, each game's ``panel`` piece.

Games come from ``request.app.state.tables`` (the server's game manager): ``state_of``, ``summary`` and
``log``. Frames are drawn for a spectator only, and the scores of a game not yet over are never sent (Caylus
1303's prestige is hidden until the end).
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Body, HTTPException, Request
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response

from masterbuilder.core.board import draw_board
from masterbuilder.core.i18n import LANGUAGES, UnknownLanguage, check_language, language, use_language
from masterbuilder.core.i18n import shell as _
from masterbuilder.core.registry import GAMES, game_piece, load_record, new_game
from masterbuilder.core.state import State
from masterbuilder.core.voice import seat_name
from masterbuilder.server.languages import page_catalog, shown_name
from masterbuilder.server.tables import log_names
from masterbuilder.server.workers import Busy, WorkerPool
from masterbuilder.ui.events import summarise
from masterbuilder.ui.records import record_names

router = APIRouter()
log = logging.getLogger("masterbuilder.server")

WEB_ROOT = Path(str(resources.files("masterbuilder") / "web"))
STATIC_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".md": "text/markdown; charset=utf-8",
}
MAX_RECORD_MOVES = 20_000
# The section titles of docs/rules-notes.md, by game (web/rules/notes/ holds copies of the sections).
NOTES_TITLES = {
    "builders": "The Builders: Middle Ages",
    "caylus": "Caylus (2005)",
    "caylus1303": "Caylus 1303",
}


# ---- pure helpers (tested without a server) ----------------------------------------------------------
def seat_names(summary: Mapping[str, Any] | None, players: int) -> list[str]:
    """Who sits where, as the lobby names them: a person's name, else the bot's name, else "seat N"."""
    names = [seat_name(s) for s in range(players)]
    for seat in (summary or {}).get("seats", []):
        index = seat.get("seat")
        if isinstance(index, int) and 0 <= index < players:
            name = seat.get("name")
            names[index] = (
                (shown_name(index, name) if isinstance(name, str) else name)
                or seat.get("bot")
                or names[index]
            )
    return names


def start_state(record: Mapping[str, Any]) -> State:
    """The position before the first move of ``record``."""
    return new_game(
        record["game"], players=record["players"], seed=record["seed"], options=record.get("options")
    )


def checked_record(record: Any) -> dict[str, Any]:
    """A record from outside (an upload) checked to replay; HTTPException(422) saying what is wrong if not."""
    if not isinstance(record, dict):
        raise HTTPException(
            422, _("A record is a JSON object with game, players, seed, options and actions.")
        )
    for key in ("game", "players", "seed", "actions"):
        if key not in record:
            raise HTTPException(422, _("The record has no {field} field.", field=repr(key)))
    actions = record["actions"]
    if not isinstance(actions, list) or not all(type(a) is int for a in actions):
        raise HTTPException(422, _("The record's actions must be a list of action ids (integers)."))
    if len(actions) > MAX_RECORD_MOVES:
        raise HTTPException(422, _("The record has more than {n} moves.", n=MAX_RECORD_MOVES))
    try:
        load_record(record)
    except (ValueError, TypeError, KeyError) as exc:
        raise HTTPException(422, _("The record does not replay: {reason}", reason=exc)) from None
    return dict(record)


def move_log(record: Mapping[str, Any], names: Sequence[str]) -> list[dict[str, Any]]:
    """Every move of ``record`` in words, as the socket's log entries (``ply``: the moves made before it)."""
    state = start_state(record)
    seat_names = log_names([names[s] if s < len(names) else seat_name(s) for s in range(state.num_players)])
    entries = []
    for ply, action in enumerate(record["actions"]):
        seat = state.current_player
        assert seat is not None  # the record replays
        before = state.clone()
        state.apply(action)
        entries.append(
            {
                "ply": ply,
                "seat": seat,
                "name": seat_names[seat],
                "text": before.describe_action(action, reader=None, names=seat_names),
                "label": before.action_label(action),
                "events": summarise(before, action, state, names=seat_names),
            }
        )
    return entries


def frame(record: Mapping[str, Any], ply: int, names: Sequence[str] = ()) -> dict[str, Any]:
    """The position after ``ply`` moves of ``record``, as a spectator sees it, the board naming the seats
    by ``names`` as the replay's log does."""
    total = len(record["actions"])
    if not 0 <= ply <= total:
        raise HTTPException(
            404, _("Move {ply} is not in this game: it has positions 0 to {total}.", ply=ply, total=total)
        )
    state = start_state(record)
    for action in record["actions"][:ply]:
        state.apply(action)
    return {
        "ply": ply,
        "total": total,
        "to_move": state.current_player,
        "view": state.view(None),
        "board": {"svg": draw_board(state, None, log_names(names) if names else ())["svg"], "panel": []},
    }


def timeline(record: Mapping[str, Any]) -> list[list[int]]:
    """Every seat's score before the first move and after each move."""
    state = start_state(record)
    scores = [list(state.scores())]
    for action in record["actions"]:
        state.apply(action)
        scores.append(list(state.scores()))
    return scores


def split_rules_notes(markdown: str) -> dict[str, str]:
    """docs/rules-notes.md cut into its sections per game (``## <title>``), by game name."""
    sections: dict[str, str] = {}
    by_title = {title: game for game, title in NOTES_TITLES.items()}
    for part in re.split(r"(?m)^## ", markdown)[1:]:
        title, _sep, body = part.partition("\n")
        game = by_title.get(title.strip())
        if game is not None:
            sections[game] = body.strip() + "\n"
    return sections


def write_rules_notes(docs: Path = Path("docs/rules-notes.md")) -> None:
    """Copy the sections of docs/rules-notes.md into the package (web/rules/notes/), run by hand after an
    edit of the docs; a test checks that the copies are up to date."""
    for game, text in split_rules_notes(docs.read_text(encoding="utf-8")).items():
        (WEB_ROOT / "rules" / "notes" / f"{game}.md").write_text(text, encoding="utf-8")


@lru_cache(maxsize=16)
def rules_html(game: str, lang: str = "en") -> dict[str, str]:
    """The rules page's content for ``game``: the summary and the project's rule decisions, as HTML."""
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    folder = WEB_ROOT / "rules" / lang
    if not (folder / f"{game}.md").is_file():
        folder = WEB_ROOT / "rules" / "en"
    summary = (folder / f"{game}.md").read_text(encoding="utf-8")
    notes_file = WEB_ROOT / "rules" / lang / f"{game}-notes.md"  # the decisions, translated
    if not notes_file.is_file():
        notes_file = WEB_ROOT / "rules" / "notes" / f"{game}.md"
    notes = notes_file.read_text(encoding="utf-8")
    return {"summary_html": md.render(summary), "notes_html": md.render(notes)}


def catalog(lang: str = "en") -> dict[str, Any]:
    """The page message catalog of ``lang``: each key's message (a plural one by CLDR category)."""
    messages: dict[str, Any] = page_catalog(lang)["messages"]
    return messages


# ---- the server's games ------------------------------------------------------------------------------
async def _game(request: Request, game_id: str) -> tuple[Any, State, dict[str, Any]]:
    from masterbuilder.server.tables import NotFound

    tables = getattr(request.app.state, "tables", None)
    if tables is None:
        raise HTTPException(503, _("The game tables are not running."))
    try:
        state: State = await tables.state_of(game_id)
        summary: dict[str, Any] = await tables.summary(game_id)
    except (NotFound, KeyError):
        raise HTTPException(404, _("There is no game {game}.", game=repr(game_id))) from None
    return tables, state, summary


def _replay_info(
    record: Mapping[str, Any], names: list[str], entries: list[dict[str, Any]], finished: bool
) -> dict[str, Any]:
    return {
        "game": record["game"],
        "title": GAMES[record["game"]].local_title,
        "players": record["players"],
        "names": names,
        "total": len(record["actions"]),
        "finished": finished,
        "log": entries,
    }


# ---- replays in the work pool: their cost grows with the record, so never on the event loop -------------
def uploaded_replay(record: Any) -> dict[str, Any]:
    """An uploaded record's move log and score timeline (HTTPException(422) if it does not replay)."""
    checked = checked_record(record)
    names = [n or seat_name(s) for s, n in enumerate(record_names(checked))]
    finished = load_record(checked).is_terminal
    return {**_replay_info(checked, names, move_log(checked, names), finished), "scores": timeline(checked)}


def uploaded_frame(record: Any, ply: int) -> dict[str, Any]:
    checked = checked_record(record)
    return frame(checked, ply, [n or seat_name(s) for s, n in enumerate(record_names(checked))])


def page_job(lang: str, job: Callable[..., Any], *args: Any) -> tuple[int, Any]:
    """Run in a worker: ``job(*args)`` in ``lang``; (200, its result as JSON bytes: the event loop only
    passes them on) or (status, detail) of its refusal."""
    with use_language(lang):
        try:
            return 200, json.dumps(job(*args), separators=(",", ":")).encode()
        except HTTPException as exc:
            return exc.status_code, exc.detail


async def _offload(request: Request, job: Callable[..., Any], *args: Any) -> bytes:
    """``job(*args)`` in the work pool, at most ``work_timeout`` seconds, as JSON; 503 with Retry-After
    when the pool's queue is full or the job overran."""
    settings = request.app.state.settings
    work: WorkerPool = getattr(request.app.state, "work", None) or WorkerPool(0)
    try:
        status, value = await work.run(
            page_job, language(), job, *args, timeout=settings.work_timeout, queue=settings.work_queue
        )
    except Busy:
        # i18n: the server is replaying too many records for the pages at once
        raise HTTPException(
            503, _("The server is busy with other replays; try again in a few seconds."), {"Retry-After": "2"}
        ) from None
    except TimeoutError:
        log.warning("a %s job overran its %g s", job.__name__, settings.work_timeout)
        raise HTTPException(
            503,
            _("That replay took more than {n} s and was stopped.", n=format(settings.work_timeout, "g")),
            {"Retry-After": "10"},
        ) from None
    if status != 200:
        raise HTTPException(status, value)
    answer: bytes = value
    return answer


def _json(content: bytes) -> Response:
    return Response(content, media_type="application/json")


# ---- JSON for the pages --------------------------------------------------------------------------------
@router.get("/api/pages/games/{game_id}/replay", tags=["pages"])
async def game_replay(request: Request, game_id: str) -> Response:
    """A game's move log for the replay page (a live game up to its current move)."""
    tables, state, summary = await _game(request, game_id)
    names = seat_names(summary, state.num_players)
    entries = [dict(entry, name=names[entry["seat"]]) for entry in await tables.log(game_id)]
    answer = {"id": game_id, **_replay_info(state.record(), names, entries, state.is_terminal)}
    # json.dumps, not FastAPI's encoder: ten times faster on a long game's log (0.08 s, not 0.8 s, for
    # 20,000 moves), and this runs on the event loop
    return _json(json.dumps(answer, separators=(",", ":")).encode())


@router.get("/api/pages/games/{game_id}/frames/{ply}", tags=["pages"])
async def game_frame(request: Request, game_id: str, ply: int) -> Response:
    """The board after ``ply`` moves of a game, as a spectator sees it."""
    _tables, state, summary = await _game(request, game_id)
    return _json(await _offload(request, frame, state.record(), ply, seat_names(summary, state.num_players)))


@router.get("/api/pages/games/{game_id}/timeline", tags=["pages"])
async def game_timeline(request: Request, game_id: str) -> dict[str, Any]:
    """Every seat's score after every move, for the chart; finished games only (scores during play may
    include what some seats may not see, such as Caylus 1303's prestige)."""
    _tables, state, summary = await _game(request, game_id)
    if not state.is_terminal:
        raise HTTPException(409, _("The score chart is shown once the game is over."))
    scores = json.loads(await _offload(request, timeline, state.record()))
    return {"names": seat_names(summary, state.num_players), "scores": scores}


@router.post("/api/pages/records/replay", tags=["pages"])
async def record_replay(request: Request, record: Any = Body(...)) -> Response:  # noqa: B008
    """An uploaded record's move log and its score timeline (a record is public: everything shows)."""
    return _json(await _offload(request, uploaded_replay, record))


@router.post("/api/pages/records/frames/{ply}", tags=["pages"])
async def record_frame(request: Request, ply: int, record: Any = Body(...)) -> Response:  # noqa: B008
    """The board after ``ply`` moves of an uploaded record."""
    return _json(await _offload(request, uploaded_frame, record, ply))


def panels() -> dict[str, Any]:
    """Each game's player panel (what the table shows per seat beside the board), by game name: the field
    of the score and the resources, each with the page key of its label."""
    return {name: panel.as_json() for name in GAMES if (panel := game_piece(name, "panel")) is not None}


@router.get("/api/pages/panels", tags=["pages"])
async def player_panels() -> dict[str, Any]:
    """Each game's player panel: see :func:`panels`."""
    return panels()


@router.get("/api/pages/rules/{game}", tags=["pages"])
async def rules_data(game: str, lang: str | None = None) -> dict[str, str]:
    """A game's rules summary (in ``lang``, else the player's language, if it has been translated; else
    in English) and this project's rule decisions, as HTML."""
    if game not in GAMES or game not in NOTES_TITLES:
        raise HTTPException(404, _no_game(game))
    try:
        code = language() if lang is None else check_language(lang)
    except UnknownLanguage:
        raise HTTPException(422, _unknown_language(lang)) from None
    return {"game": game, "title": GAMES[game].local_title, **rules_html(game, code)}


def _no_game(game: str) -> str:
    return _(
        "There is no game {game}; the games are {games}.", game=repr(game), games=", ".join(sorted(GAMES))
    )


def _unknown_language(lang: Any) -> str:
    return _(
        "There is no language {lang}; the languages are {languages}.",
        lang=repr(lang),
        languages=", ".join(LANGUAGES),
    )


@router.get("/i18n/{lang}.json", tags=["pages"])
async def page_messages(lang: str) -> JSONResponse:
    """The pages' messages in ``lang`` (``{"lang", "languages", "messages"}``), from the gettext catalog:
    a counted message is its forms by CLDR plural category (``one``, ``few``, ``many``, ``other``)."""
    try:
        code = check_language(lang)
    except UnknownLanguage:
        raise HTTPException(404, _unknown_language(lang)) from None
    if code != lang:
        raise HTTPException(404, _unknown_language(lang))
    return JSONResponse(page_catalog(code), headers={"Cache-Control": "no-cache"})


# ---- HTML and static files ------------------------------------------------------------------------------
def _page(name: str) -> HTMLResponse:
    """A page, its ``<html lang>`` the player's language (the page's script loads its messages)."""
    html = (WEB_ROOT / name).read_text(encoding="utf-8")
    return HTMLResponse(
        html.replace('<html lang="en">', f'<html lang="{language()}">', 1),
        headers={"Vary": "Accept-Language, Cookie"},  # a cache must not give one player's language to another
    )


@router.get("/", include_in_schema=False)
async def lobby_page() -> HTMLResponse:
    return _page("index.html")


@router.get("/play/{game_id}", include_in_schema=False)
async def table_page(game_id: str) -> HTMLResponse:
    return _page("play.html")


@router.get("/replay", include_in_schema=False)
async def upload_replay_page() -> HTMLResponse:
    return _page("replay.html")


@router.get("/replay/{game_id}", include_in_schema=False)
async def replay_page(game_id: str) -> HTMLResponse:
    return _page("replay.html")


@router.get("/rules/{game}", include_in_schema=False)
async def rules_page(game: str) -> HTMLResponse:
    if game not in GAMES:
        raise HTTPException(404, _no_game(game))
    return _page("rules.html")


@router.get("/leaderboard", include_in_schema=False)
async def leaderboard_page() -> HTMLResponse:
    return _page("leaderboard.html")


@router.get("/players/{name}", include_in_schema=False)
async def player_page(name: str) -> HTMLResponse:
    return _page("player.html")


@router.get("/static/{path:path}", include_in_schema=False)
async def static_file(path: str) -> Response:
    root = WEB_ROOT.resolve()
    try:
        target = (root / path).resolve()
        found = target.is_relative_to(root) and target.is_file() and target.suffix in STATIC_TYPES
    except (ValueError, OSError):  # a NUL byte in the path, a name too long, ...
        found = False
    if not found:
        asked = "/static/" + path
        raise HTTPException(404, _("No such file: {path}", path=asked))
    return FileResponse(target, media_type=STATIC_TYPES[target.suffix], headers={"Cache-Control": "no-cache"})
