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
from typing import Any, cast

from masterbuilder.extras import missing_extra

try:
    import numpy as np
    import numpy.typing as npt
except ImportError as exc:
    raise missing_extra(exc, "masterbuilder.interop.observation", "interop") from None

from masterbuilder.core import State
from masterbuilder.core.registry import game_info, game_piece, games_offering
from masterbuilder.core.task_stack import DECISION

__all__ = [
    "Block",
    "Decisions",
    "Encoding",
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
Def = tuple[str, int, float, float, str]

COIN_CAP = 200  # coins / deniers
PP_CAP = 300  # prestige points
CUBE_CAP = 50  # cubes / resources of one kind


def seats_doc(n: int) -> str:
    return f"{n} players, observer first"


class Writer:
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


def pending_decision(state: State) -> tuple[int, ...] | None:
    """The public pending decision ``(kind, seat, *args)`` of a task-stack game, else None."""
    pending: tuple[int, ...] | None = getattr(state, "pending_decision", None)
    return pending


def decision_kinds(task_sizes: Mapping[int, int]) -> tuple[int, ...]:
    return tuple(sorted(k for k in task_sizes if k >= DECISION))


PAY_CAP = 5  # stacked payments: at most 5 (a building's "any" part, a trade)
FORGONE_CAP = 100  # workers forgone


def decision_defs(kinds: Sequence[int], tiles: int, arg_low: int, arg_high: int, tile_doc: str) -> list[Def]:
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


def decision_encode(
    pending: tuple[int, ...] | None, kinds: Sequence[int], tile_kinds: frozenset[int], tiles: int, w: Writer
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


def decision_names(module: Any) -> dict[int, str]:
    """The decision kinds of a task-stack game's ``tasks`` module by value: ``{kind: "D_NAME"}``."""
    return {v: k for k, v in vars(module).items() if k.startswith("D_") and isinstance(v, int)}


@dataclass(frozen=True)
class Decisions:
    """A task-stack game's decision kinds, as its encoding lists them (for the docs)."""

    kinds: tuple[int, ...]
    names: Mapping[int, str]
    where: str  # the module that defines them


@dataclass(frozen=True)
class Encoding:
    """A game's blocks of the shared encoding (its piece ``"observation"``): the layout for ``n`` players
    and how to fill it for a seat, from the seat's view and the public pending decision only."""

    defs: Callable[[int], list[Def]]
    encode: Callable[[State, int, Writer], None]
    decisions: Decisions | None = None


# ---- the interface -----------------------------------------------------------------------------------------


def _encoding(game: str) -> Encoding | None:
    encoding: Encoding | None = game_piece(game, "observation")
    return encoding


@lru_cache(maxsize=64)
def _spec(game: str, players: int, options: tuple[tuple[str, Any], ...]) -> ObservationSpec:
    encoding = _encoding(game)
    if encoding is None:
        raise KeyError(game)
    defs = encoding.defs(players)
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
    if _encoding(info.name) is None:
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
    w = Writer(spec)
    cast(Encoding, _encoding(state.game)).encode(state, seat, w)
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
    pending = pending_decision(state)
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
    games = games_offering("observation")
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
        decisions = cast(Encoding, _encoding(g)).decisions
        if decisions is not None:
            kinds, names, where = decisions.kinds, decisions.names, decisions.where
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
