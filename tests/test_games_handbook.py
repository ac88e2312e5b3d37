"""The hand book (games.handbook): nights, merging hands sent again, money per hand, the
night's ledger and settle-up, lifetime totals, the export."""

from __future__ import annotations

from games.handbook import (
    NIGHT_GAP_MS,
    export_json,
    ledger_of,
    nights,
    place,
    place_all,
    pot,
    rooms,
    row_key,
    to_row,
    took_part,
    totals,
    totals_by_room,
    your_chips,
    your_net,
)
from room.export import load_history
from rules.ledger import Transfer

HOUR = 60 * 60 * 1000
T0 = 1_790_000_000_000  # some evening, in ms


def table(no, net, *, commitment=None, you_seat=1, tournament=None, pots=None, names=None):
    """A table hand's record as a viewer keeps it (only the fields the book reads)."""
    ids = list(net)
    names = names or {pid: pid.upper() for pid in ids}
    rec = {"hand_no": no, "game": "holdem", "commitment": commitment or f"deal-{no}",
           "tournament": tournament,
           "seats": [{"seat": i + 1, "id": pid, "name": names[pid], "stack": 100,
                      "dealt_in": True} for i, pid in enumerate(ids)],
           "pots": pots if pots is not None else [{"amount": sum(v for v in net.values()
                                                                 if v > 0) * 2}],
           "net": dict(net), "boards": [["Ah", "Kd", "2c"]]}
    if you_seat is not None:
        rec["you"] = {"seat": you_seat, "hole": ["As", "Ad"]}
    return rec


def ultimate(no, nets, bank=None, board=("2c", "3d", "4h", "5s", "7c")):
    return {"hand_no": no, "game": "ultimate", "base_cents": 100, "board1": list(board),
            "board2": ["Ah", "Ad", "Ac", "Kd", "Kh"], "bank_net_cents": bank,
            "players": [{"id": pid, "name": pid.title(), "net_cents": c, "hole": []}
                        for pid, c in nets.items()]}


def keep(rows, room, rec, player, at, chip=None):
    row = place(rows, room, rec, player, at, chip)
    assert row is not None
    return [r for r in rows if r["key"] != row["key"]] + [row]


def test_a_night_is_a_rooms_run_of_hands_without_a_long_gap():
    rows = keep([], "ROOMAAA", table(1, {"a": 5, "b": -5}), "a", T0)
    rows = keep(rows, "ROOMAAA", table(2, {"a": 5, "b": -5}), "a", T0 + 2 * HOUR)
    # exactly the gap after the last hand: still the same night
    rows = keep(rows, "ROOMAAA", table(3, {"a": 5, "b": -5}), "a", T0 + 2 * HOUR + NIGHT_GAP_MS)
    # another room's hand meanwhile starts that room's own night
    rows = keep(rows, "ROOMBBB", table(1, {"a": 5, "b": -5}), "a", T0 + 3 * HOUR)
    # one millisecond more than the gap: a new night
    late = T0 + 2 * HOUR + 2 * NIGHT_GAP_MS + 1
    rows = keep(rows, "ROOMAAA", table(4, {"a": 5, "b": -5}), "a", late)
    got = [(n.room, n.night, [r["hand_no"] for r in n.rows]) for n in nights(rows)]
    assert got == [("ROOMAAA", late, [4]), ("ROOMBBB", T0 + 3 * HOUR, [1]),
                   ("ROOMAAA", T0, [3, 2, 1])]
    assert [n.night for n in nights(rows, "ROOMAAA")] == [late, T0]
    assert rooms(rows) == ["ROOMAAA", "ROOMBBB"]
    assert rows[0]["key"] == row_key("ROOMAAA", T0, 1) == f"ROOMAAA/{T0:013d}/00000001"


