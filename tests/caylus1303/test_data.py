"""The Caylus 1303 tables (data.py, actions.py) against the rulebooks and the reference
(the compiled component reference).

Costs and PP printed only as icons come from the reference (sections 3-7); where the rulebook says something
in words (effects, counts, the Theatre's 12 PP and favour), the test cites it.
"""

from __future__ import annotations

from collections import Counter

import pytest

from masterbuilder import GAMES
from masterbuilder.games.caylus1303 import actions as A
from masterbuilder.games.caylus1303.data import (
    ANY_RES,
    BUNDLE_PP,
    BUNDLES,
    CHARACTERS,
    END_PP_PER,
    HOUSES,
    MONUMENT_TILES,
    PRINTED_TILES,
    RECOMMENDED,
    RECRUITMENT,
    ROUNDS,
    SLOT_ROUNDS,
    START_RES,
    START_TILES,
    START_WORKERS,
    STONE_TILES,
    STONEMASON,
    TILE_BY_KEY,
    TILES,
    WOOD_TILES,
    WORKERS_TOTAL,
    Char,
    Effect,
    Family,
    Get,
    Offer,
    Pay,
    Res,
    Res5,
    Side,
    is_standard_bundle,
    res,
)

F, W, S, C, G = Res.FOOD, Res.WOOD, Res.STONE, Res.CLOTH, Res.GOLD


def by_key(key: str) -> int:
    return TILE_BY_KEY[key]


def gain(r: Res5 = (0, 0, 0, 0, 0), workers: int = 0, pp: int = 0) -> Side:
    return Side(Effect.GAIN, gain=r, workers=workers, pp=pp)


def trade(*offers: Offer) -> Side:
    return Side(Effect.TRADE, offers=offers)


# ---- tiles: identity ---------------------------------------------------------------------------------
def test_every_tile_id_is_its_index_and_every_key_is_unique() -> None:
    # rules: Caylus 1303, "Inhalt" — 34 building tiles (9 start, 9 wood, 9 stone, 7 monuments) plus the 5
    # buildings printed on the board; each tile is one object, so ids and keys must name exactly one tile
    assert [t.id for t in TILES] == list(range(len(TILES)))
    assert len(TILES) == 5 + 9 + 9 + 9 + 7
    assert len({t.key for t in TILES}) == len(TILES)
    assert all(TILES[TILE_BY_KEY[t.key]] is t for t in TILES)


def test_the_family_tables_partition_the_tiles() -> None:
    # rules: Caylus 1303, "Inhalt" — 9 start buildings, 9 wood, 9 stone, 7 monuments
    groups = (PRINTED_TILES, START_TILES, WOOD_TILES, STONE_TILES, MONUMENT_TILES)
    assert [len(g) for g in groups] == [5, 9, 9, 9, 7]
    assert [len(set(g)) for g in groups] == [5, 9, 9, 9, 7]  # no tile listed twice
    assert sorted(t for g in groups for t in g) == list(range(len(TILES)))
    families = (Family.PRINTED, Family.START, Family.WOOD, Family.STONE, Family.MONUMENT)
    for group, family in zip(groups, families, strict=True):
        assert all(TILES[t].family is family for t in group)


# ---- printed and start buildings -----------------------------------------------------------------------
def test_the_printed_buildings_before_the_bridge() -> None:
    # rules: Caylus 1303, "Phase 2 – Aktivierung" a)-e): Jahrmarkt, Notar, Zimmermann, Zoll, Gildenbrücke
    names = [TILES[t].name for t in PRINTED_TILES]
    assert names == ["Fair", "Notary", "Carpenter", "Toll", "Guilds Bridge"]
    effects = [TILES[t].built.effect for t in PRINTED_TILES]
    assert effects == [Effect.FAIR, Effect.NOTARY, Effect.CARPENTER, Effect.TOLL, Effect.BRIDGE]


def test_nine_start_buildings_two_farms_and_two_markets() -> None:
    # rules: Caylus 1303, "Phase 2" f) Startgebäude — 7 effects on 9 tiles; reference section 3: two Farms
    # (1 food) and two Markets
    sides = Counter(TILES[t].built for t in START_TILES)
    assert sides[gain(res(food=1))] == 2  # Farm
    assert sides[Side(Effect.SELL_WORKER)] == 2  # Market
    assert sides[gain(res(wood=1))] == 1  # Sawmill
    assert sides[gain(res(stone=1))] == 1  # Quarry
    assert sides[Side(Effect.CARPENTER)] == 1
    assert sides[trade(Offer(Pay.ANY, 1, Get.WORKERS, 3))] == 1  # 1 any resource: 3 workers
    assert sides[trade(Offer(Pay.RES, 1, Get.WORKERS, 4, S))] == 1  # 1 stone: 4 workers
    assert sum(sides.values()) == 9
    assert [TILES[t].name for t in START_TILES].count("Farm") == 2
    assert [TILES[t].name for t in START_TILES].count("Market") == 2
    for t in START_TILES:  # the start side is also what a favour uses from the construction site
        assert TILES[t].setup == TILES[t].built


