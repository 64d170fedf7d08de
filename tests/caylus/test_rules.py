"""The rules of Caylus, bullet by bullet of the Polish rulebook (the
primary authority; English summary with the recommended readings in the compiled reference).

Citations use the rulebook's headings: setup = "Przygotowania do gry"; phase 1 = "Faza 1 – Zbieranie
dochodu"; phase 2 = "Faza 2 – Rozmieszczanie robotników" (a pass, b special/neutral/fixed, c another
player's building, d own building, e castle); phase 3 = "Faza 3 – Aktywacja budynków specjalnych" (a gate,
b trading post, c merchants' guild, d joust field, e stables, f inn); phase 4 = "Faza 4 – Ruch burmistrza";
phase 5 = "Faza 5 – Aktywacja budynków"; phase 7 = "Faza 7 – Koniec tury"; the end = "Koniec gry"; two
players = "Caylus na 2 osoby"; simplified favours = "Uproszczona łaska". The castle (phase 6 and the
scorings) is in test_castle.py, the favour table in test_favours.py, the tiles in test_tiles.py.
"""

from __future__ import annotations

import pytest

from masterbuilder.games.caylus import actions as A
from masterbuilder.games.caylus.data import (
    FIXED_SPACES,
    NEUTRAL_TILES,
    STARTING_DENIERS,
    TILES,
    Section,
    Special,
    cubes,
)
from masterbuilder.games.caylus.tasks import D_GATE, D_GUILD, D_INN, D_PLACE, D_PROVOST, NOBODY
from masterbuilder.games.caylus.text import why_not
from tests.caylus.helpers import (
    BLACK,
    BLUE,
    GREEN,
    ORANGE,
    RED,
    activate,
    check,
    fresh,
    labels,
    put_castle,
    put_inn_right,
    put_special,
    put_tile,
    put_worker,
    refused,
    run_phases,
    set_cubes,
    set_houses,
    start_placement,
    stopped,
    tile,
)

SEEDS = range(30)

# ---- setup ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_setup_deniers_by_turn_order_position(players: int) -> None:
    # rules: Caylus, setup: "Gracz, który znajduje się na 1 miejscu, otrzymuje 5 denarów. Gracze na miejscach
    # 2 i 3 otrzymują po 6 denarów. Gracze na miejscach 4 i 5 otrzymują po 7 denarów." The new game is at its
    # first placement, after the turn-1 income of 2 deniers (phase 1 runs every turn; reference 10, item 9)
    for seed in SEEDS:
        s = fresh(players, seed)
        assert s.turn == 1 and s.phase == 2
        assert [s.deniers(seat) for seat in s.turn_order] == [d + 2 for d in (5, 6, 6, 7, 7)[:players]]
    assert STARTING_DENIERS == (5, 6, 6, 7, 7)


def test_setup_two_players_have_five_deniers_each() -> None:
    # rules: Caylus, two players: "Obaj gracze rozpoczynają grę z 5 denarami."
    for seed in SEEDS:
        s = fresh(2, seed)
        assert [s.deniers(0), s.deniers(1)] == [5 + 2, 5 + 2]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_cubes_workers_markers(players: int) -> None:
    # rules: Caylus, setup: "Każdy z graczy otrzymuje z banku 1 kostkę drewna i 2 kostki jedzenia"; 6 workers
    # each; markers at 0 PP and left of the four favour rows; the castle empty
    s = fresh(players, 3)
    for seat in range(players):
        assert s.cubes(seat) == cubes(food=2, wood=1)
        assert s.workers_at_home(seat) == 6
        assert s.prestige(seat) == 0
        assert s.favour_columns(seat) == (0, 0, 0, 0)
    for section in Section:
        assert s.section_filled(section) == 0 and not s.section_scored(section)
    assert s.castle_workers == [] and s.inn == (None, None) and s.passing_order == []
    assert s.open_columns == 2 and s.building_section is Section.DUNGEON
    assert not s.is_terminal and s.winners() == []


def test_setup_bailiff_and_provost_on_the_last_neutral_tile() -> None:
    # rules: Caylus, setup: "Pionki zarządcy i burmistrza kładzie się na ostatnim neutralnym znaczniku drogi"
    s = fresh(4)
    assert s.bailiff == 6 and s.provost == 6
    assert TILES[s.tile_at(6) or 0].kind.value == "neutral"


def test_setup_neutral_tiles_are_shuffled_onto_spaces_one_to_six() -> None:
    # rules: Caylus, setup: "Wymieszaj sześć różowych sztonów i umieść je losowo na pierwszych sześciu polach
    # drogi"; the board prints the peddler (7), the carpenter (8) and the gold mine (16); the rest is empty
    layouts = set()
    for seed in SEEDS:
        s = fresh(4, seed)
        first_six = tuple(s.tile_at(space) for space in range(1, 7))
        assert sorted(t for t in first_six if t is not None) == sorted(NEUTRAL_TILES)
        layouts.add(first_six)
        assert s.tile_at(7) == tile("f_peddler")
        assert s.tile_at(8) == tile("f_carpenter")
        assert s.tile_at(16) == tile("gold_mine")
        assert all(s.tile_at(space) is None for space in range(9, 29) if space != 16)
        assert all(s.owner_at(space) is None for space in range(1, 29))
        assert all(s.worker_at(space) is None for space in range(1, 29))
    assert len(layouts) > 20
    assert {7: tile("f_peddler"), 8: tile("f_carpenter"), 16: tile("gold_mine")} == FIXED_SPACES