def test_a_hand_sent_again_is_merged_whatever_the_night():
    rec = table(7, {"a": 10, "b": -10})
    rows = keep([], "ROOMAAA", rec, "a", T0, chip=2)
    assert place(rows, "ROOMAAA", dict(rec), "a", T0 + HOUR, 2) is None  # unchanged: nothing
    # the same deal again the next day (a reload into a room still at that hand's results)
    renamed = table(7, {"a": 10, "b": -10}, names={"a": "Ann", "b": "Bo"})
    again = place(rows, "ROOMAAA", renamed, "a", T0 + 30 * HOUR, 2)
    assert again is not None
    assert (again["key"], again["at"], again["night"]) == (rows[0]["key"], T0, T0)
    assert again["record"]["seats"][0]["name"] == "Ann"  # the newest copy of the record


def test_a_hand_number_dealt_again_is_another_hand():
    rows = keep([], "ROOMAAA", table(1, {"a": 10, "b": -10}, commitment="x"), "a", T0)
    # the same night, the host dealt hand 1 again (reloaded from an older save): later deal kept
    redealt = place(rows, "ROOMAAA", table(1, {"a": -3, "b": 3}, commitment="y"), "a", T0 + HOUR)
    assert redealt is not None and redealt["key"] == rows[0]["key"]
    assert redealt["record"]["commitment"] == "y"
    # a week later the room's numbers start again: a new hand in a new night
    week = place(rows, "ROOMAAA", table(1, {"a": 1, "b": -1}, commitment="z"), "a",
                 T0 + 7 * 24 * HOUR)
    assert week is not None and week["key"] != rows[0]["key"]
    assert week["night"] == T0 + 7 * 24 * HOUR


def test_money_per_hand():
    rows = keep([], "ROOMAAA", table(1, {"a": 30, "b": -30}), "a", T0, chip=25)
    assert (your_net(rows[0]), your_chips(rows[0]), pot(rows[0])) == (750, 30, 60 * 25)
    tourney = keep([], "ROOMAAA", table(2, {"a": -30, "b": 30}, tournament="t1"), "a", T0)[0]
    assert (your_net(tourney), your_chips(tourney), pot(tourney)) == (None, -30, None)
    solo = keep([], "ROOMAAA", ultimate(3, {"a": -200}, bank=200), "a", T0)[0]
    assert (your_net(solo), pot(solo)) == (-200, 200)
    three = keep([], "ROOMAAA", ultimate(4, {"a": 600, "b": -400, "c": -200}), "b", T0)[0]
    assert (your_net(three), pot(three)) == (-400, 600)


def test_the_viewer_is_known_from_the_record_or_the_page():
    rec = table(1, {"a": 5, "b": -5}, you_seat=2)
    assert place([], "ROOMAAA", rec, "", T0)["player"] == "b"  # seat 2 is b's
    assert took_part(rec, "")
    assert not took_part(table(1, {"a": 5, "b": -5}, you_seat=None), "a")  # not dealt in
    assert took_part(ultimate(1, {"a": 5, "b": -5}), "b")
    assert not took_part(ultimate(1, {"a": 5, "b": -5}), "c")
    assert not took_part(ultimate(1, {"a": 5, "b": -5}), "")


def test_the_nights_ledger_settles_up_by_the_rooms_rule():
    rows = keep([], "ROOMAAA", table(1, {"a": 40, "b": -10, "c": -30}), "a", T0, chip=10)
    rows = keep(rows, "ROOMAAA", ultimate(2, {"a": -100, "b": 250, "c": -150}), "a", T0 + HOUR)
    rows = keep(rows, "ROOMAAA", table(3, {"a": 5, "b": -5}, tournament="t"), "a", T0 + 2 * HOUR)
    bad = table(4, {"a": 50, "b": -10})  # does not add up: moves nothing
    rows = keep(rows, "ROOMAAA", bad, "a", T0 + 3 * HOUR, chip=10)
    book = ledger_of(nights(rows)[0].rows)
    led = book.ledger
    # by hand: a 400 - 100 = 300, b -100 + 250 = 150, c -300 - 150 = -450
    assert led.balances == {"a": 300, "b": 150, "c": -450}
    assert book.skipped == 2
    assert led.settle_up() == [Transfer("c", "a", 300), Transfer("c", "b", 150)]
    assert [led.describe(t) for t in led.settle_up()] == ["C pays A $3", "C pays B $1.50"]