# ---- wood buildings ------------------------------------------------------------------------------------
WOOD = {
    # key: cost, any, PP, construction side, setup side — reference section 5.1
    "covered_market": (res(wood=1), 1, 3, gain(workers=3), gain(workers=2, pp=1)),
    "market": (res(food=1, wood=1), 0, 3, Side(Effect.CHOOSE), Side(Effect.CHOOSE)),
    "manor": (res(wood=1, cloth=1), 0, 4, Side(Effect.FAVOUR), gain(pp=2)),
    "tailor": (
        res(wood=1),
        1,
        4,
        trade(Offer(Pay.RES, 1, Get.PP, 4, C), Offer(Pay.RES, 2, Get.PP, 6, C)),
        trade(Offer(Pay.RES, 1, Get.PP, 4, C), Offer(Pay.RES, 2, Get.PP, 6, C)),
    ),
    "stonemason": (res(wood=1), 1, 4, Side(Effect.STONEMASON), Side(Effect.STONEMASON)),
    "wood_farm": (res(food=1, wood=1), 0, 2, gain(res(food=2)), gain(res(food=1), pp=1)),
    "wood_sawmill": (res(food=1, wood=1), 0, 2, gain(res(wood=2)), gain(res(wood=1), pp=1)),
    "wood_quarry": (res(food=1, wood=1), 0, 2, gain(res(stone=2)), gain(res(stone=1), pp=1)),
    "spinning_mill": (res(wood=2), 0, 2, gain(res(cloth=2)), gain(res(cloth=1), pp=1)),
}


@pytest.mark.parametrize("key", sorted(WOOD))
def test_wood_building(key: str) -> None:
    # rules: Caylus 1303, "Holzgebäude" (effects); reference 5.1 (costs and PP, printed as icons)
    cost, any_res, pp, built, setup = WOOD[key]
    t = TILES[by_key(key)]
    assert t.family is Family.WOOD
    assert (t.cost, t.cost_any, t.pp) == (cost, any_res, pp)
    assert t.built == built and t.setup == setup
    assert t.owner_bonus == -1  # wood buildings give their owner only the placement PP
    assert sum(t.cost) + t.cost_any == 2


def test_the_carpenter_example_quarry_costs_two_resources_and_gives_two_pp() -> None:
    # rules: Caylus 1303, "c) Zimmermann", Beispiel — Rot baut einen Steinbruch: gibt 2 Ressourcen ab,
    # erhält sofort 2 PP
    q = TILES[by_key("wood_quarry")]
    assert sum(q.cost) == 2 and q.pp == 2


# ---- stone buildings -----------------------------------------------------------------------------------
_FOUNDRY = trade(Offer(Pay.WORKERS, 1, Get.GOLD, 1), Offer(Pay.WORKERS, 3, Get.GOLD, 2))
_ALCHEMIST = trade(Offer(Pay.ANY, 1, Get.GOLD, 1), Offer(Pay.ANY, 2, Get.GOLD, 2))
_GUILD = trade(Offer(Pay.ANY, 1, Get.WORKERS, 5))
_CHURCH = trade(Offer(Pay.WORKERS, 2, Get.PP, 4), Offer(Pay.WORKERS, 4, Get.PP, 6))
_JEWELLER = trade(Offer(Pay.RES, 1, Get.PP, 5, G), Offer(Pay.RES, 2, Get.PP, 9, G))
STONE = {
    # key: cost, any, PP, construction side, setup side, owner bonus — reference section 5.2
    "stone_farm": (res(food=1, stone=1), 0, 3, gain(res(food=2, cloth=1)), gain(res(food=1, cloth=1)), F),
    "stone_sawmill": (res(food=1, stone=1), 0, 3, gain(res(wood=2, cloth=1)), gain(res(wood=1, cloth=1)), W),
    "stone_quarry": (res(food=1, stone=1), 0, 3, gain(res(stone=2, cloth=1)), gain(res(stone=1, cloth=1)), S),
    "gold_mine": (res(food=1, stone=1), 0, 4, gain(res(gold=1)), gain(res(gold=1)), -1),
    "foundry": (res(wood=1, stone=1), 0, 5, _FOUNDRY, _FOUNDRY, -1),
    "alchemist": (res(wood=1, stone=1), 0, 5, _ALCHEMIST, _ALCHEMIST, -1),
    "stone_guild": (res(stone=1), 1, 4, _GUILD, _GUILD, -1),
    "church": (res(stone=1, cloth=1), 0, 5, _CHURCH, _CHURCH, -1),
    "jeweller": (res(wood=1, stone=1), 0, 5, _JEWELLER, _JEWELLER, -1),
}