@pytest.mark.parametrize("players", [2, 3, 5])
def test_setup_turn_order_is_random(players: int) -> None:
    # rules: Caylus, setup: the markers are put on the turn order track "losowo"
    orders = {tuple(fresh(players, seed).turn_order) for seed in SEEDS}
    assert all(sorted(o) == list(range(players)) for o in orders)
    assert len({o[0] for o in orders}) == players


def test_the_first_player_in_turn_order_decides_first() -> None:
    # rules: Caylus, phase 2: "Gracze decydują się na akcje zgodnie z kolejnością w turze."
    for seed in SEEDS:
        s = fresh(4, seed)
        assert s.current_player == s.turn_order[0]
        assert s._stack[-1] == (D_PLACE, s.turn_order[0])


# ---- phase 1: income ---------------------------------------------------------------------------------------


def test_income_two_deniers_each_without_limit() -> None:
    # rules: Caylus, phase 1: "Każdy gracz otrzymuje 2 denary z banku... Nie ma górnego limitu osiąganego
    # przychodu."
    s = fresh(5)
    for seat in range(5):
        s._deniers[seat] = 100 * seat
    for space in range(9, 16):
        put_tile(s, space, "residence", BLACK)
    run_phases(s, 1, 1)
    assert stopped(s)
    assert [s.deniers(seat) for seat in range(5)] == [2, 102, 202, 302, 402 + 7]


def test_every_turn_starts_with_income() -> None:
    # rules: Caylus, "Gra podzielona jest na tury. Każda tura składa się z 7 faz." (phase 1 first)
    s = fresh(3, order=[0, 1, 2])
    before = [s.deniers(p) for p in range(3)]
    s.apply("pass")
    s.apply("pass")
    s.apply("pass")  # everyone passed; nobody bribes (each is asked in passing order)
    while s.turn == 1:
        s.apply("pass")
    assert s.turn == 2 and s.phase == 2
    assert [s.deniers(p) for p in range(3)] == [before[0] + 1 + 2, before[1] + 2, before[2] + 2]


# ---- phase 2: placing workers ----------------------------------------------------------------------------


def test_placement_costs_follow_the_passing_scale_up_to_five() -> None:
    # rules: Caylus, phase 2 b): "Gracz oddaje do banku ilość denarów równą najmniejszemu niezajętemu numerowi
    # w ramce pasowania (pomiędzy 1 a 5 denarami, zgodnie z liczbą graczy, którzy już spasowali)."
    s = fresh(5, order=[0, 1, 2, 3, 4])
    for seat in range(5):
        s._deniers[seat] = 20
    start_placement(s, 0)
    for passed in range(4):
        assert s.current_player == passed
        assert s.placement_cost(4, False) == passed + 1
        s.apply("pass")
    assert s.current_player == 4 and s.placement_cost(4, False) == 5
    s.apply("castle")
    assert s.deniers(4) == 20 - 5
    s.apply("trading post")
    assert s.deniers(4) == 10


def test_placement_on_a_special_neutral_or_fixed_building_and_the_castle_costs_the_scale() -> None:
    # rules: Caylus, phase 2 b) and e): same price for the special, neutral and fixed buildings and the castle
    for label in (
        "gate",
        "trading post",
        "merchants' guild",
        "joust field",
        "stables",
        "inn",
        "road 3",
        "road 7",
    ):
        s = fresh(4, order=[BLUE, RED, GREEN, ORANGE])
        start_placement(s, BLUE)
        s.apply("pass")
        before = s.deniers(RED)
        s.apply(label)
        assert s.deniers(RED) == before - 2, label
    s = fresh(4, order=[BLUE, RED, GREEN, ORANGE])
    start_placement(s, BLUE)
    s.apply("pass")
    s.apply("pass")
    before = s.deniers(GREEN)
    s.apply("castle")
    assert s.deniers(GREEN) == before - 3


def test_own_building_costs_one_denier_whatever_the_passing_scale() -> None:
    # rules: Caylus, phase 2 d): "Gracz oddaje do banku 1 denar. Następnie umieszcza jednego ze swoich
    # robotników w wybranym budynku, którego jest właścicielem." and no PP for your own building
    s = fresh(4, order=[BLUE, RED, GREEN, ORANGE])
    put_tile(s, 9, "w_sawmill", ORANGE)
    s._deniers[ORANGE] = 1
    start_placement(s, BLUE)
    for _ in range(3):
        s.apply("pass")
    assert s.placement_cost(ORANGE, False) == 4 and s.placement_cost(ORANGE, True) == 1
    assert labels(s) == ["pass", "road 9"]  # only its own building is affordable
    assert "costs 4 deniers; you have 1" in refused(s, A.place_road(7))
    s._deniers[ORANGE] = 0  # the refusal's wording for one denier (the legal moves are not recomputed)
    assert why_not(s, s._stack[-1], A.place_road(9)) == "Placing there costs 1 denier; you have 0."
    s._deniers[ORANGE] = 1
    s.apply("road 9")
    assert s.deniers(ORANGE) == 0 and s.prestige(ORANGE) == 0
    assert stopped(s) is False and s.worker_at(9) == ORANGE


def test_placement_on_another_players_building_gives_its_owner_one_pp() -> None:
    # rules: Caylus, phase 2 c): "Właściciel tego budynku natychmiast otrzymuje punkt prestiżu."
    s = fresh(4, order=[BLUE, RED, GREEN, ORANGE])
    put_tile(s, 9, "w_sawmill", GREEN)
    put_tile(s, 10, "bank", GREEN)
    start_placement(s, BLUE)
    s.apply("road 9")
    s.apply("road 10")
    assert s.prestige(GREEN) == 2
    assert s.deniers(BLUE) == 7 - 1 and s.deniers(RED) == 8 - 1


