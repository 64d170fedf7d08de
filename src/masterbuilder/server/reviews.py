"""Game reviews on the web table: a queue of reviews (``masterbuilder.review``) run ``review_workers`` at a
time (``Settings``; 0 turns reviews off), each in a worker process at the lowest CPU priority, so that a
review never delays a bot's move or a hint.

A review is asked for a finished game of the server or an uploaded record, and is then polled: its place
in the queue, its progress (decisions judged of all), and at the end the result. It can be cancelled
(between two decisions). A finished review is stored in the database (``review_store``): asking again for
the same record, budget and language, before or after a restart, returns it without reviewing again. The
latest ``KEPT`` reviews are also kept in memory.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import multiprocessing
import os
from collections import OrderedDict
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from fastapi import APIRouter, Body, HTTPException, Query, Request
from fastapi.responses import HTMLResponse
from sqlalchemy import Engine

from masterbuilder.core.board import draw_board
from masterbuilder.core.i18n import language, use_language
from masterbuilder.core.i18n import shell as _
from masterbuilder.core.registry import load_record
from masterbuilder.core.voice import seat_name
from masterbuilder.review.engine import Decision, Judgement, Review, decisions, default_budget, judge
from masterbuilder.server.pages import _game, _page, checked_record, seat_names
from masterbuilder.server.review_store import StoredReview, load_review, reviews_of_game, save_review
from masterbuilder.server.settings import Settings
from masterbuilder.server.workers import exit_with_parent
from masterbuilder.ui.records import record_names

router = APIRouter()
log = logging.getLogger("masterbuilder.server")

KEPT = 100  # reviews kept in memory (finished ones are dropped oldest first; the database keeps them all)


def review_key(record: Mapping[str, Any], budget: int, lang: str) -> str:
    """A review's id: the same record, budget and language make the same review."""
    return hashlib.sha256(json.dumps([record, budget, lang], sort_keys=True).encode()).hexdigest()


def reviews_off() -> str:
    return _("Game reviews are turned off on this server.")


def _start_worker(parent: int) -> None:
    exit_with_parent(parent)
    os.nice(19)  # bots and hints first: a review only takes what they leave


def _judge_in_worker(record: Mapping[str, Any], decision: Decision, budget: int, lang: str) -> Judgement:
    with use_language(lang):
        return judge(record, decision, budget, omniscient=False)


@dataclass
class Job:
    id: str
    record: dict[str, Any]
    names: list[str]
    budget: int
    lang: str
    game_id: str | None = None  # the server's game reviewed (None: an uploaded record)
    status: str = "queued"  # queued, running, done, cancelled, failed
    done: int = 0
    total: int = 0
    result: dict[str, Any] | None = None  # Review.to_json()
    error: str = ""
    judged: list[Judgement] = field(default_factory=list)

    @classmethod
    def stored(cls, row: StoredReview) -> Job:
        result = row.result
        total = len(result["review"]["decisions"])
        return cls(
            row.id,
            result["record"],
            result["names"],
            row.budget,
            row.lang,
            row.game_id,
            status="done",
            done=total,
            total=total,
            result=result["review"],
        )

    def to_json(self, place: int | None) -> dict[str, Any]:
        doc: dict[str, Any] = {
            "id": self.id,
            "status": self.status,
            "done": self.done,
            "total": self.total,
            "budget": self.budget,
            "game": self.record["game"],
            "players": self.record["players"],
            "names": self.names,
        }
        if place is not None:
            doc["ahead"] = place
        if self.error:
            doc["error"] = self.error
        if self.result is not None:
            doc["review"] = self.result
        return doc


