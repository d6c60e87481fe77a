"""The variant generator: puzzles with exactly one solution, made of clues read off a grid.

Glossary (the model's words plus these):

- **pool**: every clue of the asked types that a random full grid keeps (``clues``),
  with every cell as a given;
- **item**: one given or one constraint of the pool; **dig**: drop one item and keep
  the drop only if the grid stays the only solution;
- **counterexample**: a second solution met while digging; it breaks some items, and
  while it breaks only one item still kept, that item can never go (no solver asked);
- **minimal**: no item left can go (one complete pass over the items gives it, since
  dropping items only ever adds solutions).

Steps, per puzzle: a random full grid (a SAT solver with random phases, so any size,
box shape or irregular regions the model takes); the pool; all givens dropped at once
when the constraints alone are enough (a zero-given killer: for ``killer`` a fresh cage
layout is tried when they are not, up to ``ATTEMPTS``), else givens put back where
counterexamples differ from the grid until it is unique (``Digger.add_givens``), those
dug once more; then the constraints dug in random order. Both digs try every item
with ``minimal``, else stop once ``patience`` drops in a row failed. The puzzle is then confirmed unique by two
paradigms (``verify``, default ``VERIFY``) before it is returned.

**One incremental solver per grid.** The shape's clauses are loaded once; each
constraint's clauses carry an activation literal (``encode_cnf.encode_own`` with a
guard), each given is its cell-value literal, and the grid is blocked by one clause. A
dig is one call ``solve(assumptions=items kept but the one tried)``: UNSAT means unique.
A constraint dropped is retired with the unit clause ``[-act]``.

Every random choice comes from ``random.Random(seed)``; each puzzle has its own seed
drawn from the master seed, and ``make_puzzle(puzzle.seed, ...)`` rebuilds it alone.

>>> p = next(generate(1, ("killer",), size=6, seed=1))
>>> p.puzzle.givens, p.verified[0], len(p.verified)
((), 'sat', 2)
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Iterator, Sequence

from ..errors import GenerationError, UsageError
from .clues import READERS, read_clues
from .model import VariantPuzzle
from .rules import CHECKS, check_solution

#: The ``--variant`` names; ``mixed`` draws ``MIXED_TYPES`` of them per puzzle.
TYPES = tuple(READERS)
MIXED = "mixed"
MIXED_TYPES = 3
#: Types whose constraints alone can pin the grid: a zero-given puzzle is worth a new layout.
ZERO_GIVENS = {"killer"}
#: Fresh grids (and layouts) per puzzle before a zero-given target gives way to givens.
#: About one 9x9 cage layout in four pins its grid alone (39 of 146, seed 1): with 10
#: attempts 24 of 300 killers kept a given or more; 30 leave about one in 10,000.
ATTEMPTS = 30
#: Default constraint digging stops after this many failed drops in a row.
PATIENCE = 10
#: Conflicts a dig's solver call may take before the item is kept undecided (default
#: digging; ``minimal`` settles every call): 30 little killers alone take Glucose
#: minutes to satisfy, and near-minimal little-killer puzzles 10-20 s a call at 20,000
#: conflicts on a loaded machine. 300 against 1,000 (3 puzzles, seed 1, CPU s):
#: little-killer 1.24 against 2.96 with the same givens and 14-17 constraints either
#: way. Since givens are put back (``Digger.add_givens``), 50 against 300 (5 puzzles
#: each, seed 1, CPU s a puzzle): little-killer 0.92 against 2.04 (givens 4.0 and 4.0,
#: constraints 15.4 and 15.0), sandwich 0.49 against 0.59 (4.4 and 12 either way), arrow
#: 0.27 against 0.47 (givens 2.6 against 2.2, constraints 13.8 either way): most of the
#: cut calls were near the end of a dig, where 300 conflicts seldom settled one either.
BUDGET = 50
#: The budget of the one call that drops every given at once (a zero-given puzzle, or a
#: new killer layout when it fails): kept at 300, so as many layouts pin their grid.
ZERO_BUDGET = 300
#: Puzzles made per puzzle written when a level is asked (``--difficulty``).
LEVEL_ATTEMPTS = 20
#: The levels ``--difficulty`` takes: the names of the variant rating's bands
#: (``logic.scores.BANDS``; written out so the CLI's parser does not import the engine;
#: a test keeps the two the same).
LEVELS = ("easy", "medium", "hard", "expert", "extreme")
#: The paradigms that confirm each puzzle (``confirm``): ``sat`` (CDCL on the CNF) and
#: ``fast`` (a compiled propagating search; no code shared), as the classic generator's
#: ``fast`` and ``sat``. ``cpsat`` stands in for ``fast`` where it is not compiled on
#: this machine yet (no two-minute wait) or declines a puzzle. CPU s a puzzle over 9
#: (sandwich, mixed, little-killer, 3 each, seed 1): 0.21 against 0.997 for sat+cpsat.
VERIFY = ("sat", "fast")
#: The PySAT solver that digs (the fastest reused solver on these formulas: FACTS).
SOLVER = "glucose4"


@dataclass
class VariantGenerated:
    """One generated puzzle, its solution, and how it was made."""

    puzzle: VariantPuzzle
    solution: tuple
    seed: int
    types: tuple
    minimal: bool
    verified: tuple = ()
    stats: dict = field(default_factory=dict)
    #: The variant logic engine's rating (``grade_of``) when a level was asked, else None.
    grade: dict | None = None
    #: Targets this puzzle missed (a level not met in the attempts), said on stderr.
    missed: tuple = ()

    def to_dict(self) -> dict:
        """The project's JSON record (``formats``: ``{"format": "json", "puzzle": ...}``)."""
        d = {"format": "json", "puzzle": self.puzzle.to_dict(), "solution": list(self.solution),
             "seed": self.seed, "types": list(self.types), "minimal": self.minimal,
             "verified_by": list(self.verified),
             "stats": {k: round(v, 6) if isinstance(v, float) else v
                       for k, v in self.stats.items()}}
        if self.grade is not None:
            d["grade"] = self.grade
        if self.missed:
            d["missed"] = list(self.missed)
        return d