def test_owner_keeps_the_pp_even_when_the_building_is_not_activated() -> None:
    # rules: Caylus, phase 5: "(choć punkty prestiżu osiągnięte przez właścicieli budynków nie zostają
    # anulowane)"
    s = fresh(4, order=[BLUE, RED, GREEN, ORANGE])
    put_tile(s, 20, "w_sawmill", GREEN)
    start_placement(s, BLUE)
    s.apply("road 20")
    for _ in range(4):
        s.apply("pass")
    while s.phase == 4:
        s.apply("pass")  # the provost stays on 6
    assert s.prestige(GREEN) == 1 and s.cubes(BLUE) == cubes(food=2, wood=1)
    assert s.worker_at(20) is None


def test_first_to_pass_takes_one_denier_only_the_first() -> None:
    # rules: Caylus, phase 2 a): "Gracz, który spasuje jako pierwszy, otrzymuje z banku 1 denara."; the marker
    # goes on the lowest free passing space
    s = fresh(3, order=[0, 1, 2])
    start_placement(s, 0)
    before = [s.deniers(p) for p in range(3)]
    s.apply("pass")
    s.apply("pass")
    assert s.passing_order == [0, 1]
    assert [s.deniers(0), s.deniers(1)] == [before[0] + 1, before[1]]


def test_a_player_who_passed_places_no_more_workers() -> None:
    # rules: Caylus, phase 2 a): "Jeżeli gracz spasował, to nie może już w tej turze umieszczać swoich
    # robotników na żadnych polach."; phase 2 lasts until everyone has passed
    s = fresh(3, order=[0, 1, 2])
    start_placement(s, 0)
    s.apply("pass")
    seen = []
    while s.phase == 2:
        seat = s.current_player
        assert seat is not None
        seen.append(seat)
        legal = labels(s)
        s.apply(legal[1] if len(legal) > 1 and seen.count(seat) < 3 else "pass")
    assert 0 not in seen
    assert sorted(s.passing_order) == [0, 1, 2]


def test_placement_order_skips_passed_players_and_goes_round() -> None:
    # rules: Caylus, phase 2: players decide in turn order, round after round, until all have passed
    s = fresh(4, order=[GREEN, ORANGE, BLUE, RED])
    s._deniers = [20, 20, 20, 20]
    start_placement(s, GREEN)
    order = []
    for label in ("gate", "pass", "trading post", "pass", "joust field", "inn", "pass", "pass"):
        order.append(s.current_player)
        s.apply(label)
    assert order == [GREEN, ORANGE, BLUE, RED, GREEN, BLUE, GREEN, BLUE]
    assert s.passing_order == [ORANGE, RED, GREEN, BLUE]
    assert s.phase >= 3


def test_a_player_without_workers_or_deniers_must_pass() -> None:
    # rules: Caylus, phase 2 a): "Kiedy gracz chce lub musi pasować (z powodu braku robotników lub
    # pieniędzy)"; a decision with a single legal action is taken by itself
    s = fresh(3, order=[0, 1, 2])
    s._workers[1] = 0
    s._special[Special.GATE] = 1  # keep six workers: they are out already
    s._special[Special.TRADING_POST] = 1
    s._special[Special.GUILD] = 1
    s._special[Special.JOUST] = 1
    s._castle = [1]
    s._inn = [1, NOBODY]
    s._deniers[2] = 0
    start_placement(s, 0)
    assert s.current_player == 0
    assert s.passing_order == []
    s.apply("road 1")
    assert s.passing_order == [1, 2] and s.current_player == 0
    assert s.deniers(1) == 6 + 2 + 1 and s.deniers(2) == 0  # seat 1 passed first: it took the denier
    check(s)


def test_one_worker_per_building() -> None:
    # rules: Caylus, phase 2: "Niedozwolone jest także umieszczenie robotnika na polu, na którym jest już
    # jakiś robotnik, chyba że jest to karczma, zamek lub stajnia"
    s = fresh(4, order=[BLUE, RED, GREEN, ORANGE])
    start_placement(s, BLUE)
    s.apply("road 3")
    s.apply("gate")
    assert "road 3" not in labels(s) and "gate" not in labels(s)
    assert "taken" in refused(s, A.place_road(3))
    assert "taken" in refused(s, A.PLACE + Special.GATE)


def test_stables_hold_three_workers_one_per_player() -> None:
    # rules: Caylus, phase 2 b): "W stajni można umieścić do 3 robotników, ale żaden gracz nie może mieć tam
    # więcej niż jednego swojego robotnika na raz." Each goes on the lowest free number.
    s = fresh(5, order=[0, 1, 2, 3, 4])
    start_placement(s, 0)
    s.apply("stables")
    assert s.current_player == 1 and "stables" in labels(s)
    s.apply("stables")
    s.apply("stables")
    assert s.special_worker(Special.STABLES) == [0, 1, 2]
    assert "stables" not in labels(s)
    refused(s, A.PLACE + Special.STABLES)
    s.apply("pass")
    s.apply("pass")
    assert s.current_player == 0
    assert "stables" not in labels(s)  # full, and seat 0 is there already


