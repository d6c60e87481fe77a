"""Random puzzles of the types issue 37 added, counted by ISS and by this project.

Writes JSON lines ``{"id", "puzzle"}`` (ISS strings) for ``iss_count.mjs`` with ``--write``,
or, given ISS's answers (``--answers FILE``), compares each with ``sat``'s and
``cpsat``'s count to two and, when unique, the solution. Each puzzle: a random full
grid, two to four constraints of one type read off it (a global rule as it comes) and
random givens from the grid (so most are solvable, some not unique).

    python3 benchmarks/peers/iss_types_diff.py --write 5 > /tmp/p.jsonl
    ISS=... node iss_count.mjs < /tmp/p.jsonl > /tmp/a.jsonl
    python3 benchmarks/peers/iss_types_diff.py --answers /tmp/a.jsonl --puzzles /tmp/p.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from itertools import combinations

TYPES = ("Sum", "RellikCage", "EqualityCage", "ContainExact", "ContainAtLeast", "AllDifferent",
         "AntiTaxicab", "GlobalMod", "GlobalEntropy", "DutchFlatmates", "Lunchbox", "SumLine",
         "CountingCircles", "ValueIndexing", "Indexing", "NumberedRoom", "HiddenSkyscraper",
         "EqualSum", "LookAndSay", "CountDistinct", "Pair", "PairX")


def grid9(rng):
    """A random full 9x9 grid (a pattern shuffled)."""
    def order():
        out = []
        for b in rng.sample(range(3), 3):
            out += [b * 3 + i for i in rng.sample(range(3), 3)]
        return out
    relabel, rows, cols = rng.sample(range(1, 10), 9), order(), order()
    return [relabel[(3 * (r % 3) + r // 3 + c) % 9] for r in rows for c in cols]


def cid(x):
    return f"R{x // 9 + 1}C{x % 9 + 1}"


def box_cells(rng, k):
    b = rng.randrange(9)
    box = [(b // 3 * 3 + i) * 9 + b % 3 * 3 + j for i in range(3) for j in range(3)]
    return rng.sample(box, k)


def item(rng, g, name, lo=1):
    if name == "Sum":
        cells = rng.sample(range(81), rng.randint(2, 4))
        w = [rng.choice((1, 1, 2, -1)) for _ in cells]
        total = sum(a * g[x] for a, x in zip(w, cells))
        head = f"{total}_=_{'_'.join(map(str, w))}" if set(w) != {1} else str(total)
        return f".Sum~{head}~" + "~".join(map(cid, cells))
    if name == "RellikCage":
        cells = box_cells(rng, rng.randint(2, 4))
        sums = {sum(g[x] for x in s) for k in range(1, len(cells) + 1) for s in combinations(cells, k)}
        return f".RellikCage~{rng.choice([t for t in range(1, 31) if t not in sums])}~" + "~".join(map(cid, cells))
    if name == "EqualityCage":
        for _ in range(500):
            cells = box_cells(rng, rng.choice((2, 4)))
            vals = [g[x] for x in cells]
            if (lo + 4 not in vals and 2 * sum(v % 2 == 0 for v in vals) == len(vals)
                    and 2 * sum(v < lo + 4 for v in vals) == len(vals)):
                return ".EqualityCage~" + "~".join(map(cid, cells))
    if name in ("ContainExact", "ContainAtLeast"):
        cells = rng.sample(range(81), 4)
        held = [g[x] for x in cells]
        vals = [v for v in sorted(set(held[:2])) for _ in range(held.count(v))]
        return f".{name}~{'_'.join(map(str, vals))}~" + "~".join(map(cid, cells))
    if name == "AllDifferent":
        for _ in range(500):
            cells = rng.sample(range(81), 4)
            if len({g[x] for x in cells}) == 4:
                return ".AllDifferent~" + "~".join(map(cid, cells))
    if name == "Lunchbox":
        cells = box_cells(rng, rng.randint(3, 6))
        held = [g[x] for x in cells]
        i, j = sorted((held.index(min(held)), held.index(max(held))))
        return f".Lunchbox~{sum(held[i + 1:j])}~" + "~".join(map(cid, cells))
    if name == "SumLine":
        for _ in range(500):
            line = path(rng, rng.randint(3, 8))
            loop = rng.random() < 0.3
            for total in rng.sample(range(5, 25), 20):
                if runs(g, line, total, loop):
                    return f".SumLine~{total}~" + "~".join(map(cid, line)) + ("~LOOP" if loop else "")
    if name == "CountingCircles":
        ones = [x for x in range(81) if g[x] == 1]
        twos = [x for x in range(81) if g[x] == 2]
        threes = [x for x in range(81) if g[x] == 3]
        cells = rng.sample(ones, 1) + rng.sample(twos, 2) + rng.sample(threes, 3) * (rng.random() < .5)
        return ".CountingCircles~" + "~".join(map(cid, cells))
    if name == "ValueIndexing":
        for _ in range(2000):
            line = path(rng, rng.randint(3, 9))
            k = g[line[1]]
            if 1 <= k <= len(line) - 2 and g[line[1 + k]] == g[line[0]]:
                return ".ValueIndexing~" + "~".join(map(cid, line))
    if name == "Indexing":
        kind = rng.choice("RC")
        cells = []
        for x in rng.sample(range(81), 9):
            r, c = divmod(x, 9)
            if g[x] < 1 or g[x] > 9:
                continue
            if (kind == "R" and g[(g[x] - 1) * 9 + c] == r + 1) or (kind == "C" and g[r * 9 + g[x] - 1] == c + 1):
                cells.append(x)
        return f".Indexing~{kind}~" + "~".join(map(cid, cells or [next(
            x for x in range(81) if g[x] == (x // 9 + 1 if kind == "R" else x % 9 + 1))]))
    if name in ("NumberedRoom", "HiddenSkyscraper"):
        for _ in range(100):
            k = rng.randrange(9)
            line = [k * 9 + i for i in range(9)] if rng.random() < .5 else [i * 9 + k for i in range(9)]
            front = rng.random() < .5
            vals = [g[x] for x in (line if front else line[::-1])]
            if vals[0] >= 1:
                break
        if name == "NumberedRoom":
            clue = vals[vals[0] - 1]
        else:
            clue = next(v for i, v in enumerate(vals) if i and v < max(vals[:i]))
        label = f"R{k + 1}" if line[1] - line[0] == 1 else f"C{k + 1}"
        return f".{name}~{label}~" + (f"{clue}~" if front else f"~{clue}")
    if name == "EqualSum":
        first = rng.sample(range(81), 2)
        target, segs = g[first[0]] + g[first[1]], [first]
        for _ in range(2000):
            seg = rng.sample(range(81), rng.randint(1, 3))
            if sum(g[x] for x in seg) == target:
                segs.append(seg)
                if len(segs) == 3:
                    break
        return ".EqualSum~" + "~-~".join("~".join(map(cid, seg)) for seg in segs)
    if name == "LookAndSay":
        cells = rng.sample(range(81), 5)
        vals = [g[x] for x in cells]
        named = rng.sample(sorted(set(vals)), 2)
        absent = rng.choice([v for v in range(lo, lo + 9) if v not in vals])
        clue = "".join(f"{vals.count(v)}{v}" for v in named) + f"0{absent}"
        return f".LookAndSay~{clue}~" + "~".join(map(cid, cells))
    if name == "CountDistinct":
        cells = rng.sample(range(81), rng.randint(3, 6))
        k = len({g[x] for x in cells})
        control = rng.choice([x for x in range(81) if g[x] == k and x not in cells])
        return ".CountDistinct~" + "~".join(map(cid, [control] + cells))
    if name in ("Pair", "PairX"):  # a random relation holding on the grid's pairs, as ISS's key
        line = path(rng, rng.randint(2, 6))
        pairs = list(zip(line, line[1:])) if name == "Pair" else [
            (a, b) for i, a in enumerate(line) for b in line[i + 1:]]
        ok = {(g[a], g[b]) for a, b in pairs} | {
            (u, v) for u in range(lo, lo + 9) for v in range(lo, lo + 9) if rng.random() < 0.3}
        if name == "PairX":
            ok = {(u, v) for u, v in ok if (v, u) in ok} | {(g[a], g[b]) for a, b in pairs} | {
                (g[b], g[a]) for a, b in pairs}
        bits = [int((lo + i, lo + j) in ok) for i in range(9) for j in range(9)]
        chars = [sum(b << k for k, b in enumerate(bits[s:s + 6])) for s in range(0, 81, 6)]
        key = "".join("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"[v]
                      for v in chars).rstrip("A")
        return f".{name}~{key}~" + "~".join(map(cid, line))
    return f".{name}"


def path(rng, length):
    cells = [rng.randrange(81)]
    while len(cells) < length:
        r, c = divmod(cells[-1], 9)
        nxt = [(r + a) * 9 + c + b for a, b in ((0, 1), (1, 0), (0, -1), (-1, 0))
               if 0 <= r + a < 9 and 0 <= c + b < 9 and (r + a) * 9 + c + b not in cells]
        if not nxt:
            break
        cells.append(rng.choice(nxt))
    return cells


def runs(g, line, total, loop):
    vals = [g[x] for x in line]
    for k in range(len(vals)) if loop else (0,):
        run = 0
        for v in vals[k:] + vals[:k]:
            run = 0 if run + v == total else run + v
            if run > total:
                break
        else:
            if run == 0:
                return True
    return False


GLOBAL = ("AntiTaxicab", "GlobalMod", "GlobalEntropy", "DutchFlatmates")


def global_grid(rng, name, lo=1):
    """A grid keeping the global rule ``name``: ``sat``'s solution of the rule with a few
    givens from a random grid (None when those givens admit none)."""
    from sudoku_cp.variants.iss import parse_iss
    from sudoku_cp.variants.paradigms import solve

    g = [v + lo - 1 for v in grid9(rng)]
    seeds = rng.sample(range(81), 3)
    shape = ".Shape~9x9~0-8" if lo == 0 else ""
    text = f".{name}{shape}.~" + "~".join(f"{cid(x)}_{g[x]}" for x in seeds)
    r = solve(parse_iss(text), "sat", limit=1, time_limit=30)
    return list(r.solutions[0]) if r.solutions else None


#: The types ISS takes with values 0..8 (the others it refuses there, and so does the reader).
ZERO_OK = tuple(t for t in TYPES if t not in ("AntiTaxicab", "GlobalEntropy", "DutchFlatmates"))


def puzzles(count, seed=37, lo=1):
    """``count`` puzzles per type; ``lo=0``: values 0..8 (``Shape~9x9~0-8``)."""
    rng = random.Random(seed)
    k = 0
    for name in TYPES if lo == 1 else ZERO_OK:
        for _ in range(count):
            g = (global_grid(rng, name, lo) if name in GLOBAL else None) or [
                v + lo - 1 for v in grid9(rng)]
            items = {item(rng, g, name, lo) for _ in range(1 if name in GLOBAL else rng.randint(2, 4))}
            givens = rng.sample(range(81), rng.randint(26, 40))
            k += 1
            text = "".join(sorted(items)) + ("" if lo == 1 else ".Shape~9x9~0-8") + ".~" + "~".join(
                f"{cid(x)}_{g[x]}" for x in sorted(givens))
            yield {"id": k, "type": name, "puzzle": text}


def compare(puzzle_file, answer_file):
    from sudoku_cp.variants.iss import parse_iss
    from sudoku_cp.variants.paradigms import solve

    answers = {a["id"]: a for a in map(json.loads, open(answer_file))}
    same = differ = 0
    for p in map(json.loads, open(puzzle_file)):
        a = answers[p["id"]]
        puzzle = parse_iss(p["puzzle"])
        ours = [solve(puzzle, name, limit=2, time_limit=60) for name in ("sat", "cpsat")]
        theirs = ["".join(map(str, s)) for s in a.get("all", [])]
        mine = [sorted("".join(map(str, s)) for s in r.solutions) for r in ours]
        ok = a["status"] in ("unique", "multiple", "no-solution") and all(
            len(x) == len(theirs) and (len(x) != 1 or x == theirs) for x in mine)
        same, differ = same + ok, differ + (not ok)
        print(p["id"], p["type"], a["status"], [r.count for r in ours], "same" if ok else "DIFFER")
    print(f"{same} same, {differ} differ")
    return differ


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", type=int, help="puzzles per type to write")
    ap.add_argument("--zero", action="store_true", help="values 0..8 (Shape~9x9~0-8)")
    ap.add_argument("--answers")
    ap.add_argument("--puzzles")
    args = ap.parse_args(argv)
    if args.write:
        for p in puzzles(args.write, lo=0 if args.zero else 1):
            print(json.dumps(p))
        return 0
    return 1 if compare(args.puzzles, args.answers) else 0


if __name__ == "__main__":
    sys.exit(main())