def parse_types(text: str) -> tuple:
    """``"killer,thermo"`` -> ``("killer", "thermo")``; an unknown name gets the list."""
    names = tuple(dict.fromkeys(t.strip() for t in text.split(",") if t.strip()))
    known = (*TYPES, MIXED)
    wrong = [t for t in names if t not in known]
    if wrong or not names:
        raise UsageError(f"unknown variant type {(wrong or [text])[0]!r}; "
                         f"known: {', '.join(known)}")
    return names


def generate(count: int, types: Sequence[str], *, size: int = 9, box="default", regions=None,
             minimal: bool = False, seed: int = 0, patience: int = PATIENCE,
             verify: Sequence[str] | None = VERIFY, difficulty: str | None = None,
             attempts: int = LEVEL_ATTEMPTS, engine=None) -> Iterator[VariantGenerated]:
    """``count`` puzzles of ``types``, each confirmed unique by ``verify`` (None: not).

    ``difficulty``: a level of the variant rating (``logic.scores.BANDS``); each puzzle
    is graded by the logic engine and up to ``attempts`` puzzles are made until one is
    at that level; the last one is kept with ``missed`` saying so when none was.

    ``engine``: an open batch engine (``batch.LocalEngine`` or ``batch.DaskEngine``) that
    makes the puzzles on its workers, one task each, yielded in order. Each puzzle
    written follows from its own seed drawn from ``seed`` (``written``), so the engine
    and the number of workers change nothing but the time."""
    if difficulty is not None and difficulty not in LEVELS:
        raise UsageError(f"difficulty {difficulty!r}: a variant puzzle's levels are "
                         f"{', '.join(LEVELS)}")
    master = random.Random(seed)
    bases = [master.getrandbits(32) for _ in range(count)]
    options = dict(size=size, box=box, regions=regions, minimal=minimal, patience=patience,
                   verify=verify, difficulty=difficulty, attempts=attempts)
    if engine is None:
        for base in bases:
            yield written(base, types, **options)
        return
    yield from _on_engine(engine, bases, tuple(types), options)


