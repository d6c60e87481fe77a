"""CNF encoders of global rules added by ISS (``encode_cnf.ENCODERS`` takes them in):
anti-taxicab, global mod 3, global entropy, Dutch flatmates.

- *anti-taxicab*: a binary clause per pair of cells ``d`` steps apart: not both ``d``;
- *global mod / entropy*: per 2x2 square and class of values, one clause "some cell of
  the square holds a value of the class";
- *Dutch flatmates*: per cell, "not the middle value, or the lowest above, or the
  highest below".
- *chess* (dclamage's leaper rule) and *knightmare*: a binary clause per pair of cells a
  move apart and pair of values they may not hold together.
"""

from __future__ import annotations

from .model import KNIGHT, leaper_steps, neighbours


def squares(n):
    """The cells of every 2x2 square of an ``n`` x ``n`` grid."""
    for r in range(n - 1):
        for col in range(n - 1):
            yield (r * n + col, r * n + col + 1, (r + 1) * n + col, (r + 1) * n + col + 1)


def _anti_taxicab(enc, c, k):
    n = enc.puzzle.size
    for a in range(n * n):
        ra, ca = divmod(a, n)
        for b in range(a + 1, n * n):
            d = abs(ra - b // n) + abs(ca - b % n)
            if d in enc.x[a]:
                enc.add([-enc.x[a][d], -enc.x[b][d]])


def _every_class(classify):
    def encode_squares(enc, c, k):
        classes = {}
        for v in enc.values:
            classes.setdefault(classify(enc, v), []).append(v)
        for square in squares(enc.puzzle.size):
            for group in classes.values():
                enc.add([enc.x[x][v] for x in square for v in group])
    return encode_squares


def _third(enc, v):
    return (v - enc.values[0]) * 3 // len(enc.values)


def _dutch_flatmates(enc, c, k):
    n, values = enc.puzzle.size, enc.values
    lo, hi = values[0], values[-1]
    middle = values[(len(values) + 1) // 2 - 1]
    for x in range(n * n):
        mates = ([enc.x[x - n][lo]] if x >= n else []) + ([enc.x[x + n][hi]] if x + n < n * n else [])
        enc.add([-enc.x[x][middle], *mates])


ENCODERS = {
    "anti_taxicab": _anti_taxicab,
    "global_mod": _every_class(lambda enc, v: v % 3),
    "global_entropy": _every_class(_third),
    "dutch_flatmates": _dutch_flatmates,
}


def _chess(enc, c, k):
    p = enc.puzzle
    ruled = set(c.cells)
    for a in range(p.num_cells):
        for b in neighbours(p, a, leaper_steps(c.moves)):
            if a < b and (not ruled or a in ruled or b in ruled):
                for v in (c.values or enc.values):
                    if v in enc.x[a]:
                        enc.add([-enc.x[a][v], -enc.x[b][v]])


def _knightmare(enc, c, k):
    p = enc.puzzle
    for a in range(p.num_cells):
        for b in neighbours(p, a, KNIGHT):
            if a < b:
                for u in enc.values:
                    for w in enc.values:
                        if u + w in c.sums:
                            enc.add([-enc.x[a][u], -enc.x[b][w]])


ENCODERS.update({"chess": _chess, "knightmare": _knightmare})
