"""``ShapeCache``: per-shape state, bounded.

Backends, the search tables and the logic engine build something per board shape (a
formula, a model, tables of peers). A batch of variants makes every extra-house set a
shape of its own, so an unbounded cache grows without end (a soak run reached 24 GB
before these caches were bounded); this is the one bounded cache they all use.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Callable, Generic, Hashable, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class ShapeCache(Generic[K, V]):
    """A bounded map from a geometry (or any key) to what is built for it, least recently
    used out first. Every backend and the logic engine keep per-shape state in one of
    these, so that a batch of variants, each a geometry of its own, cannot grow memory
    without bound.

    >>> built = ShapeCache(lambda n: [0] * n, size=2)
    >>> built(3), built(4), len(built(5)), len(built)
    ([0, 0, 0], [0, 0, 0, 0], 5, 2)
    >>> 3 in built
    False
    """

    def __init__(self, build: Callable[[K], V], size: int = 16) -> None:
        if size < 1:
            raise ValueError("a ShapeCache keeps at least one entry")
        self.build, self.size = build, size
        self._items: OrderedDict[K, V] = OrderedDict()

    def __call__(self, key: K) -> V:
        items = self._items
        value = items.get(key)
        if value is None:
            value = self.build(key)
            items[key] = value
            if len(items) > self.size:
                items.popitem(last=False)
        elif next(reversed(items)) is not key:
            items.move_to_end(key)
        return value

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def __len__(self) -> int:
        return len(self._items)

    def clear(self) -> None:
        self._items.clear()