def test_lifetime_totals_per_room_and_across_rooms():
    rows = keep([], "ROOMAAA", table(1, {"a": 40, "b": -40}), "a", T0, chip=1)
    rows = keep(rows, "ROOMAAA", table(2, {"a": -15, "b": 15}), "a", T0 + 20 * HOUR, chip=1)
    rows = keep(rows, "ROOMBBB", ultimate(1, {"a": -100, "z": 100}), "a", T0 + HOUR)
    rows = keep(rows, "ROOMCCC", ultimate(1, {"a": -100, "z": 100}), "", T0 + 2 * HOUR)
    assert totals(rows) == type(totals(rows))(hands=4, nights=4, net_cents=40 - 15 - 100,
                                              counted=3)
    by_room = totals_by_room(rows)
    assert list(by_room) == ["ROOMAAA", "ROOMCCC", "ROOMBBB"]  # played in last first
    assert (by_room["ROOMCCC"].net_cents, by_room["ROOMCCC"].counted) == (0, 0)  # not known
    assert (by_room["ROOMAAA"].hands, by_room["ROOMAAA"].nights,
            by_room["ROOMAAA"].net_cents) == (2, 2, 25)
    assert by_room["ROOMBBB"].net_cents == -100


def test_moving_an_old_store_places_hands_by_their_deal_time():
    old = [table(2, {"a": 1, "b": -1}), table(1, {"a": 1, "b": -1}), ultimate(3, {"a": 2, "b": -2})]
    old[0]["started_ms"], old[1]["started_ms"] = T0 + HOUR, T0
    moved = place_all([], "ROOMAAA", old, "", now_ms=T0 + 30 * HOUR, deal_time=True)
    by_no = {r["hand_no"]: r for r in moved}
    assert (by_no[1]["night"], by_no[2]["night"]) == (T0, T0)
    assert by_no[3]["night"] == by_no[3]["at"] == T0 + 30 * HOUR  # no time kept: moved now
    assert by_no[1]["player"] == "a" and by_no[3]["player"] == ""
    again = place_all(moved, "ROOMAAA", old, "", now_ms=T0 + 31 * HOUR, deal_time=True)
    assert again == []  # done once
    # hands kept as they come are placed by this browser's clock, whatever the host's says
    live = place_all([], "ROOMAAA", old, "a", now_ms=T0 + 30 * HOUR)
    assert {(r["night"], r["at"]) for r in live} == {(T0 + 30 * HOUR, T0 + 30 * HOUR)}


def test_the_export_keeps_every_hand_and_reads_back():
    rows = keep([], "ROOMAAA", table(1, {"a": 1, "b": -1}), "a", T0, chip=3)
    rows = keep(rows, "ROOMBBB", ultimate(1, {"a": 2, "b": -2}), "a", T0 + HOUR)
    rows = keep(rows, "ROOMAAA", table(1, {"a": 2, "b": -2}, commitment="w"), "a", T0 + 30 * HOUR)
    hands = load_history(export_json(rows))
    assert [(h["room"], h["hand_no"], h["kept_ms"]) for h in hands] == [
        ("ROOMAAA", 1, T0), ("ROOMBBB", 1, T0 + HOUR), ("ROOMAAA", 1, T0 + 30 * HOUR)]
    assert hands[0]["chip_cents"] == 3 and hands[0]["net"] == {"a": 1, "b": -1}


def test_a_stored_row_is_read_back_or_skipped():
    row = keep([], "ROOMAAA", table(1, {"a": 1, "b": -1}), "a", T0, chip=3)[0]
    assert to_row(dict(row)) == row
    assert to_row({**row, "key": "ROOMAAA/x"}) is None  # a key that does not match its parts
    assert to_row({**row, "record": 5}) is None
    assert to_row("text") is None
    assert to_row({k: v for k, v in row.items() if k != "night"}) is None