@pytest.mark.parametrize("key", sorted(STONE))
def test_stone_building(key: str) -> None:
    # rules: Caylus 1303, "Steingebäude" (effects; the producers' owner bonus "an der Seite abgebildet");
    # reference 5.2 (costs and PP)
    cost, any_res, pp, built, setup, bonus = STONE[key]
    t = TILES[by_key(key)]
    assert t.family is Family.STONE
    assert (t.cost, t.cost_any, t.pp) == (cost, any_res, pp)
    assert t.built == built and t.setup == setup
    assert t.owner_bonus == int(bonus)
    assert t.cost[S] == 1  # every stone building costs 1 stone (the Stonemason's setup side skips it)


# ---- monuments -----------------------------------------------------------------------------------------
MONUMENTS = {
    # key: cost, PP, workers at recruitment, resources at recruitment, favour when built — reference 6
    "garden": (res(wood=1, gold=1), 4, 2, res(), False),
    "factory": (res(cloth=1, gold=1), 5, 0, res(cloth=1), False),
    "granary": (res(stone=1, gold=1), 7, 0, res(food=1), False),
    "statue": (res(stone=2, gold=1), 7, 0, res(), False),
    "theatre": (res(wood=4, gold=3), 12, 0, res(), True),
    "cathedral": (res(stone=3, gold=3), 15, 0, res(), False),
    "mansion": (res(stone=5, gold=5), 20, 0, res(), False),
}


@pytest.mark.parametrize("key", sorted(MONUMENTS))
def test_monument(key: str) -> None:
    # rules: Caylus 1303, "Phase 4" 2) and 3): the Garden +2 workers, Kornspeicher +1 food, Manufaktur
    # +1 cloth; "Wer das Theater erbaut, erhält zusätzlich zu den 12 PP sofort eine Gunst"; reference 6
    cost, pp, workers, goods, favour = MONUMENTS[key]
    t = TILES[by_key(key)]
    assert t.family is Family.MONUMENT
    assert (t.cost, t.cost_any, t.pp) == (cost, 0, pp)
    assert (t.recruit_workers, t.recruit_res, t.favour_on_build) == (workers, goods, favour)
    assert t.built.effect is Effect.NONE  # no worker ever goes on a monument


# ---- characters ----------------------------------------------------------------------------------------
def test_twelve_characters_in_table_order() -> None:
    # rules: Caylus 1303, "Inhalt" — 12 Charakterplättchen; "Die Charaktere" (German names)
    assert len(CHARACTERS) == 12 and len(Char) == 12
    assert [c.id for c in CHARACTERS] == list(range(12)) == [int(c) for c in Char]
    german = [c.german for c in CHARACTERS]
    assert german == [
        "Der Frühaufsteher",
        "Der Nachtarbeiter",
        "Die Händlerin",
        "Der Dieb",
        "Der Hofmarschall",
        "Der Gutsverwalter",
        "Die Architektin",
        "Der Fuhrmann",
        "Der Kämmerer",
        "Der Vorarbeiter",
        "Die Goldschmiedin",
        "Der Tagelöhner",
    ]
    assert [c.key for c in CHARACTERS] == [c.name.lower() for c in Char]
    assert len({c.name for c in CHARACTERS}) == 12


def test_recommended_first_game_sets() -> None:
    # rules: Caylus 1303, "Empfohlene Charaktere": 2 players Architektin, Vorarbeiter, Gutsverwalter,
    # Tagelöhner, Kämmerer; 3 + Fuhrmann; 4 + Händlerin; 5 + Frühaufsteher
    two = {Char.ARCHITECT, Char.FOREMAN, Char.BAILIFF, Char.DAY_LABORER, Char.CHAMBERLAIN}
    assert set(RECOMMENDED[2]) == two
    assert set(RECOMMENDED[3]) == two | {Char.DELIVERYMAN}
    assert set(RECOMMENDED[4]) == two | {Char.DELIVERYMAN, Char.JOURNEYMAN}
    assert set(RECOMMENDED[5]) == two | {Char.DELIVERYMAN, Char.JOURNEYMAN, Char.EARLY_RISER}
    for players in range(2, 6):
        # "Spielerhilfe — Anpassungen": Charaktere im Spiel 5 / 6 / 7 / 8
        assert len(RECOMMENDED[players]) == len(set(RECOMMENDED[players])) == players + 3


