"""Frozen records without a compile per class: ``dataclass(frozen=True)``'s behaviour
for the variant model's many small classes, at a fraction of its import cost.

``dataclass(frozen=True)`` writes the source of six methods per class (``__init__``,
``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``, ``__delattr__``) and compiles
each: about 1 ms a class, and the model's ~75 classes made that most of its import,
which every variant check pays before its first paradigm starts (docs/variants_speed.md,
nineteenth round). ``record`` lets ``dataclass`` only collect the fields; ``__repr__``,
``__setattr__`` and ``__delattr__`` are shared by every record (they read the field
names the class keeps), and ``__init__``, ``__eq__`` and ``__hash__`` are written as
``dataclass`` writes them and compiled together the first time the class is used (a
puzzle uses a few types of the ~75), so an instance, a comparison and a hash cost what
they did.

The same behaviour as ``dataclass(frozen=True)``: the same ``__init__`` (parameters,
defaults, ``__post_init__``), ``repr``, equality (same class, fields equal), hash (of
the fields), ``FrozenInstanceError`` on assignment or deletion; ``dataclasses.fields``,
``replace`` and ``asdict`` work. A class ``record`` cannot take as simply (a
``default_factory``, a field left out of ``__init__``, ``repr``, comparison or the hash,
keyword-only or ``InitVar`` fields, ``__slots__``, no docstring, a method of its own
among the six) is handed to ``dataclass(frozen=True)`` itself. What differs:
``__dataclass_params__`` does not say ``frozen``, and ``inspect.signature`` shows
``(*args, **kwargs)`` until the first instance.

>>> @record
... class Dot:
...     '''Two cells whose values differ by ``difference``.'''
...     cells: tuple
...     difference: int = 1
>>> d = Dot((0, 1))
>>> d, d == Dot((0, 1), 1), hash(d) == hash(Dot((0, 1))), d == Dot((0, 1), 2)
(Dot(cells=(0, 1), difference=1), True, True, False)
>>> d.difference = 2
Traceback (most recent call last):
...
dataclasses.FrozenInstanceError: cannot assign to field 'difference'
"""

from __future__ import annotations

import dataclasses
import reprlib
from dataclasses import MISSING, FrozenInstanceError

_SHARED = ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__")


def record(cls):
    """``dataclass(frozen=True)(cls)``, the methods shared instead of compiled per class."""
    if not _simple(cls):
        return dataclasses.dataclass(frozen=True)(cls)
    made = dataclasses.dataclass(init=False, repr=False, eq=False)(cls)
    spec = dataclasses.fields(made)
    made._record_fields = tuple(f.name for f in spec)
    made._record_defaults = {f.name: f.default for f in spec if f.default is not MISSING}
    made.__init__ = _first_init
    made.__repr__ = _repr
    made.__eq__ = _first_eq
    made.__hash__ = _first_hash
    made.__setattr__ = _setattr
    made.__delattr__ = _delattr
    return made


def _simple(cls) -> bool:
    """Whether ``record`` takes ``cls``: a docstring, no base class, no ``__slots__``, none
    of the six methods of its own, and fields that are only annotations with at most a
    plain default (no ``field(...)``, ``InitVar`` or ``KW_ONLY``)."""
    own = cls.__dict__
    notes = own.get("__annotations__", {})
    return (bool(cls.__doc__) and cls.__bases__ == (object,) and "__slots__" not in own
            and not any(name in own for name in _SHARED)
            and not any(isinstance(value, dataclasses.Field) for value in own.values())
            and not any(("InitVar" in str(note) or "KW_ONLY" in str(note))
                        for note in notes.values()))


def _owner(obj) -> type:
    """The record class whose methods ``obj`` uses (its class, or the record it derives from)."""
    return next(c for c in type(obj).__mro__ if "_record_fields" in c.__dict__)


def _first_init(self, *args, **kwargs):
    """The class's first call: compile its methods, keep them on the class, call it."""
    _compile(_owner(self)).__init__(self, *args, **kwargs)


def _first_eq(self, other):
    """(An instance made without ``__init__``, e.g. unpickled, before the first call.)"""
    return _compile(_owner(self)).__eq__(self, other)


def _first_hash(self) -> int:
    return _compile(_owner(self)).__hash__(self)


def _compile(cls) -> type:
    """Give ``cls`` the ``__init__``, ``__eq__`` and ``__hash__`` that ``dataclass(frozen=True)``
    writes for its fields, compiled together (once: a later call finds them there)."""
    if cls.__dict__["__init__"] is not _first_init:
        return cls
    names, defaults = cls._record_fields, cls._record_defaults
    params = ", ".join(["self"] + [f"{n}=_default_{n}" if n in defaults else n for n in names])
    body = [f"  _set(self, {n!r}, {n})" for n in names]
    if hasattr(cls, "__post_init__"):
        body.append("  self.__post_init__()")
    mine = "".join(f"self.{n}," for n in names)
    theirs = "".join(f"other.{n}," for n in names)
    source = (f"def __init__({params}):\n" + ("\n".join(body) or "  pass") + "\n"
              f"def __eq__(self, other):\n"
              f"  if other.__class__ is self.__class__:\n"
              f"    return ({mine}) == ({theirs})\n"
              f"  return NotImplemented\n"
              f"def __hash__(self):\n"
              f"  return hash(({mine}))\n")
    space = {"_set": object.__setattr__, **{f"_default_{n}": v for n, v in defaults.items()}}
    exec(source, space)  # noqa: S102 (our own source, from the field names)
    for name in ("__eq__", "__hash__", "__init__"):  # (__init__ last: it marks them done)
        method = space[name]
        method.__qualname__ = f"{cls.__qualname__}.{name}"
        setattr(cls, name, method)
    return cls


@reprlib.recursive_repr()
def _repr(self) -> str:
    inner = ", ".join(f"{n}={getattr(self, n)!r}" for n in self._record_fields)
    return f"{type(self).__qualname__}({inner})"


def _setattr(self, name, value):
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _delattr(self, name):
    raise FrozenInstanceError(f"cannot delete field {name!r}")
