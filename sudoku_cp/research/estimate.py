"""Knuth's random-path estimate of a solution count, with a confidence interval.

Knuth (1975, "Estimating the efficiency of backtrack programs") walks one random path
down the search tree: at each node it fills the cell with the fewest candidates with
one candidate chosen uniformly, and multiplies the candidate counts met on the way.
A path that reaches a full grid scores that product; a dead end scores 0. The mean of
the scores is exactly the number of solutions, so the mean of many independent paths
is an unbiased estimate, and the central limit theorem gives its confidence interval
(the sample standard deviation over √samples, times the normal quantile).

The scores span many orders of magnitude (a 16×16 grid count has 98 digits), so the
compiled walker returns their natural logarithms and the mean is taken after scaling
by the largest.

An estimate is never an exact count: ``Estimate.text()`` says "about", with the
interval and the number of samples.

>>> from sudoku_cp.board import Board
>>> e = estimate_count(Board.empty((2, 2)), samples=4000, seed=1)
>>> e.low <= 288 <= e.high
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist
from time import perf_counter

from ..errors import UsageError

#: Largest board side: masks are 62-bit integers in the compiled walker.
MAX_N = 62


@dataclass(frozen=True)
class Estimate:
    """An estimated count: the mean of ``samples`` random paths and its confidence interval.

    The mean and the interval's ends are kept as base-10 logarithms (``log10_mean``…),
    since a count may exceed any float (``-inf`` stands for 0); ``mean``, ``low`` and
    ``high`` give them as floats where they fit. ``rse`` is the relative standard error
    (standard error over mean); ``dead`` counts paths that met a dead end.
    """

    log10_mean: float
    log10_low: float
    log10_high: float
    confidence: float
    samples: int
    dead: int
    rse: float
    time_s: float
    seed: int

    @property
    def mean(self) -> float:
        return _power(self.log10_mean)

    @property
    def low(self) -> float:
        return _power(self.log10_low)

    @property
    def high(self) -> float:
        return _power(self.log10_high)

    def contains(self, count: int) -> bool:
        """Whether the exact ``count`` lies inside the confidence interval."""
        x = math.log10(count) if count > 0 else -math.inf
        return self.log10_low <= x <= self.log10_high

    def text(self) -> str:
        """The estimate in words: always "about", with the interval and the samples.

        >>> import math
        >>> Estimate(math.log10(288), math.log10(270), math.log10(306), 0.95, 1000, 10,
        ...          0.03, 0.1, 1).text()
        'about 288 (95% CI 270 .. 306; 1,000 random paths, 10 dead ends, seed 1)'
        """
        c = f"{self.confidence:.0%}"
        return (f"about {_num(self.log10_mean)} ({c} CI {_num(self.log10_low)} .. "
                f"{_num(self.log10_high)}; {self.samples:,} random paths, {self.dead:,} dead "
                f"ends, seed {self.seed})")

    def to_dict(self) -> dict:
        return {"estimate": _num(self.log10_mean), "ci_low": _num(self.log10_low),
                "ci_high": _num(self.log10_high), "log10_estimate": self.log10_mean,
                "confidence": self.confidence, "samples": self.samples, "dead_ends": self.dead,
                "relative_standard_error": self.rse, "time_s": self.time_s, "seed": self.seed}


def _power(log10: float) -> float:
    try:
        return 10.0 ** log10
    except OverflowError:
        return math.inf


def _num(log10: float) -> str:
    """A count given by its base-10 logarithm, for reading: below a million as an integer,
    else in 4 significant digits of scientific notation.

    >>> _num(math.log10(28200960)), _num(1000.5), _num(float("-inf")), _num(math.log10(0.25))
    ('2.8201e+07', '3.1623e+1000', '0', '0.25')
    """
    if log10 == -math.inf:
        return "0"
    if log10 < 2:
        return f"{10.0 ** log10:.3g}"
    if log10 < 6:
        return f"{round(10.0 ** log10):,}"
    exponent = math.floor(log10)
    mantissa = 10.0 ** (log10 - exponent)
    if mantissa >= 9.99995:
        mantissa, exponent = 1.0, exponent + 1
    return f"{mantissa:.4f}e+{exponent:02d}"


def peer_table(board):
    """``(peers, npeers)``: each cell's peers padded into one int64 array, and their counts."""
    import numpy as np

    peers = board.geometry.peers
    width = max((len(p) for p in peers), default=0)
    table = np.zeros((len(peers), max(width, 1)), np.int64)
    for cell, ps in enumerate(peers):
        table[cell, :len(ps)] = ps
    return table, np.array([len(p) for p in peers], np.int64)


def log_scores(board, samples: int, seed: int, singles: bool = False):
    """The natural logarithms of ``samples`` Knuth scores for ``board`` (``-inf``: a dead end)."""
    import numpy as np

    from ._compiled import load

    if board.n > MAX_N:
        raise UsageError(f"estimating counts works up to {MAX_N}x{MAX_N} boards, "
                         f"not {board.n}x{board.n}")
    if samples < 2:
        raise UsageError(f"an estimate needs at least 2 samples, not {samples}")
    peers, npeers = peer_table(board)
    full = [h for h in board.houses if len(h) == board.n] if singles else []
    houses = np.array(full, np.int64).reshape(len(full), board.n)
    kernels = load("_count_kernels")
    return kernels.knuth_samples(np.array(board.givens, np.int64), peers, npeers, houses,
                                 board.n, samples, seed)


def summarise(logs, *, confidence: float = 0.95, seed: int = 0, time_s: float = 0.0) -> Estimate:
    """The mean and normal confidence interval of scores given as natural logarithms.

    >>> import math
    >>> e = summarise([math.log(2), math.log(4), float("-inf")])
    >>> round(e.mean, 9), e.dead
    (2.0, 1)
    """
    finite = [x for x in logs if x != -math.inf]
    samples = len(logs)
    dead = samples - len(finite)
    if not finite:
        zero = -math.inf
        return Estimate(zero, zero, zero, confidence, samples, dead, math.inf, time_s, seed)
    top = max(finite)
    scaled = [math.exp(x - top) for x in finite] + [0.0] * dead
    mean = sum(scaled) / samples
    var = sum((x - mean) ** 2 for x in scaled) / (samples - 1)
    se = math.sqrt(var / samples)
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    shift = top / math.log(10)

    def log10(x: float) -> float:
        return math.log10(x) + shift if x > 0 else -math.inf

    return Estimate(log10(mean), log10(mean - z * se), log10(mean + z * se), confidence,
                    samples, dead, se / mean, time_s, seed)


def estimate_count(board, *, samples: int = 10_000, seed: int = 0, confidence: float = 0.95,
                   singles: bool | None = None) -> Estimate:
    """Knuth's estimate of the number of solutions of ``board``, from ``samples`` paths.

    ``singles``: place hidden singles before each choice. By default on when the board
    has givens (a constrained puzzle kills most bare paths) and off for the empty board
    (where it costs more time than the variance it saves: docs/research.md).
    """
    if singles is None:
        singles = board.clues > 0
    start = perf_counter()
    logs = log_scores(board, samples, seed, singles)
    return summarise(logs.tolist(), confidence=confidence, seed=seed,
                     time_s=perf_counter() - start)
