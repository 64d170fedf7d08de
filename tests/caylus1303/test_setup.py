"""Caylus 1303 setup ("Spielaufbau"): the road, the construction site, the supply, the provost, workers,
houses, starting resources and the character draft (rulebook pp. 2-3; reference sections 2, 8.1, 8.2)."""

from __future__ import annotations

from collections import Counter

import pytest

from masterbuilder import new_game
from masterbuilder.games.caylus1303 import actions as A
from masterbuilder.games.caylus1303.data import (
    CHARACTERS,
    MONUMENT_TILES,
    RECOMMENDED,
    START_TILES,
    STONE_TILES,
    STONEMASON,
    TILES,
    WOOD_TILES,
    Family,
)
from masterbuilder.games.caylus1303.state import Caylus1303State
from masterbuilder.games.caylus1303.tasks import D_DRAFT
from tests.caylus1303.helpers import houses_total

SEEDS = range(60)


def new(players: int = 2, seed: int = 0, characters: str = "random") -> Caylus1303State:
    state = new_game("caylus1303", players=players, seed=seed, options={"characters": characters})
    assert isinstance(state, Caylus1303State)
    assert state.integrity_problem() is None
    return state


def family(tile: int | None) -> Family | None:
    return None if tile is None else TILES[tile].family


def key(tile: int | None) -> str | None:
    return None if tile is None else TILES[tile].key


# ---- the road and the construction site ----------------------------------------------------------------


def test_printed_buildings_on_spaces_1_to_5() -> None:
    # rules: Caylus 1303, phase 2 a)-e) — Fair, Notary, Carpenter, Toll, Guilds Bridge before the start
    # buildings (printed on the board)
    s = new()
    assert [key(s.tile_at(space)) for space in range(1, 6)] == [
        "fair",
        "notary",
        "carpenter",
        "toll",
        "bridge",
    ]
    assert all(s.owner_at(space) is None for space in range(1, 6))


def test_start_buildings_on_spaces_6_to_13_and_construction_site_slot_1() -> None:
    # rules: Caylus 1303, "Spielaufbau" ① ② — the 9 start buildings, shuffled: 1 on the first place of the
    # construction site, the other 8 start side up on the start spaces of the road
    for seed in SEEDS:
        s = new(seed=seed)
        road = [s.tile_at(space) for space in range(6, 14)]
        assert all(family(t) is Family.START for t in road)
        assert family(s.slots[0]) is Family.START
        assert all(s.owner_at(space) is None and not s.is_residence(space) for space in range(6, 14))


def test_the_nine_start_buildings_are_nine_different_tiles() -> None:
    # rules: Caylus 1303, "Inhalt" (9 double-sided start buildings) and "Spielaufbau" ① ② — all 9 are laid
    # out (8 on the road, 1 on the construction site); 7 effects on 9 tiles, the Farm and the Market twice
    # (reference section 3)
    for seed in SEEDS:
        s = new(seed=seed)
        laid = [s.tile_at(space) for space in range(6, 14)] + [s.slots[0]]
        assert None not in laid
        assert len(set(laid)) == 9, f"a start tile is laid twice: {[key(t) for t in laid]}"
        names = Counter(TILES[t].name for t in laid if t is not None)
        assert names == Counter(
            {
                "Farm": 2,
                "Market": 2,
                "Sawmill": 1,
                "Quarry": 1,
                "Carpenter": 1,
                "Guild (3 workers)": 1,
                "Guild (4 workers)": 1,
            }
        )


def test_one_wood_building_on_space_14_and_slot_2() -> None:
    # rules: Caylus 1303, "Spielaufbau" ③ ④ — 1 wood building on the second place of the construction site,
    # 1 on the wood space of the road (both setup side up), nobody owns them
    for seed in SEEDS:
        s = new(seed=seed)
        assert family(s.tile_at(14)) is Family.WOOD
        assert family(s.slots[1]) is Family.WOOD
        assert s.tile_at(14) != s.slots[1]
        assert s.owner_at(14) is None


def test_the_stonemason_never_starts_on_the_road() -> None:
    # rules: Caylus 1303, "Spielaufbau", ACHTUNG: "Das Maurergebäude darf niemals zu Spielbeginn auf die
    # Straße gelegt werden (sollte dies passieren, zieht ein anderes Plättchen)"
    on_slot = 0
    for seed in range(400):
        s = new(seed=seed)
        assert s.tile_at(14) != STONEMASON, seed
        assert all(s.tile_at(space) != STONEMASON for space in range(1, 29))
        on_slot += s.slots[1] == STONEMASON
    # the rule speaks of the road only: the Stonemason may be the construction-site tile (1 in 9 games)
    assert on_slot > 0


