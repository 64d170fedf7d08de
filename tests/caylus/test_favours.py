"""Royal favours ("Królewska łaska" and "Tabela Królewskich Łask") of the Polish Caylus rulebook
(the Polish rulebook); reference: the compiled tile list, section 6.

Favours are handed out here by the engine's own task (T_FAVOURS) in a chosen phase, or by the joust field.
"""

from __future__ import annotations

import pytest

from masterbuilder.games.caylus import actions as A
from masterbuilder.games.caylus.data import Section, Special, cubes
from masterbuilder.games.caylus.state import CaylusState
from masterbuilder.games.caylus.tasks import D_COLUMN, D_ROW, T_FAVOURS, T_PHASE
from tests.caylus.helpers import (
    BLUE,
    GREEN,
    RED,
    STOP,
    check,
    fresh,
    labels,
    put_special,
    put_tile,
    put_worker,
    refused,
    run,
    run_phases,
    set_cubes,
    stopped,
    tile,
)

PRESTIGE, DENIERS, RESOURCES, BUILDINGS = range(4)


def favour(
    s: CaylusState, seat: int = RED, count: int = 1, *, scored: int = 0, phase: int = 5
) -> CaylusState:
    """``seat`` gains ``count`` favours in ``phase`` with the first ``scored`` sections scored."""
    for section in range(scored):
        s._scored[section] = True
    return run(s, [STOP, (T_FAVOURS, seat, count), (T_PHASE, phase)])


# ---- columns and markers ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("scored", "open_columns"), [(0, 2), (1, 4), (2, 5)])
def test_open_columns_two_then_four_after_the_dungeon_then_five_after_the_walls(
    scored: int, open_columns: int
) -> None:
    # rules: Caylus, royal favours: "Dla każdego wiersza pierwsze dwie kolumny dostępne są od początku gry.
    # Kolumny 3 i 4 dostępne są dopiero po podsumowaniu Lochów ... Ostatnia, piąta kolumna dostępna jest po
    # podsumowaniu Murów"
    s = fresh(4)
    s._favour[RED][PRESTIGE] = 1
    for section in range(scored):
        s._scored[section] = True
    assert s.open_columns == open_columns
    reached = []
    for _ in range(5):
        favour(s, RED)
        s.apply("row prestige")
        reached.append(s.favour_columns(RED)[PRESTIGE])
    assert reached == [min(c, open_columns) for c in range(2, 7)]


def test_columns_open_even_if_the_next_section_was_started() -> None:
    # rules: Caylus, royal favours: "(nawet jeżeli gracze zaczęli już budowę kolejnej sekcji)"
    s = fresh(4)
    s._houses[Section.DUNGEON][BLUE] = 6
    s._houses[Section.WALLS][BLUE] = 3
    assert s.open_columns == 2  # the dungeon is full but not scored yet
    s._scored[Section.DUNGEON] = True
    assert s.open_columns == 4


def test_the_marker_advances_one_column_then_any_column_up_to_it_is_used() -> None:
    # rules: Caylus, royal favours: "wybiera jeden z wierszy i - jeżeli to możliwe - przesuwa swój znacznik
    # o jedno pole w prawo. Następnie gracz ten może użyć jednego z efektów, jakie zapewnia wybrany wiersz -
    # pomiędzy poziomem 1 a tym, na którym stoi obecnie jego znacznik." "Gracz może awansować na pole 2 danego
    # wiersza i wybrać efekt pola 1."
    s = favour(fresh(4), RED, scored=2)
    s._favour[RED][RESOURCES] = 4
    set_cubes(s, RED)
    s.apply("row resources")
    assert s.favour_columns(RED) == (0, 0, 5, 0)
    assert s._stack[-1] == (D_COLUMN, RED, RESOURCES)
    assert labels(s) == ["column 1", "column 2", "column 3", "column 5"]  # column 4 needs a cube to give
    s.apply("column 1")
    assert stopped(s) and s.cubes(RED) == cubes(food=1)


def test_at_column_five_the_row_can_still_be_chosen() -> None:
    # rules: Caylus, royal favours: "Kiedy znacznik osiągnie pole 5, to nie może już być przesuwany, ale gracz
    # wciąż może wskazywać ten wiersz i korzystać z wybranego tam efektu."
    s = fresh(4)
    s._favour[RED][PRESTIGE] = 5
    favour(s, RED, scored=2)
    s.apply("row prestige")
    assert s.favour_columns(RED)[PRESTIGE] == 5 and s.prestige(RED) == 5


