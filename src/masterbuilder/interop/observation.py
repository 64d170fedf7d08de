"""The shared observation encoding of the research adapters: what one seat sees, as a flat float32 vector.

Every adapter (OpenSpiel, PettingZoo, Gymnasium) uses this module, so an agent trained through one sees the
same numbers through another.

- :func:`observation_spec` describes the vector of a ``(game, players, options)``: its size, its named
  blocks (:class:`Block`: a run of slots, its range and meaning) and per-slot ``low`` / ``high`` bounds.
- :func:`encode` builds the vector for a seat. It reads **only** ``state.view(seat)`` and the public
  pending decision (``state.pending_decision`` of the Caylus games: its kind and arguments, e.g. the tile
  whose effect is being decided), never ``to_json`` or another seat's private fields, so what a seat may not
  see (the Builders' deck order, the other seats' prestige in Caylus 1303) can never leak into it.
- :func:`action_mask` is the current player's legal action ids as a 0/1 vector.
- :func:`observation_string` is the same information as readable text (the view as sorted JSON).

Conventions (the same for every game):

- **Seat-relative.** Per-player blocks list the players starting with the observing seat, then the next
  seats in seat order (observer, observer+1, …, wrapping). Every other seat number (the current player, an
  owner, a worker on a space, a character's holder, …) is a one-hot over these relative positions, usually
  followed by one more slot for "nobody".
- **Fixed size.** Ids (cards, tiles, characters, workers) are one-hot or multi-hot over the game's whole
  table; counts are plain numbers clipped to the block's documented ``[low, high]``. A state's vector always
  has ``spec.size`` entries, all within ``[spec.low, spec.high]``.
- **Deterministic.** The vector is a function of the view and the pending decision only, so identical
  histories give identical observations.

``python -m masterbuilder.interop.observation`` prints :func:`markdown`, the committed
``docs/observations.md``.
"""

from __future__ import annotations

import json
import operator
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from masterbuilder.extras import missing_extra

try:
    import numpy as np
    import numpy.typing as npt
except ImportError as exc:
    raise missing_extra(exc, "masterbuilder.interop.observation", "interop") from None

from masterbuilder.core import State
from masterbuilder.core.registry import game_info
from masterbuilder.core.task_stack import DECISION
from masterbuilder.games.builders import cards as bcards
from masterbuilder.games.caylus import tasks as ctasks
from masterbuilder.games.caylus import tiles as ctiles
from masterbuilder.games.caylus1303 import data as hdata
from masterbuilder.games.caylus1303 import tasks as htasks

__all__ = [
    "Block",
    "ObservationSpec",
    "action_mask",
    "encode",
    "markdown",
    "observation_spec",
    "observation_string",
]


@dataclass(frozen=True)
class Block:
    """One named run of slots: ``vector[start : start + size]``, each slot within ``[low, high]``."""

    name: str
    start: int
    size: int
    low: float
    high: float
    meaning: str

    @property
    def stop(self) -> int:
        return self.start + self.size


