"""Caylus 1303's blocks of the shared observation encoding (masterbuilder.interop.observation)."""

from __future__ import annotations

from masterbuilder.core.state import State
from masterbuilder.games.caylus1303 import data, tasks
from masterbuilder.interop.observation import (
    CUBE_CAP,
    FORGONE_CAP,
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

H_TILES = len(data.TILES)  # 39
H_ROAD = data.ROAD_LENGTH  # 28
H_CHARS = len(data.CHARACTERS)  # 12
H_CHAR_ID = {c.key: c.id for c in data.CHARACTERS}
H_PHASES = len(tasks.PHASE_NAMES)  # 0..5
H_DECISIONS = decision_kinds(tasks.TASK_SIZES)
H_TILE_ARG = frozenset({tasks.D_EFFECT})
H_ARG_LOW, H_ARG_HIGH = -1, max(H_TILES - 1, H_ROAD)  # tile ids, road spaces, flags
H_SLOTS = 3
H_WORKERS = data.WORKERS_TOTAL
H_BUNDLES_CAP = 10


def caylus1303_defs(n: int) -> list[Def]:
    t, r, c = H_TILES, H_ROAD, H_CHARS
    return [
        ("round", 1, 0, data.ROUNDS, f"round 1–{data.ROUNDS} (0 during the draft)"),
        (
            "phase",
            H_PHASES,
            0,
            1,
            "one-hot: phase 0 draft, 1 planning, 2 activation, 3 delivery, 4 administration, 5 over",
        ),
        ("current_player", n + 1, 0, 1, f"one-hot: the seat to decide ({seats_doc(n)}), last: nobody (over)"),
        ("is_terminal", 1, 0, 1, "1 once the game is over"),
        ("winners", n, 0, 1, f"multi-hot: the winners once the game is over ({seats_doc(n)})"),
        *decision_defs(H_DECISIONS, t, H_ARG_LOW, H_ARG_HIGH, "the tile whose effect is being decided"),
        ("first_player", n, 0, 1, f"one-hot: the first player of the round ({seats_doc(n)})"),
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
        ("houses", n, 0, data.HOUSES, "houses left to build with per player"),
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


def caylus1303_encode(state: State, seat: int, w: Writer) -> None:
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
    decision_encode(pending_decision(state), H_DECISIONS, H_TILE_ARG, H_TILES, w)
    w.one("first_player", rel(v["first_player"]))
    for i, s in enumerate(v["passing_order"]):
        w.one("passing_order", i * n + rel(s))
    w.set("provost", 0, v["provost"])
    for sp in v["road"]:
        i = sp["space"] - 1
        key = sp["tile"]
        w.one("road_tile", i * (H_TILES + 1) + (H_TILES if key is None else data.TILE_BY_KEY[key]))
        w.one("road_owner", i * (n + 1) + rel(sp["owner"]))
        w.set("road_residence", i, float(sp["residence"]))
        for s in sp["workers"]:  # distinct seats: the Journeyman never joins its own worker
            w.one("road_workers", i * n + rel(s))
    for i, s in enumerate(v["site"]):
        w.one("site", i * n + rel(s))
    slots = v["slots"]
    for i in range(H_SLOTS):
        w.one("slots", i * (H_TILES + 1) + (data.TILE_BY_KEY[slots[i]] if i < len(slots) else H_TILES))
    w.set("open_slots", 0, v["open_slots"])
    for key in v["supply"]:
        w.one("supply", data.TILE_BY_KEY[key])
    holders = v["characters"]
    for cid, ch in enumerate(data.CHARACTERS):
        h = holders.get(ch.key, "box")
        pos = (h - seat) % n if isinstance(h, int) else n + {"board": 0, "draft": 1, "box": 2}[h]
        w.one("characters", cid * (n + 3) + pos)
    w.set("journeyman_used", 0, float(v["journeyman_used"]))
    w.set("goldsmith_used", 0, float(v["goldsmith_used"]))
    players = v["players"]
    for k in range(n):
        p = players[(seat + k) % n]
        for c, name in enumerate(data.RES_NAMES):
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


ENCODING = Encoding(
    caylus1303_defs,
    caylus1303_encode,
    Decisions(H_DECISIONS, decision_names(tasks), "masterbuilder/games/caylus1303/tasks.py"),
)