def test_inn_takes_one_new_worker_a_turn_and_a_player_may_have_two_there() -> None:
    # rules: Caylus, phase 2 b): "Jeżeli robotnik zostanie umieszczony w karczmie, to kładzie się go na kółku
    # po lewej... (jeden gracz może mieć do dwóch robotników w karczmie na raz)"
    s = fresh(4, order=[BLUE, RED, GREEN, ORANGE])
    put_inn_right(s, BLUE)
    start_placement(s, BLUE)
    assert "inn" in labels(s)
    s.apply("inn")
    assert s.inn == (BLUE, BLUE)
    assert "inn" not in labels(s)  # the left circle is taken
    check(s)


def test_castle_one_worker_per_player_on_the_next_castle_space() -> None:
    # rules: Caylus, phase 2 e): "umieszcza swojego robotnika na pierwszym wolnym polu w zamku. W zamku może
    # przebywać kilku robotników, ale każdy z graczy może tam umieścić tylko jednego."
    s = fresh(4, order=[BLUE, RED, GREEN, ORANGE])
    start_placement(s, BLUE)
    for _ in range(4):
        s.apply("castle")
    assert s.castle_workers == [BLUE, RED, GREEN, ORANGE]
    assert "castle" not in labels(s)
    assert "taken" in refused(s, A.PLACE_CASTLE)


def test_no_worker_on_an_empty_lot() -> None:
    # rules: Caylus, phase 2: no worker "na niezabudowanym polu"
    s = fresh(4)
    assert all(f"road {space}" not in labels(s) for space in range(9, 29) if space != 16)
    assert "road 16" in labels(s)


def test_describe_action_gives_the_price() -> None:
    # rules: Caylus, phase 2: the price of a placement (a readable description of the action)
    s = fresh(4, order=[BLUE, RED, GREEN, ORANGE])
    put_tile(s, 9, "w_sawmill", RED)
    start_placement(s, BLUE)
    s.apply("pass")
    text = s.describe_action(A.place_road(9))
    assert "yours" in text and "1 denier" in text
    assert "2 denier" in s.describe_action(A.place_road(7))


# ---- phase 3: special buildings ----------------------------------------------------------------------------


def test_gate_moves_the_worker_for_free_to_a_free_space() -> None:
    # rules: Caylus, phase 3 a): "Jeżeli robotnik został umieszczony w tym miejscu, to jego majster może go
    # przenieść na dowolne wolne pole bez dodatkowych kosztów."
    s = fresh(4)
    put_special(s, RED, Special.GATE)
    put_worker(s, BLUE, 3)
    put_special(s, GREEN, Special.TRADING_POST)
    set_cubes(s, RED, deniers=0)
    run_phases(s, 3, 3)
    assert s._stack[-1] == (D_GATE, RED)
    legal = labels(s)
    assert "road 3" not in legal and "trading post" not in legal and "gate" not in legal
    assert {"pass", "merchants' guild", "joust field", "stables", "inn", "castle", "road 7"} <= set(legal)
    s.apply("road 7")
    assert s.worker_at(7) == RED and s.deniers(RED) == 0
    assert s.special_worker(Special.GATE) == []
    assert stopped(s)
    check(s)


def test_gate_onto_another_players_building_gives_its_owner_one_pp() -> None:
    # rules: Caylus, phase 3 a): "Jeżeli gracz zdecyduje się umieścić swojego robotnika w budynku innego
    # gracza, to ten drugi otrzymuje 1 punkt prestiżu."
    s = fresh(4)
    put_tile(s, 9, "w_quarry", GREEN)
    put_tile(s, 10, "w_sawmill", RED)
    put_special(s, RED, Special.GATE)
    run_phases(s, 3, 3)
    assert "road 9" in labels(s) and "road 10" in labels(s)
    s.apply("road 9")
    assert s.prestige(GREEN) == 1 and s.worker_at(9) == RED
    s = fresh(4)
    put_tile(s, 10, "w_sawmill", RED)
    put_special(s, RED, Special.GATE)
    run_phases(s, 3, 3)
    s.apply("road 10")
    assert s.prestige(RED) == 0


def test_gate_worker_not_moved_goes_home() -> None:
    # rules: Caylus, phase 3 a): "Jeżeli gracz nie chce lub nie może przenieść swojego robotnika gdzieś
    # indziej, to bierze go z powrotem."
    s = fresh(4)
    put_special(s, RED, Special.GATE)
    run_phases(s, 3, 3)
    s.apply("pass")
    assert stopped(s) and s.workers_at_home(RED) == 6


def test_gate_to_the_castle_stables_or_inn_only_where_the_player_is_not_yet() -> None:
    # rules: Caylus, phase 3 a): "w zamku, w karczmie lub w stajni (jeżeli dany gracz nie ma tam żadnego
    # innego robotnika)"
    s = fresh(4)
    put_special(s, RED, Special.GATE)
    put_castle(s, RED)
    put_special(s, RED, Special.STABLES)
    put_special(s, BLUE, Special.INN)
    run_phases(s, 3, 3)
    legal = labels(s)
    assert "castle" not in legal and "stables" not in legal and "inn" not in legal
    s = fresh(4)
    put_special(s, RED, Special.GATE)
    run_phases(s, 3, 3)
    s.apply("castle")
    assert s.castle_workers == [RED]


def test_gate_not_to_the_inn_when_the_player_already_has_a_worker_there() -> None:
    # rules: Caylus, phase 3 a): "W ten sposób robotnik może zostać umieszczony w innym budynku specjalnym,
    # w zamku, w karczmie lub w stajni (jeżeli dany gracz nie ma tam żadnego innego robotnika)"; the Romanian
    # text has the same condition after "in castel, in han sau in grajd" (reference section 3)
    s = fresh(4)
    put_special(s, RED, Special.GATE)
    put_inn_right(s, RED)
    run_phases(s, 3, 3)
    assert s._stack[-1] == (D_GATE, RED)
    assert "inn" not in labels(s)