def written(base: int, types: Sequence[str], *, difficulty: str | None = None,
            attempts: int = LEVEL_ATTEMPTS, **options) -> VariantGenerated:
    """The puzzle written for the seed ``base`` that ``generate`` drew: ``make_puzzle(base)``;
    with a ``difficulty``, the further attempts' seeds are drawn from ``base`` alone
    (so a puzzle does not depend on the attempts the puzzles before it took)."""
    more = random.Random(f"{base}:attempts")
    for attempt in range(1, attempts + 1 if difficulty else 2):
        made = make_puzzle(base if attempt == 1 else more.getrandbits(32), types, **options)
        if difficulty is None:
            return made
        made.grade = grade_of(made)
        made.stats["level_attempts"] = attempt
        if made.grade["level"] == difficulty:
            return made
    made.missed = (f"difficulty {difficulty}: none of {attempts} puzzles was at that "
                   f"level (this one is {made.grade['level']}, rating "
                   f"{made.grade['rating']})",)
    return made


def _written_task(k: int, base: int, types: tuple, options: dict) -> tuple:
    """A worker's task: ``(k, written(base, ...))``."""
    return k, written(base, types, **options)


def _on_engine(engine, bases, types, options) -> Iterator[VariantGenerated]:
    """The puzzles of ``bases`` made on ``engine``'s workers, yielded in order; no more
    tasks in flight than the engine's capacity (the rest wait here)."""
    done: dict = {}
    submitted = taken = 0
    try:
        while taken < len(bases):
            while engine.in_flight < engine.capacity and submitted < len(bases):
                engine.submit_call(_written_task, submitted, bases[submitted], types, options)
                submitted += 1
            for k, made in engine.finished():
                done[k] = made
            while taken in done:
                yield done.pop(taken)
                taken += 1
    finally:
        if taken < len(bases):  # stopped early (an error, or the caller had enough)
            engine.cancel()


def grade_of(made: VariantGenerated) -> dict:
    """The logic engine's verdict on a generated puzzle: level, rating, whether logic
    alone finished it, and the techniques used (``variants.logic``). Every step is
    checked against the known solution: a step against it is a bug, raised."""
    from .logic import solve_path

    path = solve_path(made.puzzle)
    for step in path.steps:
        for cell, value in step.eliminations:
            if made.solution[cell] == value:
                raise GenerationError(f"the logic step '{step.text}' removes the solution's "
                                      f"value {value} from {made.puzzle.cell_name(cell)}")
    return {"level": path.level, "rating": path.rating, "by_logic": path.by_logic,
            "techniques": dict(path.techniques)}