class ReviewQueue:
    """The reviews of one server: queued, run ``workers`` at a time (each in a worker process of its own),
    stored in the database once finished when the queue has one (``engine``)."""

    def __init__(self, workers: int = 1, queued_max: int = 20, engine: Engine | None = None) -> None:
        self.workers = workers
        self.queued_max = queued_max  # reviews waiting at most; more are refused until the queue shortens
        self.engine = engine
        self.jobs: OrderedDict[str, Job] = OrderedDict()
        self.waiting: list[str] = []
        self._runners: set[asyncio.Task[None]] = set()
        self._pool: ProcessPoolExecutor | None = None

    @property
    def enabled(self) -> bool:
        return self.workers > 0

    async def find(self, key: str) -> Job | None:
        """The review with this id: in memory, else stored (None: neither)."""
        job = self.jobs.get(key)
        if job is not None or self.engine is None:
            return job
        row = await asyncio.to_thread(load_review, self.engine, key)
        if row is None:
            return None
        job = Job.stored(row)
        self._keep(job)
        return job

    async def submit(
        self, record: dict[str, Any], names: list[str], budget: int, game_id: str | None = None
    ) -> Job:
        lang = language()  # the moves are described in the asker's language
        key = review_key(record, budget, lang)
        job = await self.find(key)
        if job is not None and job.status not in ("cancelled", "failed"):
            return job
        if not self.enabled:
            raise HTTPException(503, reviews_off())
        if len(self.waiting) >= self.queued_max:
            raise HTTPException(503, _("Too many reviews are waiting; try again in a few minutes."))
        job = Job(key, record, names, budget, lang, game_id)
        self._keep(job)
        self.waiting.append(key)
        self._start()
        return job

    async def of_game(self, game_id: str) -> list[Job]:
        """The finished reviews of a game of the server in the asker's language, newest first."""
        lang = language()
        found: dict[str, Job] = {
            job.id: job
            for job in reversed(self.jobs.values())
            if job.game_id == game_id and job.lang == lang and job.status == "done"
        }
        if self.engine is not None:
            for row in await asyncio.to_thread(reviews_of_game, self.engine, game_id, lang):
                found.setdefault(row.id, Job.stored(row))
        return list(found.values())

    def _keep(self, job: Job) -> None:
        self.jobs[job.id] = job
        self.jobs.move_to_end(job.id)
        while len(self.jobs) > KEPT:
            oldest = next(iter(self.jobs))
            if self.jobs[oldest].status in ("queued", "running"):
                break
            del self.jobs[oldest]

    def place(self, job: Job) -> int | None:
        """How many reviews must finish before ``job`` starts (None once it runs or is over)."""
        if job.id not in self.waiting:
            return None
        running = sum(j.status == "running" for j in self.jobs.values())
        return max(0, self.waiting.index(job.id) + running - (self.workers - 1))

    def cancel(self, job: Job) -> None:
        if job.status == "queued":
            self.waiting.remove(job.id)
            job.status = "cancelled"
        elif job.status == "running":
            job.status = "cancelled"  # the runner stops before the next decision

    def _start(self) -> None:
        self._runners = {task for task in self._runners if not task.done()}
        while len(self._runners) < min(self.workers, len(self.waiting)):
            self._runners.add(asyncio.create_task(self._run()))

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_worker,
                initargs=(os.getpid(),),
            )
        return self._pool

    async def _run(self) -> None:
        while self.waiting:
            job = self.jobs[self.waiting.pop(0)]
            try:
                await self._review(job)
            except Exception as exc:  # a review that fails must not stop the queue
                job.status = "failed"
                job.error = _("The review failed: {reason}", reason=exc)

    async def _review(self, job: Job) -> None:
        job.status = "running"
        loop = asyncio.get_running_loop()
        found, skipped = await asyncio.to_thread(decisions, job.record)
        job.total = len(found)
        result = Review(job.record["game"], job.record["players"], job.record["seed"], job.budget, False)
        result.skipped = skipped
        for decision in found:
            if job.status == "cancelled":
                return
            judged = await loop.run_in_executor(
                self._executor(), _judge_in_worker, job.record, decision, job.budget, job.lang
            )
            result.judgements.append(judged)
            job.done += 1
        if job.status == "cancelled":
            return
        job.result = result.to_json()
        if self.engine is not None:
            stored = {"record": job.record, "names": job.names, "review": job.result}
            try:
                await asyncio.to_thread(
                    save_review, self.engine, job.id, job.game_id, job.budget, job.lang, stored
                )
            except Exception:  # the review is still shown; only its keeping across a restart is lost
                log.exception("storing review %s failed", job.id)
        job.status = "done"

    def close(self) -> None:
        for task in self._runners:
            task.cancel()
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)


def queue_of(request: Request) -> ReviewQueue:
    """The server's review queue (made at start-up; made here for an app run without its start-up)."""
    queue: ReviewQueue | None = getattr(request.app.state, "reviews", None)
    if queue is None:
        settings: Settings = getattr(request.app.state, "settings", None) or Settings()
        tables = getattr(request.app.state, "tables", None)
        engine = tables.store.engine if tables is not None else None
        queue = ReviewQueue(settings.review_workers, settings.review_queue, engine)
        request.app.state.reviews = queue
    return queue