def test_several_players_may_share_a_column() -> None:
    # rules: Caylus, royal favours: "Kilku graczy może znajdować się na tym samym polu."
    s = fresh(4)
    favour(s, RED)
    s.apply("row deniers")
    favour(s, BLUE)
    s.apply("row deniers")
    assert s.favour_columns(RED) == s.favour_columns(BLUE) == (0, 1, 0, 0)


# ---- several favours at once ------------------------------------------------------------------------------


def test_several_favours_at_once_go_on_different_rows() -> None:
    # rules: Caylus, royal favours: "Jeżeli gracz uzyska kilka królewskich łask na raz (np. po wybudowaniu
    # pomnika) to łaski te muszą zostać wydane w różnych wierszach."
    s = favour(fresh(4), RED, 3)
    s.apply("row prestige")
    assert labels(s) == ["row deniers", "row resources", "row buildings"]
    assert "different row" in refused(s, A.ROW + PRESTIGE)
    s.apply("row deniers")
    assert labels(s) == ["row resources", "row buildings"]
    s.apply("row resources")
    assert stopped(s) and s.favour_columns(RED) == (1, 1, 1, 0)


def test_at_most_four_favours_in_one_phase() -> None:
    # rules: Caylus, royal favours: "Niemożliwe jest zatem uzyskanie więcej niż 4 łask w jednej fazie."
    s = fresh(4)
    set_cubes(s, RED, deniers=0)
    favour(s, RED, 6)
    for row in ("prestige", "deniers", "resources"):
        s.apply(f"row {row}")
    assert stopped(s)  # the fourth goes on the only row left by itself; the fifth and sixth are lost
    assert s.favour_columns(RED) == (1, 1, 1, 1)
    assert s.prestige(RED) == 1 and s.deniers(RED) == 3 and s.cubes(RED) == cubes(food=1)


def test_favours_in_different_phases_may_use_the_same_row() -> None:
    # rules: Caylus, royal favours: the different-rows rule is for favours gained in the same phase ("w jednej
    # fazie"); a joust favour (phase 3) and a church favour (phase 5) may both go on the prestige row
    s = fresh(4)
    put_special(s, RED, Special.JOUST)
    put_tile(s, 9, "mason", BLUE)
    put_worker(s, RED, 9)
    s._provost = 9
    set_cubes(s, RED, stone=1, cloth=2, deniers=1)
    run_phases(s, 3, 5)
    s.apply("yes")
    s.apply("row prestige")
    while s.phase == 4:
        s.apply("pass")
    s.apply("build church")
    assert A.ROW + PRESTIGE in s.legal_action_ids()
    s.apply("row prestige")
    assert stopped(s) and s.favour_columns(RED)[PRESTIGE] == 2 and s.prestige(RED) == 1 + 3 + 2


def test_favours_gained_in_a_scoring_cannot_use_the_column_it_opens() -> None:
    # rules: Caylus, royal favours, the example of the dungeon scoring: the walls scoring cannot reach
    # column 5 either (reference 6.2 item 6)
    s = fresh(4, order=[BLUE, RED, GREEN, 3])
    s._scored[Section.DUNGEON] = True
    s._houses[Section.WALLS][RED] = 5
    s._houses[Section.WALLS][BLUE] = 1
    s._houses[Section.WALLS][GREEN] = 1
    s._houses[Section.WALLS][3] = 1
    s._favour[RED] = [4, 4, 4, 4]
    s._bailiff = s._provost = 17
    set_cubes(s, RED, deniers=0)
    run_phases(s, 7, 7)
    s.apply("row prestige")
    s.apply("row deniers")
    s.apply("row resources")
    assert s._stack[-1] == (D_COLUMN, RED, RESOURCES)
    assert labels(s) == ["column 1", "column 2", "column 3"]  # column 4 needs a cube; no column 5 yet
    s.apply("column 3")
    assert stopped(s)
    assert s.favour_columns(RED) == (4, 4, 4, 4)
    assert s.prestige(RED) == 4 and s.deniers(RED) == 6 and s.cubes(RED) == cubes(cloth=1)
    assert s.open_columns == 5


# ---- the rows ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("column", [1, 2, 3, 4, 5])
def test_prestige_row_gives_one_to_five_pp(column: int) -> None:
    # rules: Caylus, table of favours a): "Gracz otrzymuje od 1 do 5 punktów prestiżu, w zależności od
    # kolumny, w której jest znacznik"
    s = fresh(4)
    s._favour[RED][PRESTIGE] = column - 1
    favour(s, RED, scored=2)
    s.apply("row prestige")
    assert stopped(s) and s.prestige(RED) == column