@dataclass(frozen=True, eq=False)
class ObservationSpec:
    """The layout of the observation vector of one ``(game, players, options)``.

    ``low`` / ``high`` are float32 arrays of shape ``(size,)`` (do not modify them: specs are cached and
    shared). Specs compare by identity; :func:`observation_spec` returns the same object for equal
    arguments.
    """

    game: str
    players: int
    size: int
    blocks: tuple[Block, ...]
    low: npt.NDArray[np.float32]
    high: npt.NDArray[np.float32]
    _index: dict[str, Block] = field(init=False, repr=False, compare=False)
    _bounds: dict[str, tuple[int, int]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", {b.name: b for b in self.blocks})
        object.__setattr__(self, "_bounds", {b.name: (b.start, b.size) for b in self.blocks})

    def block(self, name: str) -> Block:
        """The block called ``name`` (KeyError if there is none)."""
        return self._index[name]

    def slice(self, name: str) -> slice:
        """``vector[spec.slice(name)]`` is that block's slots."""
        b = self._index[name]
        return slice(b.start, b.stop)


# ---- helpers -----------------------------------------------------------------------------------------------

# (name, size, low, high, meaning)
_Def = tuple[str, int, float, float, str]

COIN_CAP = 200  # coins / deniers
PP_CAP = 300  # prestige points
CUBE_CAP = 50  # cubes / resources of one kind


def _seats(n: int) -> str:
    return f"{n} players, observer first"


class _Writer:
    """Collects (slot, value) writes block by block and fills the vector in one numpy call; offsets are
    checked (an out-of-range id is a bug, not data). Each slot is written at most once."""

    __slots__ = ("bounds", "size", "slots", "values")

    def __init__(self, spec: ObservationSpec) -> None:
        self.bounds = spec._bounds
        self.size = spec.size
        self.slots: list[int] = []
        self.values: list[float] = []

    def set(self, name: str, offset: int, value: float) -> None:
        start, size = self.bounds[name]
        if not 0 <= offset < size:
            raise IndexError(f"Slot {offset} is outside block {name!r} of {size} slots.")
        if value:  # the vector starts at zero; every slot is written at most once
            self.slots.append(start + offset)
            self.values.append(value)

    def one(self, name: str, offset: int) -> None:
        start, size = self.bounds[name]
        if not 0 <= offset < size:
            raise IndexError(f"Slot {offset} is outside block {name!r} of {size} slots.")
        self.slots.append(start + offset)
        self.values.append(1.0)

    def vector(self) -> npt.NDArray[np.float32]:
        buf = np.zeros(self.size, dtype=np.float32)
        if self.slots:
            buf[np.fromiter(self.slots, dtype=np.intp, count=len(self.slots))] = self.values
        return buf


def _pending(state: State) -> tuple[int, ...] | None:
    """The public pending decision ``(kind, seat, *args)`` of a task-stack game, else None."""
    pending: tuple[int, ...] | None = getattr(state, "pending_decision", None)
    return pending


def _decision_kinds(task_sizes: Mapping[int, int]) -> tuple[int, ...]:
    return tuple(sorted(k for k in task_sizes if k >= DECISION))


# ---- The Builders ------------------------------------------------------------------------------------------

B_WORKERS = len(bcards.WORKERS)  # 50: 42 worker cards + 8 built machines
B_CARDS = bcards.NUM_WORKER_CARDS  # 42 worker cards (rows and the deck hold only these)
B_BUILDINGS = bcards.NUM_BUILDING_CARDS  # 42: 34 buildings + 8 machines
B_ROUND_CAP = 100
B_ACTIONS_CAP = 30
B_POINTS_CAP = sum(bcards.POINTS)
B_RES_CAP = 30  # a crew's production of one resource
B_REQ_CAP = max(max(r) for r in bcards.REQUIRES)


def _builders_defs(n: int) -> list[_Def]:
    w, c, b = B_WORKERS, B_CARDS, B_BUILDINGS
    return [
        ("round", 1, 0, B_ROUND_CAP, f"round being played, from 1 (clipped at {B_ROUND_CAP})"),
        ("first_player", n, 0, 1, f"one-hot: the first player ({_seats(n)})"),
        ("current_player", n + 1, 0, 1, f"one-hot: the seat to act ({_seats(n)}), last slot: nobody (over)"),
        (
            "actions_left",
            1,
            0,
            B_ACTIONS_CAP,
            f"actions left in the current turn (clipped at {B_ACTIONS_CAP})",
        ),
        ("pending_worker", w + 1, 0, 1, f"one-hot: the worker chosen to be sent (ids 0–{w - 1}), last: none"),
        ("final_round", 1, 0, 1, "1 if this round is the last (someone reached 17 points)"),
        ("is_terminal", 1, 0, 1, "1 once the game is over"),
        ("winners", n, 0, 1, f"multi-hot: the winners once the game is over ({_seats(n)})"),
        ("building_row", b, 0, 1, f"multi-hot over building ids 0–{b - 1}: the face-up buildings"),
        ("building_deck_size", 1, 0, b, "cards left in the building deck"),
        ("building_deck_top", b + 1, 0, 1, "one-hot: the building deck's visible top card, last: empty deck"),
        ("worker_row", c, 0, 1, f"multi-hot over worker card ids 0–{c - 1}: the face-up workers"),
        ("worker_deck_size", 1, 0, c, "cards left in the worker deck"),
        (
            "worker_deck_top",
            c + 1,
            0,
            1,
            "one-hot: the worker deck's top card if the option open_worker_deck shows it, last: not shown",
        ),
        ("coins", n, 0, COIN_CAP, f"coins per player ({_seats(n)}; clipped at {COIN_CAP})"),
        (
            "building_points",
            n,
            0,
            B_POINTS_CAP,
            f"points of completed buildings and machines per player ({_seats(n)})",
        ),
        (
            "score",
            n,
            0,
            B_POINTS_CAP + COIN_CAP // 10,
            f"building points + coins // 10 per player ({_seats(n)})",
        ),
        (
            "free_workers",
            n * w,
            0,
            1,
            f"{n} × {w}: per player, multi-hot of free worker ids (built machines 42–49)",
        ),
        ("sites", n * b, 0, 1, f"{n} × {b}: per player, multi-hot of building ids under construction"),
        ("completed", n * b, 0, 1, f"{n} × {b}: per player, multi-hot of completed building ids"),
        (
            "site_have",
            b * 4,
            0,
            B_RES_CAP,
            f"{b} × 4: per building under construction, stone/wood/knowledge/tile its crew produces "
            f"(clipped at {B_RES_CAP}; 0 for other buildings)",
        ),
        (
            "site_missing",
            b * 4,
            0,
            B_REQ_CAP,
            f"{b} × 4: per building under construction, stone/wood/knowledge/tile still missing",
        ),
        ("crew", b * w, 0, 1, f"{b} × {w}: per building, multi-hot of the worker ids on it"),
        (
            "sent_this_turn",
            b,
            0,
            B_ACTIONS_CAP,
            f"per building, workers the current player sent there this turn (clipped at {B_ACTIONS_CAP})",
        ),
    ]


def _builders_encode(state: State, seat: int, w: _Writer) -> None:
    v = state.view(seat)
    n = state.num_players
    w.set("round", 0, v["round"])
    w.one("first_player", (v["first_player"] - seat) % n)
    cp = v["current_player"]
    w.one("current_player", n if cp is None else (cp - seat) % n)
    w.set("actions_left", 0, v["actions_left"])
    pw = v["pending_worker"]
    w.one("pending_worker", B_WORKERS if pw is None else pw)
    w.set("final_round", 0, float(v["final_round"]))
    w.set("is_terminal", 0, float(v["is_terminal"]))
    for s in v["winners"]:
        w.one("winners", (s - seat) % n)
    for card in v["building_row"]:
        w.one("building_row", card)
    w.set("building_deck_size", 0, v["building_deck_size"])
    top = v["building_deck_top"]
    w.one("building_deck_top", B_BUILDINGS if top is None else top)
    for card in v["worker_row"]:
        w.one("worker_row", card)
    w.set("worker_deck_size", 0, v["worker_deck_size"])
    top = v["worker_deck_top"]
    w.one("worker_deck_top", B_CARDS if top is None else top)
    players = v["players"]
    for k in range(n):
        p = players[(seat + k) % n]
        w.set("coins", k, p["coins"])
        w.set("building_points", k, p["building_points"])
        w.set("score", k, p["score"])
        for x in p["free_workers"]:
            w.one("free_workers", k * B_WORKERS + x)
        for b in p["completed"]:
            w.one("completed", k * B_BUILDINGS + b)
        for site in p["sites"]:
            b = site["building"]
            w.one("sites", k * B_BUILDINGS + b)
            for r in range(4):
                w.set("site_have", b * 4 + r, site["have"][r])
                w.set("site_missing", b * 4 + r, site["missing"][r])
            for x in site["workers"]:
                w.one("crew", b * B_WORKERS + x)
            w.set("sent_this_turn", b, site["sent_this_turn"])


# ---- Caylus ------------------------------------------------------------------------------------------------

PAY_CAP = 5  # stacked payments: at most 5 (a building's "any" part, a trade)
FORGONE_CAP = 100
C_TILES = len(ctiles.TILES)  # 36
C_TILE_ID = {t.key: t.id for t in ctiles.TILES}
C_ROAD = ctiles.ROAD_LENGTH  # 28
C_PHASES = len(ctasks.PHASE_NAMES)  # 0..7 (0 unused)
C_DECISIONS = _decision_kinds(ctasks.TASK_SIZES)
C_TILE_ARG = frozenset({ctasks.D_PRODUCE, ctasks.D_OWNER, ctasks.D_RESIDENCE})
C_TURN_CAP = 40
C_ARG_LOW, C_ARG_HIGH = -1, C_TILES - 1  # tile ids, prices, cube bit masks (< 32), ...
C_SPECIAL_ONE = ctiles.SPECIAL_NAMES[:4]  # gate, trading post, merchants' guild, joust field: one worker
C_STABLES = ctiles.SPECIAL_NAMES[4]
C_STABLE_SPOTS = 3
C_MAX_HOUSES = max(ctiles.SECTION_SIZE)
C_FAVOUR_ROWS = ctiles.FAVOUR_ROW_NAMES
C_SUPPLY_CAP = max(t.copies for t in ctiles.TILES)


def _decision_defs(
    kinds: Sequence[int], tiles: int, arg_low: int, arg_high: int, tile_doc: str
) -> list[_Def]:
    return [
        (
            "decision_kind",
            len(kinds) + 1,
            0,
            1,
            f"one-hot: the pending decision's kind ({kinds[0]}–{kinds[-1]}), last: none (game over)",
        ),
        (
            "decision_tile",
            tiles + 1,
            0,
            1,
            f"one-hot: the tile the decision is about ({tile_doc}), last: none",
        ),
        (
            "decision_args",
            2,
            arg_low,
            arg_high,
            "the decision's arguments after its seat, as numbers (0 where the kind has fewer); "
            f"clipped to [{arg_low}, {arg_high}]",
        ),
    ]


def _decision_encode(
    pending: tuple[int, ...] | None, kinds: Sequence[int], tile_kinds: frozenset[int], tiles: int, w: _Writer
) -> None:
    if pending is None:
        w.one("decision_kind", len(kinds))
        w.one("decision_tile", tiles)
        return
    kind, args = pending[0], pending[2:]
    w.one("decision_kind", kinds.index(kind))
    w.one("decision_tile", args[0] if kind in tile_kinds and 0 <= args[0] < tiles else tiles)
    for i, a in enumerate(args[:2]):
        w.set("decision_args", i, a)


def _caylus_defs(n: int) -> list[_Def]:
    t, r = C_TILES, C_ROAD
    return [
        ("turn", 1, 0, C_TURN_CAP, f"turn, from 1 (clipped at {C_TURN_CAP})"),
        ("phase", C_PHASES, 0, 1, "one-hot: phase 1–7 (slot 0 unused)"),
        ("current_player", n + 1, 0, 1, f"one-hot: the seat to decide ({_seats(n)}), last: nobody (over)"),
        ("is_terminal", 1, 0, 1, "1 once the game is over"),
        ("winners", n, 0, 1, f"multi-hot: the winners once the game is over ({_seats(n)})"),
        *_decision_defs(
            C_DECISIONS,
            t,
            C_ARG_LOW,
            C_ARG_HIGH,
            "the production or owner's bonus tile, or the prestige tile",
        ),
        ("turn_order", n * n, 0, 1, f"{n} × {n}: per position in the turn order, one-hot of the seat"),
        (
            "passing_order",
            n * n,
            0,
            1,
            f"{n} × {n}: per position in the passing order, one-hot of the seat (or none)",
        ),
        ("bailiff", 1, 0, r, "the bailiff's road space"),
        ("provost", 1, 0, r, "the provost's road space"),
        (
            "road_tile",
            r * (t + 1),
            0,
            1,
            f"{r} × {t + 1}: per road space 1–{r}, one-hot tile id, last: empty",
        ),
        ("road_owner", r * (n + 1), 0, 1, f"{r} × {n + 1}: per road space, one-hot owner, last: nobody"),
        (
            "road_worker",
            r * (n + 1),
            0,
            1,
            f"{r} × {n + 1}: per road space, one-hot seat of its worker, last: none",
        ),
        (
            "special",
            len(C_SPECIAL_ONE) * (n + 1),
            0,
            1,
            f"4 × {n + 1}: gate, trading post, merchants' guild, joust field: one-hot seat, last: none",
        ),
        (
            "stables",
            C_STABLE_SPOTS * (n + 1),
            0,
            1,
            f"3 × {n + 1}: per stable spot, one-hot seat, last: none",
        ),
        (
            "inn",
            2 * (n + 1),
            0,
            1,
            f"2 × {n + 1}: the inn's left and right circles, one-hot seat, last: none",
        ),
        (
            "castle_workers",
            n * n,
            0,
            1,
            f"{n} × {n}: per castle position (placing order), one-hot seat (or none)",
        ),
        (
            "castle_houses",
            3 * n,
            0,
            C_MAX_HOUSES,
            f"3 × {n}: per section (dungeon, walls, towers), houses per player",
        ),
        ("castle_scored", 3, 0, 1, "per section (dungeon, walls, towers): 1 if scored"),
        ("open_favour_columns", 1, 0, 5, "favour columns open (2, 4 or 5)"),
        ("supply", t, 0, C_SUPPLY_CAP, f"per tile id 0–{t - 1}: copies left to build"),
        (
            "pending_transforms",
            r * n,
            0,
            1,
            f"{r} × {n}: per road space, one-hot seat of a paid lawyer transform",
        ),
        ("deniers", n, 0, COIN_CAP, f"deniers per player ({_seats(n)}; clipped at {COIN_CAP})"),
        (
            "cubes",
            n * 5,
            0,
            CUBE_CAP,
            f"{n} × 5: food, wood, stone, cloth, gold per player (clipped at {CUBE_CAP})",
        ),
        ("prestige", n, 0, PP_CAP, f"prestige points per player (clipped at {PP_CAP})"),
        ("workers_at_home", n, 0, ctiles.WORKERS_PER_PLAYER, "workers at home per player"),
        (
            "favours",
            n * 4,
            0,
            5,
            f"{n} × 4: favour column reached per row (prestige, deniers, resources, buildings)",
        ),
        ("final_bonus", n, 0, PP_CAP, "prestige added at the end per player"),
        (
            "favour_rows_used",
            n * 4,
            0,
            1,
            f"{n} × 4: 1 if the player used that favour row in the current phase (one favour per row)",
        ),
        (
            "batches_given",
            n,
            0,
            PAY_CAP * 3,
            f"castle batches each player gave this turn (clipped at {PAY_CAP * 3})",
        ),
        ("pending_payments", 1, 0, PAY_CAP, "'pay a cube' decisions still stacked for the player to move"),
    ]


def _caylus_encode(state: State, seat: int, w: _Writer) -> None:
    v = state.view(seat)
    n = state.num_players
    none = n

    def rel(s: int | None) -> int:
        return none if s is None else (s - seat) % n

    w.set("turn", 0, v["turn"])
    w.one("phase", v["phase"])
    w.one("current_player", rel(v["current_player"]))
    w.set("is_terminal", 0, float(v["is_terminal"]))
    for s in v["winners"]:
        w.one("winners", rel(s))
    _decision_encode(_pending(state), C_DECISIONS, C_TILE_ARG, C_TILES, w)
    for i, s in enumerate(v["turn_order"]):
        w.one("turn_order", i * n + rel(s))
    for i, s in enumerate(v["passing_order"]):
        w.one("passing_order", i * n + rel(s))
    w.set("bailiff", 0, v["bailiff"])
    w.set("provost", 0, v["provost"])
    for sp in v["road"]:
        i = sp["space"] - 1
        key = sp["tile"]
        w.one("road_tile", i * (C_TILES + 1) + (C_TILES if key is None else C_TILE_ID[key]))
        w.one("road_owner", i * (n + 1) + rel(sp["owner"]))
        w.one("road_worker", i * (n + 1) + rel(sp["worker"]))
    special = v["special"]
    for i, name in enumerate(C_SPECIAL_ONE):
        held = special[name]
        w.one("special", i * (n + 1) + rel(held[0] if held else None))
    stables = special[C_STABLES]
    for i in range(C_STABLE_SPOTS):
        w.one("stables", i * (n + 1) + rel(stables[i] if i < len(stables) else None))
    w.one("inn", rel(v["inn"]["left"]))
    w.one("inn", (n + 1) + rel(v["inn"]["right"]))
    for i, s in enumerate(v["castle_workers"]):
        w.one("castle_workers", i * n + rel(s))
    for sec, section in enumerate(v["castle"]):
        houses = section["houses"]
        for k in range(n):
            w.set("castle_houses", sec * n + k, houses[(seat + k) % n])
        w.set("castle_scored", sec, float(section["scored"]))
    w.set("open_favour_columns", 0, v["open_favour_columns"])
    for key, count in v["supply"].items():
        w.set("supply", C_TILE_ID[key], count)
    for space, s in v["pending_transforms"].items():
        w.one("pending_transforms", (int(space) - 1) * n + rel(s))
    players = v["players"]
    for k in range(n):
        p = players[(seat + k) % n]
        w.set("deniers", k, p["deniers"])
        for c, name in enumerate(ctiles.CUBE_NAMES):
            w.set("cubes", k * 5 + c, p["cubes"][name])
        w.set("prestige", k, p["prestige"])
        w.set("workers_at_home", k, p["workers_at_home"])
        for row, name in enumerate(C_FAVOUR_ROWS):
            w.set("favours", k * 4 + row, p["favours"][name])
            if name in p["favour_rows_used"]:
                w.one("favour_rows_used", k * 4 + row)
        w.set("final_bonus", k, p["final_bonus"])
        w.set("batches_given", k, p["batches_given"])
    w.set("pending_payments", 0, v["pending_payments"])


# ---- Caylus 1303 -------------------------------------------------------------------------------------------

H_TILES = len(hdata.TILES)  # 39
H_ROAD = hdata.ROAD_LENGTH  # 28
H_CHARS = len(hdata.CHARACTERS)  # 12
H_CHAR_ID = {c.key: c.id for c in hdata.CHARACTERS}
H_PHASES = len(htasks.PHASE_NAMES)  # 0..5
H_DECISIONS = _decision_kinds(htasks.TASK_SIZES)
H_TILE_ARG = frozenset({htasks.D_EFFECT})
H_ARG_LOW, H_ARG_HIGH = -1, max(H_TILES - 1, H_ROAD)  # tile ids, road spaces, flags
H_SLOTS = 3
H_WORKERS = hdata.WORKERS_TOTAL
H_BUNDLES_CAP = 10


def _caylus1303_defs(n: int) -> list[_Def]:
    t, r, c = H_TILES, H_ROAD, H_CHARS
    return [
        ("round", 1, 0, hdata.ROUNDS, f"round 1–{hdata.ROUNDS} (0 during the draft)"),
        (
            "phase",
            H_PHASES,
            0,
            1,
            "one-hot: phase 0 draft, 1 planning, 2 activation, 3 delivery, 4 administration, 5 over",
        ),
        ("current_player", n + 1, 0, 1, f"one-hot: the seat to decide ({_seats(n)}), last: nobody (over)"),
        ("is_terminal", 1, 0, 1, "1 once the game is over"),
        ("winners", n, 0, 1, f"multi-hot: the winners once the game is over ({_seats(n)})"),
        *_decision_defs(H_DECISIONS, t, H_ARG_LOW, H_ARG_HIGH, "the tile whose effect is being decided"),
        ("first_player", n, 0, 1, f"one-hot: the first player of the round ({_seats(n)})"),
        (
            "passing_order",
            n * n,
            0,
            1,
            f"{n} × {n}: per position on the Guilds Bridge, one-hot seat (or none)",
        ),
        ("provost", 1, 0, r, "the provost stands after this road space"),
        (
            "road_tile",
            r * (t + 1),
            0,
            1,
            f"{r} × {t + 1}: per road space 1–{r}, one-hot tile id, last: empty",
        ),
        ("road_owner", r * (n + 1), 0, 1, f"{r} × {n + 1}: per road space, one-hot owner, last: nobody"),
        ("road_residence", r, 0, 1, "per road space: 1 if a claimed start building shows its residence side"),
        ("road_workers", r * n, 0, 2, f"{r} × {n}: per road space, workers of each player on it"),
        ("site", n * n, 0, 1, f"{n} × {n}: per construction-site lot, one-hot seat of its worker (or none)"),
        (
            "slots",
            H_SLOTS * (t + 1),
            0,
            1,
            f"3 × {t + 1}: the construction-site slot tiles, one-hot, last: none",
        ),
        ("open_slots", 1, 0, H_SLOTS, "construction-site slots a favour may use this round"),
        ("supply", t, 0, 1, f"per tile id 0–{t - 1}: 1 if it can still be built"),
        (
            "characters",
            c * (n + 3),
            0,
            1,
            f"{c} × {n + 3}: per character, one-hot holder: {n} players (observer first), board, draft, box",
        ),
        ("journeyman_used", 1, 0, 1, "the Journeyman was used this round"),
        ("goldsmith_used", 1, 0, 1, "the Goldsmith was used this round"),
        (
            "resources",
            n * 5,
            0,
            CUBE_CAP,
            f"{n} × 5: food, wood, stone, cloth, gold per player (clipped at {CUBE_CAP})",
        ),
        (
            "prestige",
            n,
            0,
            PP_CAP,
            "prestige per player where known (the observer's own; everyone's once the game is over), else 0",
        ),
        ("prestige_known", n, 0, 1, "per player: 1 if its prestige is visible to the observer"),
        ("workers", n, 0, H_WORKERS, "workers in each player's supply"),
        ("camp", n, 0, H_WORKERS, "each player's workers in the camp"),
        ("houses", n, 0, hdata.HOUSES, "houses left to build with per player"),
        (
            "bundles",
            n,
            0,
            H_BUNDLES_CAP,
            f"bundles delivered this round per player (clipped at {H_BUNDLES_CAP})",
        ),
        ("final_bonus", n, 0, PP_CAP, "prestige added at the end per player"),
        (
            "forgone_workers",
            n,
            0,
            FORGONE_CAP,
            f"workers due that the camp could not supply (clipped at {FORGONE_CAP})",
        ),
        (
            "pending_payments",
            1,
            0,
            PAY_CAP,
            "'pay a resource' decisions still stacked for the player to move",
        ),
    ]


def _caylus1303_encode(state: State, seat: int, w: _Writer) -> None:
    v = state.view(seat)
    n = state.num_players
    none = n

    def rel(s: int | None) -> int:
        return none if s is None else (s - seat) % n

    w.set("round", 0, v["round"])
    w.one("phase", v["phase"])
    w.one("current_player", rel(v["current_player"]))
    w.set("is_terminal", 0, float(v["is_terminal"]))
    for s in v["winners"]:
        w.one("winners", rel(s))
    _decision_encode(_pending(state), H_DECISIONS, H_TILE_ARG, H_TILES, w)
    w.one("first_player", rel(v["first_player"]))
    for i, s in enumerate(v["passing_order"]):
        w.one("passing_order", i * n + rel(s))
    w.set("provost", 0, v["provost"])
    for sp in v["road"]:
        i = sp["space"] - 1
        key = sp["tile"]
        w.one("road_tile", i * (H_TILES + 1) + (H_TILES if key is None else hdata.TILE_BY_KEY[key]))
        w.one("road_owner", i * (n + 1) + rel(sp["owner"]))
        w.set("road_residence", i, float(sp["residence"]))
        for s in sp["workers"]:  # distinct seats: the Journeyman never joins its own worker
            w.one("road_workers", i * n + rel(s))
    for i, s in enumerate(v["site"]):
        w.one("site", i * n + rel(s))
    slots = v["slots"]
    for i in range(H_SLOTS):
        w.one("slots", i * (H_TILES + 1) + (hdata.TILE_BY_KEY[slots[i]] if i < len(slots) else H_TILES))
    w.set("open_slots", 0, v["open_slots"])
    for key in v["supply"]:
        w.one("supply", hdata.TILE_BY_KEY[key])
    holders = v["characters"]
    for cid, ch in enumerate(hdata.CHARACTERS):
        h = holders.get(ch.key, "box")
        pos = (h - seat) % n if isinstance(h, int) else n + {"board": 0, "draft": 1, "box": 2}[h]
        w.one("characters", cid * (n + 3) + pos)
    w.set("journeyman_used", 0, float(v["journeyman_used"]))
    w.set("goldsmith_used", 0, float(v["goldsmith_used"]))
    players = v["players"]
    for k in range(n):
        p = players[(seat + k) % n]
        for c, name in enumerate(hdata.RES_NAMES):
            w.set("resources", k * 5 + c, p["resources"][name])
        pp = p["prestige"]
        if pp is not None:
            w.set("prestige", k, pp)
            w.set("prestige_known", k, 1.0)
        w.set("workers", k, p["workers"])
        w.set("camp", k, p["camp"])
        w.set("houses", k, p["houses"])
        w.set("bundles", k, p["bundles"])
        w.set("final_bonus", k, p["final_bonus"])
        w.set("forgone_workers", k, p["forgone_workers"])
    w.set("pending_payments", 0, v["pending_payments"])


# ---- the interface -----------------------------------------------------------------------------------------


def _decision_names(module: Any) -> dict[int, str]:
    return {v: k for k, v in vars(module).items() if k.startswith("D_") and isinstance(v, int)}


_DECISION_DOCS: dict[str, tuple[tuple[int, ...], dict[int, str], str]] = {
    "caylus": (C_DECISIONS, _decision_names(ctasks), "masterbuilder/games/caylus/tasks.py"),
    "caylus1303": (H_DECISIONS, _decision_names(htasks), "masterbuilder/games/caylus1303/tasks.py"),
}

_GAMES: dict[str, tuple[Callable[[int], list[_Def]], Callable[[State, int, _Writer], None]]] = {
    "builders": (_builders_defs, _builders_encode),
    "caylus": (_caylus_defs, _caylus_encode),
    "caylus1303": (_caylus1303_defs, _caylus1303_encode),
}


@lru_cache(maxsize=64)
def _spec(game: str, players: int, options: tuple[tuple[str, Any], ...]) -> ObservationSpec:
    defs = _GAMES[game][0](players)
    blocks: list[Block] = []
    start = 0
    for name, size, low, high, meaning in defs:
        blocks.append(Block(name, start, size, float(low), float(high), meaning))
        start += size
    low_v = np.concatenate([np.full(b.size, b.low, dtype=np.float32) for b in blocks])
    high_v = np.concatenate([np.full(b.size, b.high, dtype=np.float32) for b in blocks])
    low_v.flags.writeable = False
    high_v.flags.writeable = False
    if len({b.name for b in blocks}) != len(blocks):
        raise AssertionError(f"duplicate block names in the {game} layout")
    return ObservationSpec(game, players, start, tuple(blocks), low_v, high_v)


def observation_spec(game: str, players: int, options: Mapping[str, Any] | None = None) -> ObservationSpec:
    """The observation layout of ``game`` for ``players`` seats and ``options`` (defaults filled in).

    ValueError for an unknown game, a player count out of range or a bad option (as ``new_game``). No
    current option changes the layout; the size depends on the game and the player count only.
    """
    info = game_info(game)
    n = info.check_players(players)
    opts = info.resolve_options(options)
    if info.name not in _GAMES:
        raise ValueError(f"No observation encoding for {info.name!r}.")
    return _spec(info.name, n, tuple(sorted(opts.items())))


def _check_seat(state: State, seat: Any) -> int:
    """``seat`` as an int (numpy integers accepted); ValueError if it is not a seat of the game."""
    try:
        s = operator.index(seat)
    except TypeError:
        s = -1
    if isinstance(seat, bool) or not 0 <= s < state.num_players:
        raise ValueError(f"There is no seat {seat!r} in a {state.num_players}-player game.")
    return s


@lru_cache(maxsize=64)
def _mask_size(game: str, players: int, options: tuple[tuple[str, Any], ...]) -> int:
    return game_info(game).num_distinct_actions(players, dict(options))


def _state_spec(state: State) -> ObservationSpec:
    try:
        return _spec(state.game, state.num_players, tuple(sorted(state.options.items())))
    except KeyError:
        raise ValueError(f"No observation encoding for {state.game!r}.") from None


def encode(state: State, seat: int) -> npt.NDArray[np.float32]:
    """What ``seat`` sees, as a new float32 vector of ``observation_spec(...).size`` entries within
    ``[low, high]``, built from ``state.view(seat)`` and the public pending decision only. ValueError for
    a seat not in the game."""
    seat = _check_seat(state, seat)
    spec = _state_spec(state)
    w = _Writer(spec)
    _GAMES[state.game][1](state, seat, w)
    buf = w.vector()
    np.clip(buf, spec.low, spec.high, out=buf)
    return buf


def action_mask(state: State) -> npt.NDArray[np.int8]:
    """An int8 vector over the game's ``num_distinct_actions``: 1 for each id the current player may take
    now (``state.legal_action_ids()``), else 0. It does not depend on who asks: in a turn-based game only
    the current player acts, so mask the other seats yourself if your framework asks every agent. All 0 once
    the game is over."""
    size = _mask_size(state.game, state.num_players, tuple(sorted(state.options.items())))
    mask = np.zeros(size, dtype=np.int8)
    ids = state.legal_action_ids()
    if ids:
        mask[ids] = 1
    return mask


def observation_string(state: State, seat: int) -> str:
    """What ``seat`` sees as readable text: ``state.view(seat)`` (plus ``pending_decision`` for the
    Caylus games) as JSON with sorted keys. The same information as :func:`encode`, for people and logs."""
    seat = _check_seat(state, seat)
    view = state.view(seat)
    pending = _pending(state)
    if pending is not None:
        view["pending_decision"] = list(pending)
    return json.dumps(view, sort_keys=True, ensure_ascii=False)


# ---- documentation -----------------------------------------------------------------------------------------


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


def markdown() -> str:
    """``docs/observations.md``: every block of every game at 2 players, and the sizes by player count."""
    out = [
        "# Observations",
        "",
        "<!-- Generated by `python -m masterbuilder.interop.observation > docs/observations.md`; "
        "do not edit by hand. -->",
        "",
        "The research adapters (OpenSpiel, PettingZoo, Gymnasium) share one observation encoding,",
        "`masterbuilder.interop.observation`: `encode(state, seat)` is a flat float32 vector of",
        "`observation_spec(game, players, options).size` entries, each within the spec's `low` / `high`.",
        "",
        "- It is built only from `state.view(seat)` and the public pending decision (`pending_decision` of",
        "  the Caylus games), so hidden information (the Builders' deck order, the other seats' prestige in",
        "  Caylus 1303) never reaches it.",
        "- **Seat-relative**: per-player blocks list the players from the observing seat on (observer,",
        "  observer+1, …, wrapping round); every other seat number (current player, owner, worker,",
        '  holder…) is a one-hot over these relative positions, usually followed by a slot for "nobody".',
        "- Ids (cards, tiles, characters) are one-hot / multi-hot over the game's whole table; counts are",
        "  numbers clipped to the block's range. A matrix `a × b` is row-major: slot `start + i * b + j`.",
        "- `action_mask(state)` is an int8 vector over `num_distinct_actions`: 1 for the current player's",
        "  legal ids (whoever asks), all 0 once the game is over. `observation_string(state, seat)` is the",
        "  view as JSON with sorted keys.",
        "- No option changes the layout: the size depends on the game and the player count.",
        "",
        "## Sizes",
        "",
    ]
    games = list(_GAMES)
    counts = sorted({p for g in games for p in game_info(g).player_range})
    out.append("| game | " + " | ".join(f"{p} players" for p in counts) + " |")
    out.append("|---|" + "---|" * len(counts))
    for g in games:
        rng = game_info(g).player_range
        cells = [str(observation_spec(g, p).size) if p in rng else "–" for p in counts]
        out.append(f"| `{g}` | " + " | ".join(cells) + " |")
    for g in games:
        info = game_info(g)
        spec = observation_spec(g, 2)
        out += [
            "",
            f"## {info.title} (`{g}`)",
            "",
            f"{spec.size} slots at 2 players; decision kinds and blocks below are for 2 players "
            "(n = 2). With n players, the per-player blocks scale with n.",
            "",
            "| block | slots | size | range | meaning |",
            "|---|---|---|---|---|",
        ]
        for b in spec.blocks:
            rng_text = f"{_num(b.low)}–{_num(b.high)}"
            out.append(f"| `{b.name}` | {b.start}–{b.stop - 1} | {b.size} | {rng_text} | {b.meaning} |")
        if g in _DECISION_DOCS:
            kinds, names, where = _DECISION_DOCS[g]
            listed = ", ".join(f"{i} `{names[k]}` ({k})" for i, k in enumerate(kinds))
            out += [
                "",
                f"`decision_kind` slots (kinds of `{where}`): {listed}; {len(kinds)} none. "
                "`decision_args` holds the decision tuple's entries after the seat.",
            ]
        sizes = {
            b.name: [observation_spec(g, p).block(b.name).size for p in info.player_range]
            for b in spec.blocks
        }
        varying = [name for name, s in sizes.items() if len(set(s)) > 1]
        out += [
            "",
            f"Blocks whose size depends on the player count ({', '.join(str(p) for p in info.player_range)} "
            "players): "
            + "; ".join(f"`{name}` {' / '.join(map(str, sizes[name]))}" for name in varying)
            + ".",
        ]
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    print(markdown(), end="")
