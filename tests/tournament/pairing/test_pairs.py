"""tournament/pairing/_pairs.c: a `Pair` reads and writes as the dict it stands for (its model with its own "ca",
then the values set on it), whatever is done to it; the table is gacrux's shape ([i][j] is [j][i])."""

from __future__ import annotations

import sys
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament.pairing import fast_table

KEYS = ["ca", "cb", "sa", "canmeet", "played", "quality", "weight", "qc"]
NEW_KEYS = ["mode", "levels", "biweight"]
VALUES = st.one_of(st.integers(-5, 10**40), st.booleans(), st.none(), st.text(max_size=3),
                   st.dictionaries(st.sampled_from(["C6", "C7"]), st.integers(0, 3)))


def compiled() -> Any:
    module = fast_table._pairs
    assert module is not None, "tournament/pairing/_pairs.c was not built (`pip install -e .` needs a C compiler)"
    return module


def one_pair(model: dict[str, Any], ca: int) -> Any:
    """The pair (0, 1) of a two-competitor table whose pairs (0, j) read `model` but for "ca"."""
    table = compiled().pair_rows([[model, model]], [0, 0], [ca, 1])
    return table[0][1]


@given(values=st.lists(VALUES, min_size=len(KEYS), max_size=len(KEYS)), ca=st.integers(0, 3000),
       writes=st.lists(st.tuples(st.sampled_from(KEYS + NEW_KEYS), VALUES), max_size=8))
def test_a_pair_behaves_as_its_dict(values: list[Any], ca: int, writes: list[tuple[str, Any]]) -> None:
    model = dict(zip(KEYS, values, strict=True))
    pair = one_pair(model, ca)
    expected = {**model, "ca": ca}
    for key, value in writes:
        pair[key] = value
        expected[key] = value
    assert pair == expected and expected == pair and not pair != expected
    assert list(pair) == list(expected) and list(pair.keys()) == list(expected)
    assert list(pair.items()) == list(expected.items()) and list(pair.values()) == list(expected.values())
    assert len(pair) == len(expected) and pair.copy() == expected and type(pair.copy()) is dict
    for key in KEYS + NEW_KEYS + ["absent"]:
        assert (key in pair) == (key in expected)
        assert pair.get(key) == expected.get(key) and pair.get(key, "d") == expected.get(key, "d")
        if key in expected:
            assert pair[key] == expected[key]
        else:
            with pytest.raises(KeyError):
                pair[key]
    assert repr(pair) == repr(expected)
    assert model == dict(zip(KEYS, values, strict=True))  # the model shared by other pairs is never written


def test_a_pair_differs_from_another_dict_and_refuses_deletion() -> None:
    pair = one_pair({"ca": 0, "cb": 1, "weight": 0}, 7)
    assert pair != {"ca": 0, "cb": 1, "weight": 0} and pair != {"ca": 7, "cb": 1}
    assert (pair == [1]) is False
    with pytest.raises(TypeError):
        del pair["weight"]
    with pytest.raises(TypeError):
        hash(pair)
    assert pair == {"ca": 7, "cb": 1, "weight": 0}


def test_a_pair_is_32_bytes_until_a_value_is_set_on_it() -> None:
    # CPython's allocator hands out 16-byte steps: 40 bytes would take 48, 2 million pairs at 2,000 players
    pair = one_pair({"ca": 0, "cb": 1}, 3)
    assert sys.getsizeof(pair) == 32
    pair["weight"] = 2 ** 3000  # (then it holds a record of its own values)
    assert pair["weight"] == 2 ** 3000 and sys.getsizeof(pair) == 32


def test_the_table_shares_each_pair_and_reads_each_model() -> None:
    n = 5
    levels = [1, 0, 1, 0, 1]
    models = [[{"ca": 0, "cb": j, "sa": lv} for j in range(n)] for lv in range(2)]
    table = compiled().pair_rows(models, levels, list(range(n)))
    for i in range(n):
        for j in range(n):
            lo, hi = min(i, j), max(i, j)
            assert table[i][j] is table[j][i]
            assert table[i][j] == {"ca": lo, "cb": hi, "sa": levels[lo]}
    table[1][3]["weight"] = 9
    assert table[3][1]["weight"] == 9 and "weight" not in table[1][2]


@pytest.mark.parametrize(("models", "levels", "numbers"), [
    ([[{"ca": 0}]], [0, 0], [0, 1]),          # a model row shorter than the table
    ([[{"ca": 0}, {"ca": 0}]], [1, 0], [0, 1]),  # a level without models
    ([[{"ca": 0}, 5]], [0, 0], [0, 1]),        # a model that is not a dict
    ([[{"ca": 0}, {"ca": 0}]], [0, 0], [0]),   # a number short
    ([[{"ca": 0}, {"ca": 0}]], [0, 0], [0, -1]),  # a number below 0
    ([[{"ca": 0}, {"ca": 0}]], [0, 0], [0, "1"]),  # a number that is not an int
])
def test_bad_tables_are_refused(models: list[Any], levels: list[int], numbers: list[int]) -> None:
    with pytest.raises((ValueError, TypeError)):
        compiled().pair_rows(models, levels, numbers)


def test_ca_is_read_whatever_string_names_it() -> None:
    pair = one_pair({"ca": 0, "cb": 1}, 42)
    built = "".join(["c", "a"])  # not interned
    assert pair[built] == 42 and pair.get(built) == 42

    class Name(str):
        pass

    assert pair[Name("ca")] == 42
    pair[built] = 43
    assert pair["ca"] == 43 and pair == {"ca": 43, "cb": 1}


SHAREABLE = [key for key in KEYS if key != "ca"]


@given(values=st.lists(VALUES, min_size=len(KEYS), max_size=len(KEYS)),
       steps=st.lists(st.one_of(st.tuples(st.just("set"), st.sampled_from(KEYS + NEW_KEYS), VALUES),
                                st.tuples(st.just("share"), st.dictionaries(st.sampled_from(SHAREABLE), VALUES))),
                      max_size=10))
def test_shared_values_read_as_if_set_one_by_one(values: list[Any], steps: list[Any]) -> None:
    # overlay(pair, values): what fast_table.share does for the pairs rated alike, one reference for all of them
    model = dict(zip(KEYS, values, strict=True))
    pair = one_pair(model, 5)
    expected = {**model, "ca": 5}
    for step in steps:
        if step[0] == "set":
            pair[step[1]] = step[2]
            expected[step[1]] = step[2]
        else:
            shared = dict(step[1])
            compiled().overlay(pair, shared)
            expected.update(shared)
            assert compiled().overlay_of(pair) is shared and shared == step[1]  # kept, not copied nor changed
    assert pair == expected and list(pair.items()) == list(expected.items()) and len(pair) == len(expected)
    for key in KEYS + NEW_KEYS:
        assert (key in pair) == (key in expected) and pair.get(key) == expected.get(key)


def test_only_the_model_s_keys_but_ca_can_be_shared() -> None:
    pair = one_pair({"ca": 0, "cb": 1, "weight": 0}, 2)
    for values in ({"ca": 1}, {"weight": 1, "absent": 2}):
        with pytest.raises(KeyError):
            compiled().overlay(pair, values)
    assert pair == {"ca": 2, "cb": 1, "weight": 0} and compiled().overlay_of(pair) is None
    with pytest.raises(TypeError):
        compiled().overlay({"ca": 0}, {})