def make_puzzle(seed: int, types: Sequence[str], *, size: int = 9, box="default", regions=None,
                minimal: bool = False, patience: int = PATIENCE,
                verify: Sequence[str] | None = VERIFY) -> VariantGenerated:
    """One puzzle from ``seed`` alone (see the module docstring for the steps).

    ``regions="random"``: irregular regions drawn per puzzle (``random_regions``)."""
    rng = random.Random(seed)
    start = time.perf_counter()
    jigsaw = isinstance(regions, str)
    if jigsaw and regions != "random":
        raise UsageError(f"regions {regions!r}: give cell tuples or 'random'")
    shape = VariantPuzzle(size, box=box, regions=random_regions(size, rng) if jigsaw else regions)
    if MIXED in types:
        types = tuple(sorted(rng.sample(TYPES, MIXED_TYPES)))
    stats = {"grids": 0, "solver_calls": 0, "counterexample_rejects": 0}
    digger = None
    for attempt in range(ATTEMPTS):
        stats["grids"] += 1
        if jigsaw and attempt:
            shape = VariantPuzzle(size, regions=random_regions(size, rng))
        try:
            grid = random_grid(shape, rng)
        except GenerationError:
            if jigsaw:  # (a layout no grid fills: draw another)
                continue
            raise
        used: set = set()
        pool = [c for t in types for c in read_clues(t, shape, grid, rng, used)]
        digger = Digger(shape, grid, pool)
        if digger.try_drop_all_givens():
            break
        if (not set(types) <= ZERO_GIVENS or attempt == ATTEMPTS - 1):
            digger.add_givens(rng, None if minimal else BUDGET)
            digger.dig(digger.given_items(rng), *((None, None) if minimal else (patience, BUDGET)))
            break
        _count(stats, digger)
        digger = None
    if digger is None:
        raise GenerationError(f"no unique puzzle of {', '.join(types)} in {ATTEMPTS} grids")
    try:
        digger.dig(digger.constraint_items(rng), *((None, None) if minimal else (patience, BUDGET)))
        puzzle = digger.puzzle()
    finally:
        _count(stats, digger)
    stats["counterexamples"] = len(digger.counter)
    stats["dig_time"] = time.perf_counter() - start
    verified = confirm(puzzle, grid, verify) if verify else ()
    stats["time"] = time.perf_counter() - start
    return VariantGenerated(puzzle, tuple(grid), seed, tuple(types), minimal, verified, stats)


def _count(stats, digger):
    """Add a finished digger's solver calls to ``stats`` and free its solver."""
    stats["solver_calls"] += digger.calls
    stats["counterexample_rejects"] += digger.rejects
    stats["undecided"] = stats.get("undecided", 0) + digger.undecided
    digger.close()


def confirm(puzzle, grid, paradigms) -> tuple:
    """The paradigms that agree ``grid`` is the only solution; anything else raises.

    ``fast`` not compiled here yet, or declining the puzzle: ``cpsat`` takes its place;
    ``cpsat`` not installed: ``witness`` (two paradigms, always)."""
    from .crosscheck import crosscheck
    from .paradigms import not_ready

    paradigms = list(paradigms)
    if "fast" in paradigms and "cpsat" not in paradigms and not_ready("fast"):
        paradigms[paradigms.index("fast")] = "cpsat"
    report = crosscheck(puzzle, paradigms)
    for missing, stand_in in (("fast", "cpsat"), ("cpsat", "witness")):
        if len(report.results) < 2 and missing in report.not_run and stand_in not in paradigms:
            paradigms[paradigms.index(missing)] = stand_in
            report = crosscheck(puzzle, paradigms)
    if report.verdict.value != "unique" or report.solution != tuple(grid):
        raise GenerationError(f"{report.verdict.value} from {', '.join(report.ran)} on a "
                              f"generated puzzle: {'; '.join(report.evidence) or puzzle.to_json()}")
    return tuple(report.ran)