def test_gate_then_the_special_building_it_moved_to_is_resolved_in_order() -> None:
    # rules: Caylus, phase 3: the gate (a) is resolved before the trading post (b), the guild (c), the joust
    # field (d), the stables (e) and the inn (f), so a worker moved there works this turn
    s = fresh(4, order=[BLUE, RED, GREEN, ORANGE])
    put_special(s, RED, Special.GATE)
    set_cubes(s, RED, deniers=0)
    run_phases(s, 3, 3)
    s.apply("trading post")
    assert stopped(s) and s.deniers(RED) == 3 and s.workers_at_home(RED) == 6
    s = fresh(4, order=[BLUE, RED, GREEN, ORANGE])
    put_special(s, RED, Special.GATE)
    run_phases(s, 3, 3)
    s.apply("stables")
    assert stopped(s) and s.turn_order == [RED, BLUE, GREEN, ORANGE]
    s = fresh(4)
    put_special(s, RED, Special.GATE)
    put_inn_right(s, BLUE)
    run_phases(s, 3, 3)
    s.apply("inn")
    assert stopped(s) and s.inn == (None, RED) and s.workers_at_home(BLUE) == 6


def test_trading_post_gives_three_deniers() -> None:
    # rules: Caylus, phase 3 b): "Gracz bierze z banku 3 denary, po czym bierze swojego robotnika z powrotem."
    s = fresh(4)
    put_special(s, GREEN, Special.TRADING_POST)
    before = s.deniers(GREEN)
    run_phases(s, 3, 3)
    assert stopped(s) and s.deniers(GREEN) == before + 3 and s.workers_at_home(GREEN) == 6


def test_guild_moves_the_provost_up_to_three_spaces_either_way_for_free() -> None:
    # rules: Caylus, phase 3 c): "Gracz może zdecydować czy chce przesunąć burmistrza do przodu lub tyłu o 1,
    # 2 lub 3 pola." (no payment); the phase 4 limits apply (reference section 3)
    for label, where in (
        ("provost -3", 7),
        ("provost -1", 9),
        ("provost +2", 12),
        ("provost +3", 13),
        ("pass", 10),
    ):
        s = fresh(4)
        put_special(s, GREEN, Special.GUILD)
        s._provost = 10
        set_cubes(s, GREEN, deniers=0)
        run_phases(s, 3, 3)
        assert s._stack[-1] == (D_GUILD, GREEN) and len(labels(s)) == 7
        s.apply(label)
        assert stopped(s) and s.provost == where and s.deniers(GREEN) == 0
        assert s.workers_at_home(GREEN) == 6


@pytest.mark.parametrize(
    ("start", "allowed"),
    [(1, ["+1", "+2", "+3"]), (2, ["-1", "+1", "+2", "+3"]), (27, ["-3", "-2", "-1", "+1"])],
)
def test_guild_keeps_the_provost_on_the_road(start: int, allowed: list[str]) -> None:
    # rules: Caylus, phase 4: "Burmistrz nie może zostać przesunięty na most ani na żaden ze specjalnych
    # budynków... Nie może też iść dalej niż na ostatnie pole drogi." (the guild moves it within these limits)
    s = fresh(4)
    put_special(s, GREEN, Special.GUILD)
    s._provost = start
    run_phases(s, 3, 3)
    assert labels(s) == ["pass", *(f"provost {d}" for d in allowed)]
    for delta in A.PROVOST_DELTAS:
        if not 1 <= start + delta <= 28:
            assert "between space 1 and space 28" in refused(s, A.PROVOST + A.PROVOST_DELTAS.index(delta))


def test_joust_field_pays_one_cloth_and_one_denier_for_a_favour() -> None:
    # rules: Caylus, phase 3 d): "Gracz może oddać do banku 1 kostkę materiału i 1 denar by otrzymać królewską
    # łaskę"
    s = fresh(4)
    put_special(s, GREEN, Special.JOUST)
    set_cubes(s, GREEN, cloth=2, deniers=3)
    run_phases(s, 3, 3)
    assert labels(s) == ["pass", "yes"]
    s.apply("yes")
    assert s.deniers(GREEN) == 2 and s.cubes(GREEN) == cubes(cloth=1)
    s.apply("row prestige")
    assert stopped(s) and s.prestige(GREEN) == 1 and s.workers_at_home(GREEN) == 6


def test_joust_field_is_optional_and_needs_cloth_and_a_denier() -> None:
    # rules: Caylus, phase 3 d): "Gracz może oddać" (optional); both cloth and a denier are needed
    s = fresh(4)
    put_special(s, GREEN, Special.JOUST)
    set_cubes(s, GREEN, cloth=1, deniers=1)
    run_phases(s, 3, 3)
    s.apply("pass")
    assert stopped(s) and s.deniers(GREEN) == 1 and s.cubes(GREEN) == cubes(cloth=1)
    for cloth, deniers in ((0, 5), (3, 0)):
        s = fresh(4)
        put_special(s, GREEN, Special.JOUST)
        set_cubes(s, GREEN, cloth=cloth, deniers=deniers)
        run_phases(s, 3, 3)
        assert stopped(s) and s.favour_columns(GREEN) == (0, 0, 0, 0)


