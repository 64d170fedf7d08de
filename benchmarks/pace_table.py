"""The capacity table of docs/web.md (issue 31): ``bench_server.py --pace`` for every game, number of live
games and database, one server per row, and the rows as a Markdown table.

    PYTHONPATH=src python benchmarks/pace_table.py --db sqlite --db postgresql+psycopg://postgres@127.0.0.1:5432/postgres
    PYTHONPATH=src python benchmarks/pace_table.py --games 200 --game caylus --players 4   # one row

Each row's JSON is printed as it comes (and kept with ``--json-out``), so a long run can be read while it
runs; the table follows at the end.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from bench_server import bench_paced

TITLES = {"caylus": "Caylus", "caylus1303": "Caylus 1303", "builders": "The Builders"}


def row(result: dict[str, Any]) -> str:
    db = "SQLite" if result["db"] == "sqlite" else "PostgreSQL"
    offered = result["games"] / result["pace_s"]
    cells = [
        db,
        f"{TITLES.get(result['game'], result['game'])}, {result['players']}",
        f"{result['games']:,}",
        f"{offered:g} / {result['moves_per_s']:g}",
        f"{result['p50_ms']:,.0f}",
        f"{result['p99_ms']:,.0f}",
        f"{result['update_bytes_median']:,} / {result['update_wire_median']:,}",
        f"{result['loop_ms_per_move']:g} / {result['workers_ms_per_move']:g}",
        f"{result['rss_mb']} / {result['workers_rss_mb']}",
        str(result["errors"] + result["games_unopened"]),
        f"{result['load']:g}",
    ]
    return "| " + " | ".join(cells) + " |"


HEADER = (
    "| database | game, players | games | moves/s offered / served | p50 ms | p99 ms "
    "| update bytes (text / wire) | CPU per move: loop / workers ms | server RSS / workers RSS MB "
    "| errors | load |\n"
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--db", action="append", help="sqlite or a PostgreSQL URL (repeatable; default: sqlite)"
    )
    parser.add_argument(
        "--game", action="append", help="caylus, caylus1303 or builders (repeatable; default: all)"
    )
    parser.add_argument("--games", default="200,1000,2000", help="live games per row, comma-separated")
    parser.add_argument("--players", type=int, default=2, help="seats per game, every one connected")
    parser.add_argument("--pace", type=float, default=5.0, help="seconds between a game's moves")
    parser.add_argument("--seconds", type=float, default=20.0, help="measured seconds per row")
    parser.add_argument("--json-out", type=Path, default=None)
    args = parser.parse_args()
    counts = [int(n) for n in args.games.split(",") if n]
    results: list[dict[str, Any]] = []
    for db in args.db or ["sqlite"]:
        for game in args.game or list(TITLES):
            results += bench_paced(db, counts, game, args.players, args.pace, args.seconds, None)
            if args.json_out is not None:
                args.json_out.write_text(json.dumps(results, indent=2) + "\n")
    print(HEADER)
    for result in results:
        print(row(result))


if __name__ == "__main__":
    main()
