"""Berthier's controlled-bias generation of minimal puzzles, and unbiased clue statistics.

**The generator** (Berthier 2009, "Unbiased statistics of a CSP – a controlled-bias
generator"; studied from his description, not his code). One *try*: take a complete
grid, delete its clues in a uniformly random order while the puzzle keeps a unique
solution; at the first deletion that loses uniqueness, put that clue back. The puzzle
P reached is output if it is minimal (no clue can be deleted), and the try is thrown
away otherwise — never repaired, which is what a top-down generator does and what
makes its bias unknown. P is output exactly when the random order deletes the 81 − n
cells outside P first, so every minimal n-clue puzzle of the grid has the probability
n!(81 − n)!/81! = 1/C(81, n): the bias depends on n alone and is known.

Like Berthier's program, the first uniqueness check comes after the deletions down to
``cut`` clues (32 for 9×9): a minimal puzzle with more clues cannot be output, which
changes nothing measurable (none of his 5.9 million puzzles has more than 32). Every
uniqueness check runs in the compiled ``fast`` engine, many tries in lock step per
call (``fast.check_array``). Grids come from the ``fast`` random fill, each used for
``tries_per_grid`` tries (the 1/C(81, n) law holds grid by grid; Berthier reused grids
too).

Tries succeed rarely (Berthier reports about 250,000 grids per puzzle), so this is a
slow generator by nature: the rate is reported with every run.

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
    cf = correction_factors(histogram, ncells)
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
    found: int = 0   # minimal puzzles met, including those past ``count`` in the last batch
    tries: int = 0
    grids: int = 0
    checks: int = 0
    time_s: float = 0.0

    @property
    def rate(self) -> float:
        return len(self.puzzles) / self.time_s if self.time_s else 0.0


def controlled_bias(count: int, *, box=(3, 3), seed: int = 0, cut: int | None = None,
                    batch: int = 20_000, tries_per_grid: int = 10,
                    time_limit: float | None = None, progress=None, grid=None) -> Sample:
    """Up to ``count`` minimal puzzles by controlled-bias generation (stops early at
    ``time_limit`` seconds). ``progress(sample)`` is called after every batch of tries.
    ``grid``: one complete grid (row-major values) to draw every try from, in place of
    random grids (the law 1/C(cells, n) holds grid by grid: the tests use it)."""
    import numpy as np

    from ..backends import fast
    from ..board import geometry

    g = geometry(*box)
    ncells = g.ncells
    cut = (32 if (g.n == 9) else ncells) if cut is None else cut
    if not 0 < cut <= ncells:
        raise UsageError(f"cut {cut} is not a clue count between 1 and {ncells}")
    if tries_per_grid < 1 or batch < 1:
        raise UsageError("tries_per_grid and batch must be positive")
    rng = np.random.default_rng(seed)
    sample = Sample()
    start = perf_counter()
    size = min(batch, 1000)  # batches grow to ``batch``: a small run stays quick
    while len(sample.puzzles) < count:
        if time_limit is not None and perf_counter() - start > time_limit:
            break
        if grid is not None:
            grids_now = 0
            grids = np.repeat(np.array([grid], np.int64), size, axis=0)
        else:
            grids_now = -(-size // tries_per_grid)
            grids = np.array([fast.fill(g, int(s), 10_000)
                              for s in rng.integers(0, 2 ** 62, grids_now)], np.int64)
            grids = np.repeat(grids, tries_per_grid, axis=0)[:size]
        found, checks = _tries(grids, rng.random((len(grids), ncells)).argsort(axis=1),
                               ncells - cut, g)
        sample.grids += grids_now
        sample.tries += len(grids)
        sample.checks += checks
        sample.found += len(found)
        sample.puzzles.extend(found[:count - len(sample.puzzles)])
        sample.time_s = perf_counter() - start
        size = min(batch, size * 4)
        if progress is not None:
            progress(sample)
    sample.time_s = perf_counter() - start
    return sample


def _tries(grids, orders, unchecked: int, g) -> tuple[list, int]:
    """Run one try per row of ``grids`` (deletion order: the row of ``orders``) in lock
    step; returns the minimal puzzles found and the number of uniqueness checks."""
    import numpy as np

    from ..backends import fast

    tries, ncells = grids.shape
    rows = np.arange(tries)
    puzzles = grids.copy()
    puzzles[rows[:, None], orders[:, :unchecked]] = 0
    counts, _, _ = fast.check_array(puzzles, g, 2)
    checks = tries
    alive = np.flatnonzero(counts == 1)  # the rest lost uniqueness before the cut
    position = np.full(tries, unchecked)
    stopped = []  # (try, position of the clue put back)
    while len(alive):
        trial = puzzles[alive].copy()
        trial[np.arange(len(alive)), orders[alive, position[alive]]] = 0
        counts, _, _ = fast.check_array(trial, g, 2)
        checks += len(alive)
        unique = counts == 1
        puzzles[alive[unique]] = trial[unique]
        position[alive[unique]] += 1
        stopped.extend(zip(alive[~unique].tolist(), position[alive[~unique]].tolist()))
        alive = alive[unique & (position[alive] < ncells)]
    found = []
    if not stopped:
        return found, checks
    # minimality: every clue after the one put back must be needed as well
    owners, trials = [], []
    for t, pos in stopped:
        for cell in orders[t, pos + 1:]:
            owners.append(t)
            trial = puzzles[t].copy()
            trial[cell] = 0
            trials.append(trial)
    needed = {t: True for t, _ in stopped}
    if trials:
        counts, _, _ = fast.check_array(np.array(trials), g, 2)
        checks += len(trials)
        for t, c in zip(owners, counts.tolist()):
            if c == 1:
                needed[t] = False
    for t, _ in sorted(stopped):  # in try order: the stopping step depends on the clues,
        if needed[t]:               # so a sample cut at ``count`` must not follow it
            puzzle = puzzles[t]
            assert (puzzle[puzzle > 0] == grids[t][puzzle > 0]).all()
            found.append(tuple(int(v) for v in puzzle))
    return found, checks