def test_joust_field_at_most_once_a_turn() -> None:
    # rules: reference section 3 (R-EN, R-RO): the joust field gives at most one favour per turn; it holds one
    # worker, and the gate cannot move a second one there
    s = fresh(4, order=[BLUE, RED, GREEN, ORANGE])
    start_placement(s, BLUE)
    s.apply("joust field")
    assert "joust field" not in labels(s)
    s.apply("gate")
    for _ in range(2):
        s.apply("pass")
    for _ in range(2):
        s.apply("pass")
    assert s._stack[-1] == (D_GATE, RED)
    assert "joust field" not in labels(s)


def test_stables_order_the_rest_keep_their_order() -> None:
    # rules: Caylus, phase 3 e): "jeżeli gracz umieścił swojego robotnika na polu 1, to staje się pierwszym
    # graczem; drugie kółko daje drugą pozycje, zaś trzecie – pozycję 3. Pozycja innych graczy zmienia się
    # zgodnie z kolejnością na ramce kolejności."
    s = fresh(5, order=[0, 1, 2, 3, 4])
    put_special(s, 4, Special.STABLES)
    put_special(s, 2, Special.STABLES)
    put_special(s, 0, Special.STABLES)
    run_phases(s, 3, 3)
    assert s.turn_order == [4, 2, 0, 1, 3]
    assert all(s.workers_at_home(p) == 6 for p in range(5))
    s = fresh(5, order=[0, 1, 2, 3, 4])
    put_special(s, 3, Special.STABLES)
    run_phases(s, 3, 3)
    assert s.turn_order == [3, 0, 1, 2, 4]


def test_stables_order_holds_for_the_rest_of_the_turn() -> None:
    # rules: Caylus, phase 3 e): "Od tego momentu zaczyna obowiązywać nowa kolejność." (the scoring that
    # follows in phase 7 goes in the new order)
    s = fresh(4, order=[BLUE, RED, GREEN, ORANGE])
    put_special(s, ORANGE, Special.STABLES)
    set_houses(s, Section.DUNGEON, {BLUE: 2, ORANGE: 2})
    s._bailiff = s._provost = 11
    run_phases(s, 3, 7)
    assert s.turn_order == [ORANGE, BLUE, RED, GREEN]
    assert s.current_player == ORANGE  # the dungeon scoring's favours in the new order


def test_inn_worker_left_alone_may_stay_or_go_home() -> None:
    # rules: Caylus, phase 3 f): "Jeżeli gracz umieścił swojego robotnika w karczmie w poprzedniej turze i
    # jeżeli ten robotnik nie został przesunięty ... to gracz ten może wziąć swojego robotnika z powrotem albo
    # zostawić go w karczmie na kolejną turę."
    s = fresh(4)
    put_inn_right(s, RED)
    run_phases(s, 3, 3)
    assert s._stack[-1] == (D_INN, RED) and labels(s) == ["pass", "yes"]
    s.apply("pass")  # stay
    assert s.inn == (None, RED) and s.workers_at_home(RED) == 5
    s = fresh(4)
    put_inn_right(s, RED)
    run_phases(s, 3, 3)
    s.apply("yes")  # leave
    assert s.inn == (None, None) and s.workers_at_home(RED) == 6


def test_inn_right_circle_makes_every_placement_cost_one_and_owners_still_gain_pp() -> None:
    # rules: Caylus, phase 3 f): "Gracz, którego robotnik zajmuje kółko po prawej, zawsze płaci 1 denara za
    # położenie na planszy swoich robotników – niezależnie od tego, ilu graczy juz spasowało (inni gracze
    # wciąż otrzymują 1 punkt prestiżu za każdego robotnika, którego ten gracz umieści w ich budynkach)."
    s = fresh(4, order=[BLUE, RED, GREEN, ORANGE])
    put_inn_right(s, ORANGE)
    put_tile(s, 9, "w_sawmill", BLUE)
    start_placement(s, BLUE)
    for _ in range(3):
        s.apply("pass")
    before = s.deniers(ORANGE)
    for label in ("road 9", "castle", "gate", "road 16"):
        s.apply(label)
    assert s.deniers(ORANGE) == before - 4
    assert s.prestige(BLUE) == 1


# ---- phase 4: the provost ----------------------------------------------------------------------------------


def test_provost_bribes_in_passing_order_one_denier_per_space() -> None:
    # rules: Caylus, phase 4: "Zgodnie z kolejnością pasowania z fazy 2 ... Każdy gracz może przesunąć
    # burmistrza od 1 do 3 pól w przód lub w tył płacąc przy tym 1 denara za pole. Każdy gracz może także
    # spasować."
    s = fresh(3, order=[0, 1, 2])
    s._passed = [2, 0, 1]
    s._provost = 10
    for seat in range(3):
        s._deniers[seat] = 3
    run_phases(s, 4, 4)
    asked = []
    for label in ("provost +3", "provost -2", "pass"):
        top = s._stack[-1]
        assert top[0] == D_PROVOST
        asked.append(top[1])
        s.apply(label)
    assert asked == [2, 0, 1]
    assert stopped(s)
    assert s.provost == 11 and [s.deniers(p) for p in range(3)] == [1, 3, 0]


def test_provost_bribe_limited_by_deniers() -> None:
    # rules: Caylus, phase 4: 1 denier per space
    s = fresh(3, order=[0, 1, 2])
    s._passed = [0, 1, 2]
    s._provost = 10
    s._deniers = [2, 0, 1]
    run_phases(s, 4, 4)
    assert labels(s) == ["pass", "provost -2", "provost -1", "provost +1", "provost +2"]
    assert "costs 3 deniers; you have 2" in refused(s, A.PROVOST)
    s.apply("pass")
    assert labels(s) == ["pass", "provost -1", "provost +1"]  # seat 1 has nothing: skipped
    s.apply("provost -1")
    assert stopped(s) and s.provost == 9


