"""Caylus's blocks of the shared observation encoding (masterbuilder.interop.observation)."""

from __future__ import annotations

from masterbuilder.core.state import State
from masterbuilder.games.caylus import data, tasks
from masterbuilder.interop.observation import (
    COIN_CAP,
    CUBE_CAP,
    PAY_CAP,
    PP_CAP,
    Decisions,
    Def,
    Encoding,
    Writer,
    decision_defs,
    decision_encode,
    decision_kinds,
    decision_names,
    pending_decision,
    seats_doc,
)

C_TILES = len(data.TILES)  # 36
C_TILE_ID = {t.key: t.id for t in data.TILES}
C_ROAD = data.ROAD_LENGTH  # 28
C_PHASES = len(tasks.PHASE_NAMES)  # 0..7 (0 unused)
C_DECISIONS = decision_kinds(tasks.TASK_SIZES)
C_TILE_ARG = frozenset({tasks.D_PRODUCE, tasks.D_OWNER, tasks.D_RESIDENCE})
C_TURN_CAP = 40
C_ARG_LOW, C_ARG_HIGH = -1, C_TILES - 1  # tile ids, prices, cube bit masks (< 32), ...
C_SPECIAL_ONE = data.SPECIAL_NAMES[:4]  # gate, trading post, merchants' guild, joust field: one worker
C_STABLES = data.SPECIAL_NAMES[4]
C_STABLE_SPOTS = 3
C_MAX_HOUSES = max(data.SECTION_SIZE)
C_FAVOUR_ROWS = data.FAVOUR_ROW_NAMES
C_SUPPLY_CAP = max(t.copies for t in data.TILES)


def caylus_defs(n: int) -> list[Def]:
    t, r = C_TILES, C_ROAD
    return [
        ("turn", 1, 0, C_TURN_CAP, f"turn, from 1 (clipped at {C_TURN_CAP})"),
        ("phase", C_PHASES, 0, 1, "one-hot: phase 1–7 (slot 0 unused)"),
        ("current_player", n + 1, 0, 1, f"one-hot: the seat to decide ({seats_doc(n)}), last: nobody (over)"),
        ("is_terminal", 1, 0, 1, "1 once the game is over"),
        ("winners", n, 0, 1, f"multi-hot: the winners once the game is over ({seats_doc(n)})"),
        *decision_defs(
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
        ("deniers", n, 0, COIN_CAP, f"deniers per player ({seats_doc(n)}; clipped at {COIN_CAP})"),
        (
            "cubes",
            n * 5,
            0,
            CUBE_CAP,
            f"{n} × 5: food, wood, stone, cloth, gold per player (clipped at {CUBE_CAP})",
        ),
        ("prestige", n, 0, PP_CAP, f"prestige points per player (clipped at {PP_CAP})"),
        ("workers_at_home", n, 0, data.WORKERS_PER_PLAYER, "workers at home per player"),
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


def caylus_encode(state: State, seat: int, w: Writer) -> None:
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
    decision_encode(pending_decision(state), C_DECISIONS, C_TILE_ARG, C_TILES, w)
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
        for c, name in enumerate(data.CUBE_NAMES):
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


ENCODING = Encoding(
    caylus_defs,
    caylus_encode,
    Decisions(C_DECISIONS, decision_names(tasks), "masterbuilder/games/caylus/tasks.py"),
)
