"""The Builders' blocks of the shared observation encoding (masterbuilder.interop.observation)."""

from __future__ import annotations

from masterbuilder.core.state import State
from masterbuilder.games.builders import data
from masterbuilder.interop.observation import COIN_CAP, Def, Encoding, Writer, seats_doc

B_WORKERS = len(data.WORKERS)  # 50: 42 worker cards + 8 built machines
B_CARDS = data.NUM_WORKER_CARDS  # 42 worker cards (rows and the deck hold only these)
B_BUILDINGS = data.NUM_BUILDING_CARDS  # 42: 34 buildings + 8 machines
B_ROUND_CAP = 100
B_ACTIONS_CAP = 30
B_POINTS_CAP = sum(data.POINTS)
B_RES_CAP = 30  # a crew's production of one resource
B_REQ_CAP = max(max(r) for r in data.REQUIRES)


def builders_defs(n: int) -> list[Def]:
    w, c, b = B_WORKERS, B_CARDS, B_BUILDINGS
    return [
        ("round", 1, 0, B_ROUND_CAP, f"round being played, from 1 (clipped at {B_ROUND_CAP})"),
        ("first_player", n, 0, 1, f"one-hot: the first player ({seats_doc(n)})"),
        (
            "current_player",
            n + 1,
            0,
            1,
            f"one-hot: the seat to act ({seats_doc(n)}), last slot: nobody (over)",
        ),
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
        ("winners", n, 0, 1, f"multi-hot: the winners once the game is over ({seats_doc(n)})"),
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
        ("coins", n, 0, COIN_CAP, f"coins per player ({seats_doc(n)}; clipped at {COIN_CAP})"),
        (
            "building_points",
            n,
            0,
            B_POINTS_CAP,
            f"points of completed buildings and machines per player ({seats_doc(n)})",
        ),
        (
            "score",
            n,
            0,
            B_POINTS_CAP + COIN_CAP // 10,
            f"building points + coins // 10 per player ({seats_doc(n)})",
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


def builders_encode(state: State, seat: int, w: Writer) -> None:
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


ENCODING = Encoding(builders_defs, builders_encode)