async def _job(request: Request, review_id: str) -> Job:
    job = await queue_of(request).find(review_id)
    if job is None:
        raise HTTPException(404, _("There is no review {review}.", review=repr(review_id)))
    return job


def _budget(game: str, asked: Any) -> int:
    full = default_budget(game)
    if asked is None:
        return full
    if type(asked) is not int or not 1 <= asked <= full:
        raise HTTPException(422, _("The budget must be a whole number from 1 to {most}.", most=full))
    return asked


@router.post("/api/reviews", status_code=202, tags=["reviews"])
async def ask_review(request: Request, body: Any = Body(...)) -> dict[str, Any]:  # noqa: B008
    """Queue a review of a finished game of this server (``{"game_id": ...}``) or of an uploaded record
    (``{"record": {...}}``); ``budget`` (optional): fewer steps per decision than the default, for a
    faster and rougher review."""
    if not isinstance(body, dict) or ("game_id" in body) == ("record" in body):
        raise HTTPException(422, _("Send either game_id (a finished game) or record (a game record)."))
    if "game_id" in body:
        _tables, state, summary = await _game(request, str(body["game_id"]))
        if not state.is_terminal:
            raise HTTPException(409, _("A game is reviewed once it is over."))
        record = state.record()
        names = seat_names(summary, state.num_players)
    else:
        record = await asyncio.to_thread(checked_record, body["record"])
        names = [n or seat_name(s) for s, n in enumerate(record_names(record))]
        record = {k: record[k] for k in ("game", "players", "seed", "actions")} | {
            "options": record.get("options") or {}
        }
    game_id = str(body["game_id"]) if "game_id" in body else None
    queue = queue_of(request)
    job = await queue.submit(record, names, _budget(record["game"], body.get("budget")), game_id)
    return job.to_json(queue.place(job))


@router.get("/api/reviews", tags=["reviews"])
async def list_reviews(request: Request, game_id: str | None = Query(None)) -> dict[str, Any]:
    """Whether this server reviews games (``enabled``; if not, ``message`` says so), and the finished
    reviews of a game of the server (``game_id``) in the asker's language, newest first."""
    queue = queue_of(request)
    found = await queue.of_game(game_id) if game_id else []
    return {
        "enabled": queue.enabled,
        "message": None if queue.enabled else reviews_off(),
        "reviews": [{"id": job.id, "budget": job.budget, "lang": job.lang} for job in found],
    }


@router.get("/api/reviews/{review_id}", tags=["reviews"])
async def get_review(request: Request, review_id: str) -> dict[str, Any]:
    """A review's state: queued (with how many are ahead), running (decisions done of all), done (with
    the review), cancelled or failed."""
    job = await _job(request, review_id)
    return job.to_json(queue_of(request).place(job))


@router.delete("/api/reviews/{review_id}", tags=["reviews"])
async def cancel_review(request: Request, review_id: str) -> dict[str, Any]:
    """Cancel a review that waits or runs (it stops before its next decision)."""
    job = await _job(request, review_id)
    queue_of(request).cancel(job)
    return job.to_json(None)


@router.get("/api/reviews/{review_id}/boards/{ply}", tags=["reviews"])
async def review_board(request: Request, review_id: str, ply: int) -> dict[str, Any]:
    """The board before the move at ``ply`` of a reviewed game, drawn for the seat to move (so that its
    moves are on the board: the page marks the move played and the bot's move). A finished game's record
    is public, so every seat's view may be shown."""
    job = await _job(request, review_id)
    if job.result is None or all(d["ply"] != ply for d in job.result["decisions"]):
        raise HTTPException(404, _("Move {ply} is not a reviewed decision of this game.", ply=ply))
    record = dict(job.record, actions=job.record["actions"][:ply])

    def draw() -> dict[str, Any]:
        state = load_record(record)
        return {
            "ply": ply,
            "seat": state.current_player,
            "svg": draw_board(state, state.current_player)["svg"],
        }

    return await asyncio.to_thread(draw)


@router.get("/review/{review_id}", include_in_schema=False)
async def review_page(review_id: str) -> HTMLResponse:
    return _page("review.html")
