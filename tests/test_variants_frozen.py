"""``frozen.record`` behaves as ``dataclass(frozen=True)`` on every model class.

Each constraint of the shared puzzle files (and each puzzle) is made again through a
twin class, the same class body through ``dataclass(frozen=True)``, and the two are
compared: ``__init__`` by position and by keyword, defaults, ``repr``, equality, hash,
assignment and deletion refused, ``replace``, ``fields`` and a pickle round trip.
"""

from __future__ import annotations

import dataclasses
import json
import pickle
from pathlib import Path

import pytest

from sudoku_cp.variants import formats
from sudoku_cp.variants.frozen import record
from sudoku_cp.variants.model import TYPES, VariantPuzzle

DATA = Path("/work/shared/data/variants")
LEAVE = {"__dict__", "__weakref__", "__dataclass_fields__", "__dataclass_params__",
         "__match_args__", "_record_fields", "_record_defaults", "__init__", "__repr__",
         "__eq__", "__hash__", "__setattr__", "__delattr__"}


def twin(cls):
    """``cls``'s class body through ``dataclass(frozen=True)``."""
    body = {k: v for k, v in cls.__dict__.items() if k not in LEAVE}
    return dataclasses.dataclass(frozen=True)(type(cls.__name__, (), body))


def values(obj) -> list:
    return [getattr(obj, f.name) for f in dataclasses.fields(obj)]


def same(ours, theirs) -> None:
    """``ours`` (a record) and ``theirs`` (its twin's instance) behave alike."""
    names = [f.name for f in dataclasses.fields(theirs)]
    assert [f.name for f in dataclasses.fields(ours)] == names
    assert values(ours) == values(theirs)
    assert repr(ours) == repr(theirs)
    assert hash(ours) == hash(theirs)
    assert ours == type(ours)(*values(ours)) and not ours != type(ours)(*values(ours))
    assert ours == type(ours)(**dict(zip(names, values(ours))))
    assert ours != theirs and ours.__eq__(theirs) is NotImplemented  # another class
    assert dataclasses.asdict(ours) == dataclasses.asdict(theirs)
    assert pickle.loads(pickle.dumps(ours)) == ours
    assert dataclasses.replace(ours) == ours
    for name in names:
        with pytest.raises(dataclasses.FrozenInstanceError, match=name):
            setattr(ours, name, None)
        with pytest.raises(dataclasses.FrozenInstanceError, match=name):
            delattr(ours, name)
    for i, name in enumerate(names):  # each field changed alone: unequal, like the twin's
        other = list(values(theirs))
        other[i] = ("changed",)
        try:
            changed_theirs = type(theirs)(*other)
        except Exception:  # (a __post_init__ that refuses the value)
            continue
        changed_ours = type(ours)(*other)
        assert (changed_ours == ours) == (changed_theirs == theirs)
        assert repr(changed_ours) == repr(changed_theirs)


def puzzles():
    found = []
    for name in ("iss.jsonl", "fpuzzles.jsonl"):
        path = DATA / name
        if path.exists():
            for line in path.open(encoding="utf-8"):
                if line.strip():
                    found.append(json.loads(line)["puzzle"])
    return found


def test_every_model_class_is_a_record():
    for cls in [VariantPuzzle, *TYPES.values()]:
        assert "_record_fields" in cls.__dict__, cls.__name__
        assert dataclasses.is_dataclass(cls)


@pytest.mark.skipif(not DATA.exists(), reason="the shared data is not on this machine")
def test_shared_puzzles_behave_as_frozen_dataclasses():
    texts = puzzles()
    assert len(texts) > 50
    seen = set()
    for text in texts:
        puzzle = formats.read_entry(text).puzzle
        if puzzle is None:
            continue
        same(puzzle, twin(VariantPuzzle)(*values(puzzle)))
        for c in puzzle.constraints:
            seen.add(type(c))
            same(c, twin(type(c))(*values(c)))
    assert len(seen) > 20


def test_defaults_post_init_and_errors():
    p = VariantPuzzle(4)
    assert p.cols == 4 and values(p) == values(twin(VariantPuzzle)(4))  # __post_init__ ran
    assert p == VariantPuzzle(4, "default", None, (), (), ())
    with pytest.raises(TypeError):
        VariantPuzzle()
    with pytest.raises(TypeError):
        VariantPuzzle(4, sizes=4)
    with pytest.raises(TypeError):
        TYPES["killer_cage"]((0, 1), 3, 4)


def test_a_class_record_cannot_take_goes_to_dataclass():
    @record
    class Listed:
        """A field with a factory."""
        items: list = dataclasses.field(default_factory=list)

    assert "_record_fields" not in Listed.__dict__
    assert Listed() == Listed() and Listed().items == []
    with pytest.raises(dataclasses.FrozenInstanceError):
        Listed().items = [1]

    @record
    class Plain:
        """Two fields, one with a default."""
        a: int
        b: tuple = ()

    assert "_record_fields" in Plain.__dict__
    assert Plain(1) == Plain(a=1, b=()) and Plain(1) != Plain(2) and repr(Plain(1)).endswith("Plain(a=1, b=())")
    assert {Plain(1): 0}[Plain(1, ())] == 0