# ---- bundles -------------------------------------------------------------------------------------------
def test_thirty_five_bundles_six_of_them_standard() -> None:
    # rules: Caylus 1303, "Spielerhilfe — Lieferung": 3 unterschiedliche Ressourcen, von denen eine Nahrung
    # sein muss; "Der Kämmerer": Bündel aus 3 beliebigen Ressourcen
    assert len(BUNDLES) == 35 == len(set(BUNDLES))
    assert all(sum(b) == 3 and min(b) >= 0 for b in BUNDLES)
    standard = [b for b in BUNDLES if is_standard_bundle(b)]
    assert len(standard) == 6
    for b in standard:
        assert b[F] == 1 and max(b) == 1
    assert res(food=1, wood=1, gold=1) in standard  # gold may be part of a bundle (Goldsmith)
    assert res(food=1, wood=1, stone=1) in standard
    assert not is_standard_bundle(res(food=2, wood=1))
    assert not is_standard_bundle(res(wood=1, stone=1, cloth=1))


# ---- constants -----------------------------------------------------------------------------------------
def test_player_count_adjustments_and_limits() -> None:
    # rules: Caylus 1303, "Spielerhilfe — Anpassungen" (10/6/6/10 workers; recruitment 3/3/3/2),
    # "Beschränkte Mengen" (maximal 15 Arbeiter), "Inhalt" (10 Häuser pro Farbe), "Aufbau" (2 wood, 1 food,
    # 1 stone: reference 8.1), phase 3 (5 PP per bundle), "Spielende" (2 PP per gold), "Gunst" (slots)
    assert START_WORKERS == {2: 10, 3: 6, 4: 6, 5: 10}
    assert RECRUITMENT == {2: 3, 3: 3, 4: 3, 5: 2}
    assert WORKERS_TOTAL == 15 and HOUSES == 10 and ROUNDS == 9
    assert res(food=1, wood=2, stone=1) == START_RES
    assert BUNDLE_PP == 5
    assert END_PP_PER == (0, 0, 0, 0, 2)
    assert SLOT_ROUNDS == (1, 4, 7)
    assert ANY_RES == (F, W, S, C)  # "1 beliebige der folgenden Ressourcen": never gold
    assert TILES[STONEMASON].key == "stonemason"


# ---- the action encoding -------------------------------------------------------------------------------
def test_131_unique_labels_in_the_documented_blocks() -> None:
    assert A.NUM_ACTIONS == 131 == len(A.LABELS) == len(set(A.LABELS))
    assert (A.PASS, A.DECLINE, A.YES) == (0, 1, 2)
    assert (A.place(1), A.place(28), A.SITE) == (3, 30, 31)
    assert (A.CHAR, A.SLOT, A.BUILD, A.PAY, A.TAKE, A.MOVE) == (32, 44, 47, 72, 76, 80)
    assert (A.claim(6), A.claim(13), A.OFFER, A.BUNDLE) == (86, 93, 94, 96)
    assert A.bundle(BUNDLES[-1]) == 130
    assert (*WOOD_TILES, *STONE_TILES, *MONUMENT_TILES) == A.BUILDABLE
    assert A.LABELS[A.place(14)] == "place 14" and A.LABELS[A.SITE] == "site"
    assert A.LABELS[A.CHAR + Char.EARLY_RISER] == "early riser"
    assert A.LABELS[A.build(by_key("stone_farm"))] == "build stone farm"
    assert A.LABELS[A.bundle(res(food=1, wood=1, stone=1))] == "bundle food+wood+stone"
    assert A.LABELS[A.move(-1)] == "provost -1" and A.LABELS[A.move(3)] == "provost +3"
    assert [A.LABELS[A.SLOT + k] for k in range(3)] == ["slot 1", "slot 2", "slot 3"]
    for label in A.LABELS:
        assert label == label.strip() and label


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_registry_reports_131_distinct_actions(players: int) -> None:
    info = GAMES["caylus1303"]
    for option in ("random", "recommended"):
        assert info.num_distinct_actions(players, {"characters": option}) == 131