def test_provost_never_leaves_the_road() -> None:
    # rules: Caylus, phase 4: not onto the bridge or the special buildings, not past the last space
    s = fresh(3, order=[0, 1, 2])
    s._passed = [0, 1, 2]
    s._provost = 2
    s._deniers = [9, 9, 9]
    run_phases(s, 4, 4)
    assert labels(s) == ["pass", "provost -1", "provost +1", "provost +2", "provost +3"]
    s.apply("provost -1")
    assert labels(s) == ["pass", "provost +1", "provost +2", "provost +3"]
    s.apply("pass")
    s.apply("pass")
    s = fresh(3, order=[0, 1, 2])
    s._passed = [0, 1, 2]
    s._provost = 26
    s._deniers = [9, 9, 9]
    run_phases(s, 4, 4)
    assert "provost +3" not in labels(s) and "provost +2" in labels(s)
    s.apply("provost +2")
    assert s.provost == 28
    assert all("+" not in label for label in labels(s))


def test_provost_may_stop_on_an_empty_lot() -> None:
    # rules: reference section 2 (phase 4 limits): any road space 1..28, empty lots included
    s = fresh(3, order=[0, 1, 2])
    s._passed = [0, 1, 2]
    s._provost = 8
    run_phases(s, 4, 4)
    s.apply("provost +3")
    assert s.tile_at(11) is None and s.provost == 11


# ---- phase 5: activation -----------------------------------------------------------------------------------


def test_activation_goes_along_the_road_up_to_the_provost() -> None:
    # rules: Caylus, phase 5: "Budynki aktywowane są w określonej kolejności (wzdłuż drogi) od pierwszego
    # miejsca za mostem do pola, na którym stoi burmistrz (włącznie z tym polem). Budynki poza polem, na
    # którym stoi burmistrz, nie zostają aktywowane."
    s = fresh(4)
    put_tile(s, 9, "w_quarry", GREEN)
    put_tile(s, 11, "w_sawmill", GREEN)
    market = s._road.index(tile("n_market"))
    set_cubes(s, RED, food=1)
    set_cubes(s, BLUE)
    set_cubes(s, ORANGE)
    set_cubes(s, GREEN)
    activate(s, {market: RED, 9: BLUE, 11: ORANGE, 16: GREEN}, provost=9)
    assert s.current_player == RED  # the market on a neutral space comes first
    s.apply("food")
    assert stopped(s)
    assert s.cubes(BLUE) == cubes(stone=2)  # space 9 = the provost's space: activated
    assert s.cubes(ORANGE) == cubes() and s.cubes(GREEN) == cubes()  # beyond: nothing
    assert all(s.worker_at(space) is None for space in range(1, 29))
    assert all(s.workers_at_home(p) == 6 for p in range(4))


def test_an_activated_building_can_use_cubes_from_an_earlier_one() -> None:
    # rules: Caylus, "Podpowiedzi", order: buildings work one after the other along the road, so a cube
    # produced earlier on the road can be used further along
    s = fresh(4)
    forest = s._road.index(tile("n_forest"))
    put_tile(s, 20, "w_market", GREEN)
    set_cubes(s, RED, deniers=0)
    activate(s, {forest: RED, 20: RED})
    s.apply("wood")
    s.apply("wood")  # sold at the wood market for 6
    assert stopped(s) and s.deniers(RED) == 6


# ---- phase 7: end of turn ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bailiff", "provost", "after"), [(10, 7, 11), (10, 10, 11), (10, 11, 12), (10, 28, 12), (27, 28, 28)]
)
def test_bailiff_moves_one_or_two_then_the_provost_joins_it(bailiff: int, provost: int, after: int) -> None:
    # rules: Caylus, phase 7: "Jeżeli burmistrz znajduje się przed zarządcą, to ten rusza się o 2 pola do
    # przodu, Jeżeli burmistrz znajduje się za zarządcą lub na tym samym polu co zarządca, to ten rusza się o
    # 1 pole do przodu. Kiedy zarządca już się ruszy, należy położyć pionek burmistrza na polu, na którym
    # obecnie jest zarządca."
    s = fresh(4)
    s._bailiff, s._provost = bailiff, provost
    s._scored = [True, True, False]  # no scoring before the towers mark
    run_phases(s, 7, 7)
    assert s.bailiff == after and s.provost == after


def test_next_turn_starts_after_the_end_of_turn() -> None:
    # rules: Caylus, phase 7: "Potem zaczyna się nowa tura."
    s = fresh(3, order=[0, 1, 2])
    for _ in range(3):
        s.apply("pass")
    while s.turn == 1:
        s.apply("pass")
    assert s.turn == 2 and s.bailiff == 7 and s.provost == 7 and s.passing_order == []


# ---- the end ----------------------------------------------------------------------------------------------