def random_regions(n: int, rng: random.Random, swaps: int | None = None) -> tuple:
    """Irregular regions of ``n`` cells each: the default boxes (or rows when ``n`` has
    none), then ``swaps`` exchanges of two neighbouring cells of different regions,
    each kept only when both regions stay connected.

    >>> sorted(map(len, random_regions(6, random.Random(1))))
    [6, 6, 6, 6, 6, 6]
    """
    from .model import ORTHO, neighbours

    start = VariantPuzzle(n)
    owner = {}
    for k, house in enumerate(start.boxes() or start.houses()[:n]):
        for cell in house:
            owner[cell] = k
    for _ in range(swaps if swaps is not None else 20 * n * n):
        a = rng.randrange(n * n)
        ra = owner[a]
        others = sorted({owner[y] for y in neighbours(start, a, ORTHO)} - {ra})
        if not others:
            continue
        rb = rng.choice(others)
        owner[a] = rb  # a joins its neighbour region; some cell of that region joins a's
        back = [b for b, r in owner.items() if r == rb and b != a
                and any(owner[y] == ra for y in neighbours(start, b, ORTHO))]
        b = rng.choice(back) if back else None
        if b is not None:
            owner[b] = ra
        if b is None or not (_connected(start, owner, ra) and _connected(start, owner, rb)):
            owner[a] = ra
            if b is not None:
                owner[b] = rb
    regions: dict = {}
    for cell in range(n * n):
        regions.setdefault(owner[cell], []).append(cell)
    return tuple(sorted(tuple(r) for r in regions.values()))  # (as ISS's layout reads back)


def _connected(shape, owner, k) -> bool:
    from .model import ORTHO, neighbours

    cells = [c for c, r in owner.items() if r == k]
    seen, todo = {cells[0]}, [cells[0]]
    while todo:
        for y in neighbours(shape, todo.pop(), ORTHO):
            if owner[y] == k and y not in seen:
                seen.add(y)
                todo.append(y)
    return len(seen) == len(cells)


def random_grid(shape: VariantPuzzle, rng: random.Random) -> list[int]:
    """A full grid of ``shape``'s geometry: a SAT solver told random phases (a random
    value preferred in every cell), so the first solution it finds is a random-looking one."""
    from pysat.solvers import Solver

    from .encode_cnf import encode_shape

    enc = encode_shape(shape)
    values = list(shape.value_range)
    phases = []
    for cell in range(shape.num_cells):
        want = rng.choice(values)
        phases += [lit if v == want else -lit for v, lit in enc.x[cell].items()]
    with Solver(name=SOLVER, bootstrap_with=enc.clauses) as s:
        s.set_phases(phases)
        if not s.solve():
            raise GenerationError(f"the {shape.size}x{shape.size} geometry has no full grid")
        chosen = set(lit for lit in s.get_model() if lit > 0)
    return [next(v for v, lit in enc.x[cell].items() if lit in chosen)
            for cell in range(shape.num_cells)]