@pytest.mark.parametrize("column", [1, 2, 3, 4, 5])
def test_deniers_row_gives_three_to_seven_deniers(column: int) -> None:
    # rules: Caylus, table of favours b): "Gracz otrzymuje od 3 do 7 denarów"
    s = fresh(4)
    s._favour[RED][DENIERS] = column - 1
    set_cubes(s, RED, deniers=0)
    favour(s, RED, scored=2)
    s.apply("row deniers")
    assert stopped(s) and s.deniers(RED) == column + 2


def _resources(column: int, have: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)) -> CaylusState:
    s = fresh(4)
    s._favour[RED][RESOURCES] = column - 1
    set_cubes(s, RED, *have)
    favour(s, RED, scored=2)
    s.apply("row resources")
    if column > 1:
        s.apply(f"column {column}")
    return s


def test_resources_row_column_one_food() -> None:
    # rules: Caylus, table of favours c): "kolumna 1: gracz otrzymuje 1 kostkę jedzenia"
    s = _resources(1)
    assert stopped(s) and s.cubes(RED) == cubes(food=1)


def test_resources_row_column_two_wood_or_stone() -> None:
    # rules: Caylus, table of favours c): "kolumna 2: gracz otrzymuje 1 kostkę drewna lub 1 kostkę kamienia"
    for cube, expected in (("wood", cubes(wood=1)), ("stone", cubes(stone=1))):
        s = _resources(2)
        assert labels(s) == ["wood", "stone"]
        s.apply(cube)
        assert stopped(s) and s.cubes(RED) == expected


def test_resources_row_column_three_cloth() -> None:
    # rules: Caylus, table of favours c): "kolumna 3: gracz otrzymuje 1 kostkę materiału"
    s = _resources(3)
    assert stopped(s) and s.cubes(RED) == cubes(cloth=1)


def test_resources_row_column_four_one_cube_for_two_of_your_choice() -> None:
    # rules: Caylus, table of favours c): "kolumna 4: gracz może wymienić 1 ze swoich kostek na 2 kostki
    # wybranego zasobu (bez złota)"; the given cube may be any kind, gold included (reference 6.1)
    s = _resources(4, cubes(food=1, gold=1))
    assert labels(s) == ["food", "gold"]  # the cube given
    s.apply("gold")
    assert labels(s) == ["food", "wood", "stone", "cloth"]  # never gold
    s.apply("cloth")
    s.apply("stone")
    assert stopped(s) and s.cubes(RED) == cubes(food=1, stone=1, cloth=1)


def test_resources_row_column_four_needs_a_cube() -> None:
    # rules: Caylus, table of favours c): column 4 exchanges one of the player's cubes
    s = fresh(4)
    s._favour[RED][RESOURCES] = 3
    set_cubes(s, RED)
    favour(s, RED, scored=2)
    s.apply("row resources")
    assert "column 4" not in labels(s) and "column 3" in labels(s)


def test_resources_row_column_five_gold() -> None:
    # rules: Caylus, table of favours c): "kolumna 5: gracz otrzymuje 1 kostkę złota"
    s = _resources(5)
    assert stopped(s) and s.cubes(RED) == cubes(gold=1)


def test_buildings_row_column_one_has_no_effect() -> None:
    # rules: Caylus, table of favours d): "kolumna 1: bez efektu"
    s = fresh(4)
    set_cubes(s, RED, 5, 5, 5, 5, 5, deniers=5)
    favour(s, RED)
    s.apply("row buildings")
    assert stopped(s) and s.favour_columns(RED) == (0, 0, 0, 1)
    assert s.cubes(RED) == cubes(5, 5, 5, 5, 5) and s.deniers(RED) == 5 and s.prestige(RED) == 0


def test_buildings_row_column_two_a_wood_building_for_one_wood_less() -> None:
    # rules: Caylus, table of favours d): "kolumna 2 (cieśla): gracz może wybudować drewniany budynek płacąc 1
    # kostkę drewna mniej"; "Budynek ten nie musi być na planszy"
    s = fresh(4)
    s._favour[RED][BUILDINGS] = 1
    set_cubes(s, RED, food=1)
    favour(s, RED)
    s.apply("row buildings")
    assert s._stack[-1][0] != D_COLUMN  # a single useful column: column 2, taken by itself
    assert {"pass", "build w_farm_food", "build mason"} <= set(labels(s))
    assert "build lawyer" not in labels(s)  # needs cloth
    s.apply("build mason")
    assert stopped(s)
    assert s.tile_at(9) == tile("mason") and s.owner_at(9) == RED
    assert s.cubes(RED) == cubes() and s.prestige(RED) == 4