def test_one_stone_building_on_space_19_and_slot_3() -> None:
    # rules: Caylus 1303, "Spielaufbau" ⑤ ⑥ — 1 stone building on the third place of the construction site,
    # 1 on the stone space of the road (space 19: reference 2.1)
    for seed in SEEDS:
        s = new(seed=seed)
        assert family(s.tile_at(19)) is Family.STONE
        assert family(s.slots[2]) is Family.STONE
        assert s.tile_at(19) != s.slots[2]
        assert s.owner_at(19) is None


def test_the_other_road_spaces_are_empty() -> None:
    # rules: Caylus 1303, "Spielaufbau" — only the marked spaces get a tile; 15-18 and 20-28 are empty
    # (reference 2.1)
    for seed in range(10):
        s = new(seed=seed)
        assert [s.tile_at(space) for space in (*range(15, 19), *range(20, 29))] == [None] * 13


def test_the_rest_of_the_wood_and_stone_buildings_and_all_monuments_are_in_the_supply() -> None:
    # rules: Caylus 1303, "Spielaufbau" ③-⑥ "die übrigen 7 Holzgebäude / Steingebäude mit der Bauseite nach
    # oben neben den Spielplan"; "Legt die 7 Monumente neben den Spielplan"
    for seed in SEEDS:
        s = new(seed=seed)
        wood = [t for t in WOOD_TILES if s.in_supply(t)]
        stone = [t for t in STONE_TILES if s.in_supply(t)]
        assert len(wood) == 7 and len(stone) == 7
        assert all(s.in_supply(t) for t in MONUMENT_TILES)
        assert s.tile_at(14) not in wood and s.slots[1] not in wood
        assert s.tile_at(19) not in stone and s.slots[2] not in stone
        assert not any(s.in_supply(t) for t in START_TILES)
        # every wood and stone tile is in exactly one place
        laid = [s.tile_at(14), s.slots[1], s.tile_at(19), s.slots[2]]
        assert sorted([*wood, *stone, *(t for t in laid if t is not None)]) == sorted(
            [*WOOD_TILES, *STONE_TILES]
        )


def test_provost_starts_before_the_wood_space() -> None:
    # rules: Caylus 1303, "Spielaufbau" ⑦ "Stellt den Vogt genau vor das [Holz]-Feld": between the 8th start
    # building (space 13) and the wood space 14, so spaces 1-13 are active
    for seed in range(5):
        assert new(seed=seed).provost == 13


def test_round_marker_and_draft_phase() -> None:
    # rules: Caylus 1303, "Spielaufbau" ⑧ — the round marker on 1; the characters are chosen before the first
    # round (the engine's round 0, phase 0)
    s = new()
    assert s.round == 0 and s.phase == 0
    assert s.pending_decision is not None and s.pending_decision[0] == D_DRAFT


# ---- the players -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "hand"), [(2, 10), (3, 6), (4, 6), (5, 10)])
def test_starting_workers_by_player_count_the_rest_in_the_camp(players: int, hand: int) -> None:
    # rules: Caylus 1303, "Spielaufbau" ⑩ ⑪ — "10 Arbeiter bei 2 oder 5 Spielern, 6 Arbeiter bei 3 oder 4
    # Spielern. Die übrigen Arbeiter stellt ihr ins Camp" (15 per colour); "Spielerhilfe: Anpassungen"
    s = new(players)
    for seat in range(players):
        assert s.workers(seat) == hand
        assert s.camp(seat) == 15 - hand
        assert s.workers_on_board(seat) == 0


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_nine_houses_and_one_at_the_guilds_bridge(players: int) -> None:
    # rules: Caylus 1303, "Spielaufbau" ⑩ — 10 houses per colour, 1 of them put at the Guilds Bridge
    s = new(players)
    for seat in range(players):
        assert s.houses_left(seat) == 9
        assert houses_total(s, seat) == 10
    assert all(s.owner_at(space) is None for space in range(1, 29))
    assert s.passing_order == []


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_starting_resources_two_wood_one_food_one_stone(players: int) -> None:
    # rules: Caylus 1303, "Spielaufbau" (last line) and "Spielerhilfe: Aufbau" — 2 wood, 1 food, 1 stone
    # (icons lost in the DE text; reference 8.1); no PP, no cloth, no gold
    s = new(players)
    for seat in range(players):
        assert s.resources(seat) == (1, 2, 1, 0, 0)
        assert s.prestige(seat) == 0
    assert s.site == []