class Digger:
    """One grid, its pool of items, and the incremental solver that digs them.

    Items are numbered: ``0 .. cells-1`` the givens (cell ``i`` holding ``grid[i]``),
    then the constraints of the pool in order."""

    def __init__(self, shape: VariantPuzzle, grid, pool):
        from pysat.solvers import Solver

        from .encode_cnf import encode_own, encode_shape

        self.shape, self.grid, self.pool = shape, list(grid), list(pool)
        base = encode_shape(shape)
        self.x = base.x
        self.solver = Solver(name=SOLVER, bootstrap_with=base.clauses)
        cells = shape.num_cells
        self.lits = [base.x[c][grid[c]] for c in range(cells)]
        top = base.nv
        for c in self.pool:
            act = top + 1
            alone = VariantPuzzle(shape.size, box=shape.box, regions=shape.regions,
                                  values=shape.values, constraints=(c,))
            enc = encode_own(alone, act + 1, guard=(-act,))
            self.solver.append_formula(enc.clauses)
            self.lits.append(act)
            top = max(enc.nv, act)
        self.solver.add_clause([-base.x[c][v] for c, v in enumerate(grid)])  # "another grid"
        self.kept = set(range(len(self.lits)))
        self.counter: list[set] = []  # items each counterexample breaks
        self.calls = self.rejects = self.undecided = 0

    def close(self):
        self.solver.delete()

    def given_items(self, rng):
        items = [i for i in range(self.shape.num_cells) if i in self.kept]
        rng.shuffle(items)
        return items

    def constraint_items(self, rng):
        items = [i for i in range(self.shape.num_cells, len(self.lits)) if i in self.kept]
        rng.shuffle(items)
        return items

    def unique(self, without=(), budget=None) -> bool:
        """True when the grid is the only solution of the kept items but ``without``;
        a second solution found is kept as a counterexample. With a ``budget`` of
        conflicts spent first, the answer is False (unknown counts as not unique: an item
        is only ever dropped on a proof)."""
        self.calls += 1
        assumptions = [self.lits[i] for i in self.kept if i not in without]
        if budget is None:
            found = self.solver.solve(assumptions=assumptions)
        else:
            self.solver.conf_budget(budget)
            found = self.solver.solve_limited(assumptions=assumptions)
        if found is None:
            self.undecided += 1
            return False
        if not found:
            return True
        model = set(lit for lit in self.solver.get_model() if lit > 0)
        other = [next(v for v, lit in self.x[c].items() if lit in model)
                 for c in range(self.shape.num_cells)]
        self.counter.append(self.broken(other))
        return False

    def broken(self, other) -> set:
        """The items a grid ``other`` breaks (by the independent checker ``rules``)."""
        out = {c for c in range(self.shape.num_cells) if other[c] != self.grid[c]}
        base = self.shape.num_cells
        for k, c in enumerate(self.pool):
            if any(True for _ in CHECKS[c.TYPE](self.shape, other, c)):
                out.add(base + k)
        return out

    def needed(self, item) -> bool:
        """Some counterexample breaks ``item`` and no other item kept: it cannot go."""
        return any(item in bad and not (bad - {item}) & self.kept for bad in self.counter)

    def drop(self, item):
        self.kept.discard(item)
        if item >= self.shape.num_cells:
            self.solver.add_clause([-self.lits[item]])

    def try_drop_all_givens(self) -> bool:
        givens = set(range(self.shape.num_cells))
        if not self.unique(without=givens, budget=ZERO_BUDGET):
            return False
        for i in givens:
            self.drop(i)
        return True

    def add_givens(self, rng, budget=None):
        """Drop every given, then put givens back until the grid is the only solution:
        each call that finds another grid (a counterexample) puts back the given of a
        random cell where that grid differs (so it is broken); a call cut by ``budget``
        puts back a random cell. Some 5 to 15 calls where digging the givens one by one
        takes one per cell (``dig`` then tries each given put back once more)."""
        cells = self.shape.num_cells
        for i in range(cells):
            self.kept.discard(i)
        while True:
            before = len(self.counter)
            if self.unique(budget=budget):
                return
            if len(self.counter) > before:  # a counterexample: a cell it changes
                pick = sorted(i for i in self.counter[-1] if i < cells)
            else:  # undecided: any cell not given yet
                pick = [i for i in range(cells) if i not in self.kept]
            self.kept.add(rng.choice(pick))

    def dig(self, items, patience=None, budget=None):
        """Drop each of ``items`` that uniqueness does not need, in order; stop after
        ``patience`` failures in a row (None: try them all). ``budget``: conflicts per
        call, after which an item is kept (None: every call settled)."""
        failed = 0
        for item in items:
            if patience is not None and failed >= patience:
                break
            if self.needed(item):
                self.rejects += 1
                failed += 1
            elif self.unique(without={item}, budget=budget):
                self.drop(item)
                failed = 0
            else:
                failed += 1

    def puzzle(self) -> VariantPuzzle:
        cells = self.shape.num_cells
        givens = tuple((c, self.grid[c]) for c in range(cells) if c in self.kept)
        constraints = tuple(c for k, c in enumerate(self.pool) if cells + k in self.kept)
        p = VariantPuzzle(self.shape.size, box=self.shape.box, regions=self.shape.regions,
                          values=self.shape.values, givens=givens, constraints=constraints)
        if check_solution(p, self.grid):  # (the pool was read off the grid)
            raise GenerationError("a clue read off the grid breaks it: " +
                                  check_solution(p, self.grid)[0])
        return p