def test_game_ends_after_the_towers_are_scored_with_the_final_bonus() -> None:
    # rules: Caylus, "Koniec gry": the game ends after the towers are scored; add "3 punkty za każdą posiadaną
    # kostkę złota, 1 punkt za każde 3 posiadane kostki zasobów (bez złota), 1 punkt za każde 4 posiadane
    # denary"
    s = fresh(4, order=[BLUE, RED, GREEN, ORANGE], favours="simple")
    s._scored = [True, True, False]
    s._bailiff, s._provost = 23, 20
    set_houses(s, Section.TOWERS, {BLUE: 1, RED: 1, GREEN: 1, ORANGE: 1})
    s._pp = [10, 10, 10, 10]
    set_cubes(s, BLUE, 1, 1, 0, 0, 2, deniers=7)  # 6 + 0 + 1
    set_cubes(s, RED, 3, 2, 1, 2, 0, deniers=8)  # 0 + 2 + 2
    set_cubes(s, GREEN, deniers=3)  # 0
    set_cubes(s, ORANGE, 0, 0, 0, 0, 1, deniers=16)  # 3 + 4
    run_phases(s, 7)
    assert s.is_terminal and s.section_scored(Section.TOWERS) and s.bailiff == 24
    assert s.final_bonus == [7, 4, 0, 7]
    assert s.scores() == [17, 14, 10, 17]
    assert s.winners() == [BLUE, ORANGE]  # ties: all tied players win
    assert s.current_player is None and s.legal_actions() == [] and s.legal_action_ids() == []
    assert "over" in refused(s, A.PASS)
    check(s)


def test_single_winner() -> None:
    # rules: Caylus, "Koniec gry": "Gra z największą ilością punktów prestiżu wygrywa."
    s = fresh(3, order=[0, 1, 2], favours="simple")
    s._scored = [True, True, False]
    s._bailiff = s._provost = 23
    set_houses(s, Section.TOWERS, {0: 1, 1: 1, 2: 1})
    s._pp = [3, 9, 4]
    for seat in range(3):
        set_cubes(s, seat, deniers=0)
    run_phases(s, 7)
    assert s.is_terminal and s.winners() == [1] and s.scores() == [3, 9, 4]


def test_final_bonus_is_zero_before_the_end() -> None:
    # rules: Caylus, "Koniec gry": the bonus is counted at the end only
    s = fresh(4)
    assert s.final_bonus == [0, 0, 0, 0] and s.scores() == [0, 0, 0, 0]


# ---- two players ----------------------------------------------------------------------------------------


def test_two_players_turn_order_alternates() -> None:
    # rules: Caylus, two players: "Kolejność w turze zmienia się na początku każdej tury. Dany gracz najpierw
    # jest pierwszy, w kolejnej turze drugi itd."
    s = fresh(2, 5)
    first = s.turn_order
    seen = []
    for _ in range(4):
        seen.append(s.turn_order)
        turn = s.turn
        while s.turn == turn and not s.is_terminal:
            s.apply("pass")
    assert seen == [first, first[::-1], first, first[::-1]]


def test_two_players_placement_costs_three_after_the_other_passed() -> None:
    # rules: Caylus, two players: "Kiedy jeden z graczy pasuje, to drugi musi zapłacić 3 denary (zamiast 2) by
    # skorzystać z budynku, którego nie jest właścicielem. Umieszczenie robotnika we własnym budynku kosztuje
    # 1 denara"
    s = fresh(2, order=[0, 1])
    put_tile(s, 9, "w_sawmill", 1)
    put_tile(s, 10, "w_quarry", 0)
    s._deniers = [10, 10]
    start_placement(s, 0)
    s.apply("pass")
    assert s.deniers(0) == 11
    s.apply("road 10")  # seat 0's building
    assert s.deniers(1) == 7 and s.prestige(0) == 1
    s.apply("road 9")  # own
    assert s.deniers(1) == 6
    s.apply("castle")
    assert s.deniers(1) == 3


def test_two_players_inn_still_costs_one() -> None:
    # rules: Caylus, two players: "Karczma wciąż działa (gracz, którego pionek znajduje się po prawej stronie,
    # zawsze płaci tylko 1 denara)."
    s = fresh(2, order=[0, 1])
    put_inn_right(s, 1)
    s._deniers = [10, 10]
    start_placement(s, 0)
    s.apply("pass")
    s.apply("road 7")
    assert s.deniers(1) == 9


def test_two_players_no_stables() -> None:
    # rules: Caylus, two players: "Oczywiście stajnia nie jest wtedy używana."
    s = fresh(2, order=[0, 1])
    assert "stables" not in labels(s)
    assert "taken, empty or not for workers" in refused(s, A.PLACE + Special.STABLES)
    put_special(s, 0, Special.GATE)
    run_phases(s, 3, 3)
    assert "stables" not in labels(s) and "gate" not in labels(s)


# ---- simplified favours ----------------------------------------------------------------------------------


def test_simplified_favours_are_three_pp_each_without_a_decision() -> None:
    # rules: Caylus, simplified favours: "Kiedy gracz otrzymuje królewską łaskę (czy to przez pole turniejowe
    # czy inne czynności), to otrzymuje 3 punkty prestiżu. Kiedy otrzymuje kilka łask w jednym momencie, to za
    # każdą otrzymuje 3 punkty prestiżu."
    s = fresh(4, favours="simple")
    put_special(s, GREEN, Special.JOUST)
    set_cubes(s, GREEN, cloth=1, deniers=1)
    run_phases(s, 3, 3)
    s.apply("yes")
    assert stopped(s) and s.prestige(GREEN) == 3 and s.favour_columns(GREEN) == (0, 0, 0, 0)
    s = fresh(4, order=[BLUE, RED, GREEN, ORANGE], favours="simple")
    set_houses(s, Section.WALLS, {BLUE: 5, RED: 3, GREEN: 2, ORANGE: 0})
    s._scored[Section.DUNGEON] = True
    s._pp = [0, 0, 0, 5]
    s._bailiff = s._provost = 17
    run_phases(s, 7, 7)
    assert stopped(s)
    assert s.scores() == [9, 6, 3, 2]
    assert all(s.favour_columns(p) == (0, 0, 0, 0) for p in range(4))
