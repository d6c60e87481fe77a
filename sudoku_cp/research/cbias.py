"""Berthier's controlled-bias generation of minimal puzzles, and unbiased clue statistics.

**The generator** (Berthier 2009, "Unbiased statistics of a CSP – a controlled-bias
generator", and his ``suexg-cb.c``, which does the same). One *try*: take a complete
grid, delete its clues in a uniformly random order while the puzzle keeps a unique
solution; at the first deletion that loses uniqueness, put that clue back. The puzzle
P reached is output if it is minimal (no clue can be deleted), and the try is thrown
away otherwise — never reduced further, which is what a top-down generator does and
what makes its bias unknown. P is output exactly when the random order deletes the
81 − n cells outside P first, so every minimal n-clue puzzle of the grid has the
probability n!(81 − n)!/81! = 1/C(81, n): the bias depends on n alone and is known.

Like Berthier's program, the first uniqueness check comes after the deletions down to
``cut`` clues (32 for 9×9): a minimal puzzle with more clues cannot be output, which
changes nothing measurable (none of his 5.9 million puzzles has more than 32). The
tries run in chunks, each one compiled call (``_cbias_kernels.chunk``: the ``fast``
fill, the ``fast`` search, and unavoidable sets learned per grid that answer most
checks without a search, exactly as the search would). Chunk i is seeded from
(seed, i), so a sample is the same on any engine (``controlled_bias(engine=...)``).
Each grid serves ``tries_per_grid`` tries (the 1/C(81, n) law holds grid by grid).

Tries succeed rarely (one minimal puzzle per 254,113 tries in Berthier's collections
000 and 001), so this is a slow generator by nature: the rate is reported with every run.

**Statistics.** A controlled-bias sample over-represents few clues by 1/C(81, n); the
correction factor cf(n) = C(81, n) (any multiple: Berthier normalises cf(26) = 1)
weights each n-clue puzzle back to the real distribution of minimal puzzles.

>>> [round(f, 4) for f in correction_factors([24, 26, 30]).values()]
[0.2036, 1.0, 12.445]
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from statistics import NormalDist
from time import perf_counter
from typing import Iterable, Sequence

from ..errors import UsageError

#: Berthier's published figures (cb collections, 5,926,343 puzzles; Berthier 2009, Table 4).
PUBLISHED = {"cb_mean": 25.667, "cb_sd": 1.116, "real_mean": 26.577, "real_sd": 1.116}


def correction_factors(clues: Iterable[int], ncells: int = 81, reference: int = 26) -> dict:
    """cf(n) = C(ncells, n) / C(ncells, reference) for each n in ``clues``."""
    base = math.comb(ncells, reference)
    return {n: math.comb(ncells, n) / base for n in sorted(set(clues))}


@dataclass(frozen=True)
class ClueStats:
    """Clue counts of a sample: as drawn, and weighted back to the real distribution."""

    samples: int
    histogram: dict          # clues -> puzzles
    mean: float
    sd: float
    ci: tuple                # of the mean, normal approximation
    corrected: dict          # clues -> share of the real distribution (sums to 1)
    corrected_mean: float
    corrected_sd: float
    corrected_ci: tuple
    confidence: float

    def to_dict(self) -> dict:
        return {"samples": self.samples, "histogram": {str(k): v for k, v in
                                                        self.histogram.items()},
                "mean": self.mean, "sd": self.sd, "ci": list(self.ci),
                "corrected": {str(k): v for k, v in self.corrected.items()},
                "corrected_mean": self.corrected_mean, "corrected_sd": self.corrected_sd,
                "corrected_ci": list(self.corrected_ci), "confidence": self.confidence}


def clue_stats(clues: Sequence[int], ncells: int = 81, confidence: float = 0.95) -> ClueStats:
    """The clue-count distribution of a controlled-bias sample, raw and corrected.

    >>> s = clue_stats([25, 26, 26, 27])
    >>> s.mean, round(s.corrected_mean, 3)
    (26.0, 26.349)
    """
    histogram: dict = {}
    for n in clues:
        histogram[n] = histogram.get(n, 0) + 1
    return histogram_stats(histogram, ncells, confidence)


def histogram_stats(histogram: dict, ncells: int = 81, confidence: float = 0.95) -> ClueStats:
    """``clue_stats`` from a histogram (clues -> puzzles).

    The corrected mean is the weighted mean with weights cf(n); its standard error is
    the one of a ratio estimator, sqrt(sum w²(x − m)²) / sum w.
    """
    histogram = {int(n): int(k) for n, k in sorted(histogram.items()) if k}
    count = sum(histogram.values())
    if count < 2:
        raise UsageError(f"clue statistics need at least 2 puzzles, not {count}")
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    mean = sum(n * k for n, k in histogram.items()) / count
    sd = math.sqrt(sum(k * (n - mean) ** 2 for n, k in histogram.items()) / (count - 1))
    se = sd / math.sqrt(count)
    # any multiple of cf will do (every figure below is a ratio): relative to the sample's
    # commonest count, not 26, which a board of 16 or 36 cells cannot hold (C = 0, and the
    # division failed)
    cf = correction_factors(histogram, ncells, reference=max(histogram, key=histogram.get))
    total = sum(k * cf[n] for n, k in histogram.items())
    corrected = {n: k * cf[n] / total for n, k in histogram.items()}
    cmean = sum(n * share for n, share in corrected.items())
    csd = math.sqrt(sum((n - cmean) ** 2 * share for n, share in corrected.items()))
    cse = math.sqrt(sum(k * cf[n] ** 2 * (n - cmean) ** 2 for n, k in histogram.items())) / total
    return ClueStats(count, histogram, mean, sd, (mean - z * se, mean + z * se), corrected,
                     cmean, csd, (cmean - z * cse, cmean + z * cse), confidence)


def chi2_sf(x: float, dof: int) -> float:
    """The survival function of the χ² distribution (the p-value of a statistic ``x``).

    >>> round(chi2_sf(3.841, 1), 3), round(chi2_sf(18.307, 10), 3)
    (0.05, 0.05)
    """
    if x <= 0:
        return 1.0
    return _upper_gamma(dof / 2, x / 2)


def _upper_gamma(a: float, x: float) -> float:
    """The regularised upper incomplete gamma function Q(a, x) (series or continued fraction)."""
    lead = math.exp(-x + a * math.log(x) - math.lgamma(a))
    if x < a + 1:  # series for P(a, x)
        term = total = 1.0 / a
        k = a
        while abs(term) > abs(total) * 1e-15:
            k += 1
            term *= x / k
            total += term
        return max(0.0, 1.0 - total * lead)
    b, c, d = x + 1 - a, 1 / 1e-300, 1 / (x + 1 - a)  # Lentz's continued fraction for Q
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = 1e-300 if abs(d) < 1e-300 else d
        c = b + an / c
        c = 1e-300 if abs(c) < 1e-300 else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return lead * h


def chi2_homogeneity(a: dict, b: dict, min_expected: float = 5.0) -> tuple[float, int, float]:
    """χ² test that two histograms (clues -> puzzles) come from one distribution:
    ``(statistic, degrees of freedom, p-value)``. Outer bins are pooled inwards until
    every expected count is at least ``min_expected``."""
    keys = sorted(set(a) | set(b))
    bins = [[a.get(k, 0), b.get(k, 0)] for k in keys]
    na, nb = sum(a.values()), sum(b.values())

    def small(cell) -> bool:
        total = cell[0] + cell[1]
        return min(total * na, total * nb) / (na + nb) < min_expected

    while len(bins) > 2 and small(bins[0]):
        first = bins.pop(0)
        bins[0] = [bins[0][0] + first[0], bins[0][1] + first[1]]
    while len(bins) > 2 and small(bins[-1]):
        last = bins.pop()
        bins[-1] = [bins[-1][0] + last[0], bins[-1][1] + last[1]]
    stat = 0.0
    for x, y in bins:
        total = x + y
        for observed, size in ((x, na), (y, nb)):
            expected = total * size / (na + nb)
            if expected > 0:
                stat += (observed - expected) ** 2 / expected
    dof = len(bins) - 1
    return stat, dof, chi2_sf(stat, dof)


# -- the generator ------------------------------------------------------------------------
@dataclass
class Sample:
    """A controlled-bias run: the minimal puzzles found and what it took."""

    puzzles: list = field(default_factory=list)  # tuples of givens
    found: int = 0   # minimal puzzles met, including those past ``count`` in the last chunk
    tries: int = 0
    grids: int = 0
    checks: int = 0      # uniqueness questions asked (searched or answered by a known set)
    searches: int = 0    # of which answered by a search
    chunks: int = 0
    cpu_s: float = 0.0   # CPU seconds of the chunks (process time, summed over workers)
    time_s: float = 0.0  # wall-clock seconds of the run

    @property
    def rate(self) -> float:
        return len(self.puzzles) / self.time_s if self.time_s else 0.0

    def add(self, part: "Chunk", keep: int) -> None:
        self.puzzles.extend(part.puzzles[:max(0, keep - len(self.puzzles))])
        self.found += len(part.puzzles)
        self.tries += part.tries
        self.grids += part.grids
        self.checks += part.searches + part.skipped
        self.searches += part.searches
        self.chunks += 1
        self.cpu_s += part.cpu_s


@dataclass(frozen=True)
class Chunk:
    """What one chunk of tries gave (``run_chunk``): picklable, for worker processes."""

    index: int
    puzzles: list
    tries: int
    grids: int
    searches: int
    skipped: int
    cpu_s: float


def chunk_seed(seed: int, index: int) -> int:
    """The seed of chunk ``index`` of a run seeded ``seed``: independent streams
    (numpy's ``SeedSequence`` spawn keys), the same whatever runs the chunk."""
    import numpy as np

    return int(np.random.SeedSequence(seed, spawn_key=(index,)).generate_state(1, np.uint64)[0])


def run_chunk(box, seed: int, index: int, grids: int, tries_per_grid: int, cut: int,
              grid=None, sets: int | None = None) -> Chunk:
    """One chunk of ``grids`` x ``tries_per_grid`` tries, all in one compiled call; the
    same ``(seed, index)`` gives the same puzzles in any process. ``grid``: one
    complete grid every try starts from (then ``grids`` only counts the rounds).
    ``sets``: unavoidable sets kept per grid (``SETS_PER_GRID``; 0 turns the shortcut
    off, which must change nothing but the time: the tests compare)."""
    from time import process_time

    import numpy as np

    from ..backends.fast.backend import tables
    from ..board import geometry
    from ._compiled import load

    kernels = load("_cbias_kernels")
    t = tables(geometry(*box))
    started = process_time()  # the work, not numba's start-up in a new worker
    ncells = t.ncells
    frames = np.zeros((ncells + 1, ncells), np.int64)
    work = np.zeros(5 * ncells + 6 + t.peers.shape[1], np.int64)
    dirty = np.zeros(t.words, np.int64)
    out = np.zeros((2, ncells), np.int64)
    sets = np.zeros((SETS_PER_GRID if sets is None else sets, -(-ncells // 64)), np.int64)
    tries = grids * tries_per_grid
    found = np.zeros((min(tries, FOUND_PER_CHUNK), ncells), np.int64)
    fixed = np.zeros(ncells, np.int64) if grid is None else np.array(grid, np.int64)
    stream = np.array([chunk_seed(seed, index)], np.uint64)
    stats = np.zeros(9, np.int64)
    n = kernels.chunk(stream, grids, tries_per_grid, cut, fixed, t.tab.ctypes.data,
                      FILL_BUDGET, frames, work, dirty, out, sets, found, stats)
    puzzles = [tuple(int(v) for v in row) for row in found[:n]]
    return Chunk(index, puzzles, int(stats[0]), int(stats[1]), int(stats[2]), int(stats[3]),
                 process_time() - started)


#: Unavoidable sets kept per grid (``_cbias_kernels``); puzzles a chunk can return (the
#: kernel stops the chunk early when they are found); nodes of a grid fill before it restarts.
SETS_PER_GRID, FOUND_PER_CHUNK, FILL_BUDGET = 1024, 4096, 10_000


def controlled_bias(count: int, *, box=(3, 3), seed: int = 0, cut: int | None = None,
                    batch: int | None = None, tries_per_grid: int | None = None,
                    time_limit: float | None = None, progress=None, grid=None,
                    engine=None) -> Sample:
    """Up to ``count`` minimal puzzles by controlled-bias generation (stops early at
    ``time_limit`` seconds). ``progress(sample)`` is called after every chunk.

    The tries run in chunks of ``batch`` tries (``tries_per_grid`` tries on each grid),
    chunk i seeded by ``chunk_seed(seed, i)``; ``engine`` (a ``sudoku_cp.batch``
    engine, entered) runs them on worker processes, else they run here. Either way the
    sample is the first ``count`` puzzles of chunks 0, 1, 2, ... in try order, so a
    seed gives the same puzzles on any engine and any number of workers (with a time
    limit, the chunks finished in order before it passed). ``grid``: one complete
    grid (row-major values) to draw every try from, in place of random grids (the law
    1/C(cells, n) holds grid by grid: the tests use it)."""
    from ..board import geometry

    g = geometry(*box)
    ncells = g.ncells
    cut = (32 if (g.n == 9) else ncells) if cut is None else cut
    if not 0 < cut <= ncells:
        raise UsageError(f"cut {cut} is not a clue count between 1 and {ncells}")
    tries_per_grid = (TRIES_PER_GRID if g.n >= 9 else 10) if tries_per_grid is None \
        else tries_per_grid
    batch = (CHUNK_TRIES if g.n >= 9 else 1000) if batch is None else batch
    if tries_per_grid < 1 or batch < 1:
        raise UsageError("tries_per_grid and batch must be positive")
    grids = max(1, -(-batch // tries_per_grid))
    job = (tuple(box), seed, grids, tries_per_grid, cut, None if grid is None else tuple(grid))
    sample = Sample()
    start = perf_counter()

    def over() -> bool:
        return time_limit is not None and perf_counter() - start > time_limit

    if engine is None:
        index = 0
        while len(sample.puzzles) < count and not over():
            sample.add(run_chunk(job[0], seed, index, *job[2:]), count)
            index += 1
            sample.time_s = perf_counter() - start
            if progress is not None:
                progress(sample)
    else:
        _run_on(engine, job, count, sample, over, progress, start)
    sample.time_s = perf_counter() - start
    return sample


#: Tries per grid and per chunk on 9x9 and larger boards. Many tries per grid let the
#: unavoidable sets learned on it answer most checks (10,000 a grid: 3 times the tries per
#: CPU second of 100 a grid, docs/research.md); with one minimal puzzle per ~250,000
#: tries, a grid still gives a puzzle 4% of the time and two 0.08% of the time, so the
#: sample's puzzles come from different grids all but never. A chunk takes about a second.
TRIES_PER_GRID, CHUNK_TRIES = 10_000, 400_000


def _run_on(engine, job, count, sample, over, progress, start) -> None:
    """The chunks on a batch engine, taken into the sample in index order."""
    box, seed, grids, tries_per_grid, cut, grid = job
    done: dict = {}
    submitted = taken = 0
    while True:
        while engine.in_flight < engine.capacity and not over() \
                and len(sample.puzzles) + sum(len(c.puzzles) for c in done.values()) < count:
            engine.submit_call(run_chunk, box, seed, submitted, grids, tries_per_grid, cut, grid)
            submitted += 1
        if engine.in_flight == 0:
            return
        for part in engine.finished():
            done[part.index] = part
        while taken in done and len(sample.puzzles) < count:
            sample.add(done.pop(taken), count)
            taken += 1
        sample.time_s = perf_counter() - start
        if progress is not None:
            progress(sample)
        if len(sample.puzzles) >= count or over():
            engine.cancel()
            return