def test_buildings_row_column_three_a_stone_building_for_one_stone_less() -> None:
    # rules: Caylus, table of favours d): "kolumna 3 (murarz): gracz może wybudować kamienny budynek płacąc 1
    # kostkę kamienia mniej (np. możesz użyć efektu 3 kolumny nawet jeżeli na planszy nie ma murarza)"
    s = fresh(4)
    assert tile("mason") not in s._road
    s._favour[RED][BUILDINGS] = 2
    set_cubes(s, RED, wood=1)
    favour(s, RED, scored=1)
    s.apply("row buildings")
    assert labels(s) == ["column 2", "column 3"]  # column 2: the wood marketplace, wood paying its "any" cube
    s.apply("column 3")
    assert labels(s) == ["pass", "build bank", "build tailor"]
    s.apply("build tailor")
    assert stopped(s) and s.tile_at(9) == tile("tailor") and s.prestige(RED) == 6
    assert s.cubes(RED) == cubes()


def test_buildings_row_column_four_a_residence_for_one_cloth_only() -> None:
    # rules: Caylus, table of favours d): "kolumna 4 (prawnik): gracz może przetransformować jeden ze swoich
    # budynków lub budynek neutralny w budynek mieszkalny płacąc 1 denar mniej"
    s = fresh(4)
    put_tile(s, 9, "w_sawmill", RED)
    s._favour[RED][BUILDINGS] = 3
    set_cubes(s, RED, cloth=1, deniers=0)
    favour(s, RED, scored=1)
    s.apply("row buildings")
    assert labels(s) == ["column 2", "column 3", "column 4"]  # cloth pays the wood market / the church too
    s.apply("column 4")
    assert labels(s) == ["pass", *(f"space {sp}" for sp in range(1, 7)), "space 9"]
    s.apply("space 9")
    assert stopped(s)
    assert s.tile_at(9) == tile("residence") and s.owner_at(9) == RED
    assert s.prestige(RED) == 2 and s.cubes(RED) == cubes() and s.deniers(RED) == 0
    assert s.supply(tile("w_sawmill")) == 1


def test_buildings_row_column_five_a_prestige_building_at_full_cost() -> None:
    # rules: Caylus, table of favours d): "kolumna 5 (architekt): gracz może wybudować budynek prestiżowy
    # na jednym ze swoich budynków mieszkalnych (po normalnym koszcie)."
    s = fresh(4, favours="table")
    put_tile(s, 12, "residence", RED)
    s._favour[RED][BUILDINGS] = 4
    set_cubes(s, RED, stone=2, gold=1)
    favour(s, RED, scored=2)
    s.apply("row buildings")
    assert labels(s) == ["column 2", "column 5"]  # only the useful columns are offered
    s.apply("column 5")
    assert labels(s) == ["pass", "build statue"]
    s.apply("build statue")
    assert s.tile_at(12) == tile("statue") and s.prestige(RED) == 7
    assert s._stack[-1] == (D_ROW, RED)  # the statue's favour, on another row than "buildings"
    assert "row buildings" not in labels(s)
    s.apply("row prestige")
    assert stopped(s) and s.prestige(RED) == 8
    check(s)


def test_buildings_row_favour_with_nothing_to_build_is_spent() -> None:
    # rules: Caylus, table of favours d): the effects are optional; with nothing affordable the favour only
    # moves the marker
    s = fresh(4)
    s._favour[RED][BUILDINGS] = 1
    set_cubes(s, RED, deniers=0)
    favour(s, RED)
    s.apply("row buildings")
    assert stopped(s) and s.favour_columns(RED)[BUILDINGS] == 2


def test_joust_favour_row_choice_is_a_decision() -> None:
    # rules: Caylus, phase 3 d) and royal favours: the player chooses the row
    s = fresh(4)
    put_special(s, GREEN, Special.JOUST)
    set_cubes(s, GREEN, cloth=1, deniers=1)
    run_phases(s, 3, 3)
    s.apply("yes")
    assert s._stack[-1] == (D_ROW, GREEN)
    assert labels(s) == ["row prestige", "row deniers", "row resources", "row buildings"]
    s.apply("row resources")
    assert stopped(s) and s.cubes(GREEN) == cubes(food=1)