def test_the_first_player_is_drawn() -> None:
    # rules: Caylus 1303, "Spielaufbau" — "Bestimmt einen Startspieler": every seat can be first
    firsts = {new(4, seed).first_player for seed in range(60)}
    assert firsts == {0, 1, 2, 3}


# ---- the characters ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_players_plus_three_characters_are_drawn(players: int) -> None:
    # rules: Caylus 1303, "Spielaufbau" — "zieht so viele, wie ihr Spieler seid, + 3 (legt die übrigen
    # Charaktere zurück in die Schachtel)"; "Spielerhilfe": 5 / 6 / 7 / 8 characters in play
    for seed in range(8):
        s = new(players, seed)
        assert len(s.draft_pool) == players + 3
        assert s.characters_in_play == s.draft_pool
        assert all(s.character_holder(c) is None for c in range(len(CHARACTERS)))


def test_the_drawn_characters_vary_with_the_seed() -> None:
    # rules: Caylus 1303, "Spielaufbau" — "Mischt die Charakterplättchen"
    pools = {tuple(new(2, seed).draft_pool) for seed in range(20)}
    assert len(pools) > 10


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_draft_from_the_last_player_counter_clockwise_three_left_on_the_board(players: int) -> None:
    # rules: Caylus 1303, "Spielaufbau" — "Beginnend mit dem letzten Spieler und dann gegen den Uhrzeigersinn
    # wählt ihr jeder ein Charakterplättchen ... Die übrigen 3 Charaktere legt ihr auf den Spielplan"
    for seed in range(6):
        s = new(players, seed)
        first = s.first_player
        pool = s.draft_pool
        order = []
        for _ in range(players):
            decision = s.pending_decision
            assert decision is not None and decision[0] == D_DRAFT
            seat = s.current_player
            assert seat is not None
            order.append(seat)
            assert set(labels_of(s)) == {A.LABELS[A.CHAR + c] for c in s.draft_pool}
            chosen = s.draft_pool[-1]
            s.apply(A.CHAR + chosen)
            assert s.character_holder(chosen) == seat
        assert order == [(first - 1 - i) % players for i in range(players)]
        assert all(len(s.characters_of(seat)) == 1 for seat in range(players))
        assert len(s.board_characters) == 3
        assert (
            sorted(s.board_characters + [c for seat in range(players) for c in s.characters_of(seat)]) == pool
        )
        assert s.draft_pool == []
        # then round 1 starts with its planning phase
        assert s.round == 1 and s.phase == 1


def labels_of(s: Caylus1303State) -> list[str]:
    return [a.label for a in s.legal_actions()]


_FIRST_GAME_KEYS = {
    2: {"architect", "foreman", "bailiff", "day_laborer", "chamberlain"},
}
_FIRST_GAME_KEYS[3] = _FIRST_GAME_KEYS[2] | {"deliveryman"}
_FIRST_GAME_KEYS[4] = _FIRST_GAME_KEYS[3] | {"journeyman"}
_FIRST_GAME_KEYS[5] = _FIRST_GAME_KEYS[4] | {"early_riser"}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_recommended_characters_for_the_first_game(players: int) -> None:
    # rules: Caylus 1303, "Empfohlener Spielaufbau (für die erste Partie)": 2 players Architektin,
    # Vorarbeiter (+ Gutsverwalter, Tagelöhner, Kämmerer: reference 7.1); 3 players + Fuhrmann; 4 players
    # + Händlerin; 5 players + Frühaufsteher
    for seed in range(3):
        s = new(players, seed, "recommended")
        assert sorted(s.draft_pool) == sorted(RECOMMENDED[players])
        assert {CHARACTERS[c].key for c in s.draft_pool} == _FIRST_GAME_KEYS[players]
        assert len(s.draft_pool) == players + 3


def test_the_option_defaults_to_random_characters() -> None:
    # rules: Caylus 1303, "Spielaufbau" — the normal game draws players + 3 at random
    s = new_game("caylus1303", players=3, seed=4)
    assert s.options["characters"] == "random"
    assert s.to_json() == new(3, 4).to_json()


# ---- determinism ----------------------------------------------------------------------------------------


def test_same_seed_same_setup() -> None:
    # the setup is drawn from the seed only (a game can be replayed from its record)
    for players in (2, 3, 4, 5):
        assert new(players, 11).to_json() == new(players, 11).to_json()


def test_different_seeds_different_layouts() -> None:
    layouts = set()
    for seed in range(20):
        s = new(2, seed)
        layouts.add((tuple(s.tile_at(space) for space in range(6, 20)), tuple(s.slots), s.first_player))
    assert len(layouts) == 20
