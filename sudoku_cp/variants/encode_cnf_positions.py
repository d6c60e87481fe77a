"""CNF encoders of rules that depend on positions along a line (``encode_cnf.ENCODERS``
takes them in): indexing, value indexing, hidden skyscrapers, sum lines, lunchboxes.

- *indexing*: ``control = k -> the k-th cell holds the value`` (a binary clause per k);
  *value indexing*: the same with the value a third cell's (ternary clauses);
- *hidden skyscraper*: "the prefix up to i increases" literals, and one "the first hidden
  skyscraper is at i" literal per position, at least one of them true, each implying
  the increasing prefix before it, the value at i and a larger value at i - 1;
- *sum line*: an automaton unrolled along the line: one-hot states "partial sum of the
  current run" per position, reset at the total, forward and backward support clauses;
  a loop starts and ends in the same state;
- *lunchbox*: a house, and the sandwich of the line's own extremes ("position i holds
  the smallest / largest value" literals, exactly one of each, and for each pair of
  positions the partial sums of the cells between them, guarded by the pair).
"""

from __future__ import annotations

from .encode_cnf_sums import _lunchbox as sandwich_of_extremes


def _indexing(enc, c, k):
    target = c.value
    for v, lit in enc.x[c.cell].items():
        if 1 <= v <= len(c.cells) and target in enc.x[c.cells[v - 1]]:
            enc.add([-lit, enc.x[c.cells[v - 1]][target]])
        else:
            enc.add([-lit])


def _value_indexing(enc, c, k):
    first, control, rest = c.cells[0], c.cells[1], c.cells[2:]
    for n, lit in enc.x[control].items():
        if not 1 <= n <= len(rest):
            enc.add([-lit])
            continue
        for v, has in enc.x[first].items():
            enc.add([-lit, -has, enc.x[rest[n - 1]][v]])


def _hidden_skyscraper(enc, c, k):
    line, t = c.cells, c.value
    increasing = [None]  # increasing[i]: the values of line[0..i] strictly increase
    for i in range(1, len(line)):
        inc = enc.aux("hidden_inc", k, i)
        if increasing[-1] is not None:
            enc.add([-inc, increasing[-1]])
        for a, xa in enc.x[line[i - 1]].items():
            for b, xb in enc.x[line[i]].items():
                if b <= a:
                    enc.add([-inc, -xa, -xb])
        increasing.append(inc)
    first = []
    for i in range(1, len(line)):
        if t not in enc.x[line[i]]:
            continue
        here = enc.aux("hidden_at", k, i)
        first.append(here)
        enc.add([-here, enc.x[line[i]][t]])
        enc.add([-here, *(x for v, x in enc.x[line[i - 1]].items() if v > t)])
        if increasing[i - 1] is not None:
            enc.add([-here, increasing[i - 1]])
    enc.add(first)


def run_states(values, total):
    """The partial sums a run may be at (0 .. total - 1) and the step ``(s, v) -> s'``
    (None where ``s + v`` passes ``total``)."""
    states = list(range(max(total, 1)))

    def step(s, v):
        t = s + v
        return 0 if t == total else t if 0 <= t < total else None
    return states, step


def _sum_line(enc, c, k):
    line = c.cells
    states, step = run_states(enc.values, c.total)
    layer = [{s: enc.aux("sum_line", k, i, s) for s in states} for i in range(len(line) + 1)]
    for states_i in layer:
        enc.exactly_one(list(states_i.values()))
    if c.loop:
        for s in states:
            enc.add([-layer[0][s], layer[-1][s]])
            enc.add([layer[0][s], -layer[-1][s]])
    else:
        enc.add([layer[0][0]])
        enc.add([layer[-1][0]])
    for i, cell in enumerate(line):
        for s, here in layer[i].items():
            for v, xv in enc.x[cell].items():
                nxt = step(s, v)
                enc.add([-here, -xv] + ([layer[i + 1][nxt]] if nxt is not None else []))
        for s2, there in layer[i + 1].items():  # a state needs a state and value before it
            enc.add([-there, *(enc.aux("sum_line_move", k, i, s, v)
                               for s in states for v in enc.x[cell] if step(s, v) == s2)])
        for s in states:
            for v, xv in enc.x[cell].items():
                nxt = step(s, v)
                if nxt is not None:
                    move = enc.aux("sum_line_move", k, i, s, v)
                    enc.add([-move, layer[i][s]])
                    enc.add([-move, xv])
                    enc.add([move, -layer[i][s], -xv])


def _lunchbox(enc, c, k):
    """ISS's lunchbox: distinct values, and the sandwich of the line's own extremes
    (``encode_cnf_sums._lunchbox``, which a sandwich on a short line uses too)."""
    enc.differ(c.cells)
    sandwich_of_extremes(enc, c, k)


ENCODERS = {
    "indexing": _indexing,
    "value_indexing": _value_indexing,
    "hidden_skyscraper": _hidden_skyscraper,
    "sum_line": _sum_line,
    "lunchbox": _lunchbox,
}
