"""f-puzzles strings are decompressed by lzstring's own algorithm fed from a table made
once (``fpuzzles._decoders``): the same text, or the same failure, as lzstring's public
methods, on every f-puzzles string of the shared data, on random JSON compressed both
ways, and on those strings cut short or with a character changed."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

lzstring = pytest.importorskip("lzstring")

from sudoku_cp.variants import fpuzzles  # noqa: E402

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "variants" / "fpuzzles.jsonl"


def _outcome(f, t):
    try:
        return "ok", f(t)
    except Exception as exc:  # (lzstring raises what it meets on a broken string)
        return "raised", type(exc).__name__


def _same(t):
    lz = lzstring.LZString()
    ours = fpuzzles._decoders(lz)
    theirs = (lz.decompressFromBase64, lz.decompressFromEncodedURIComponent)
    assert ours is fpuzzles._DECODERS  # (the table decoders are in use)
    for a, b in zip(ours, theirs):
        assert _outcome(a, t) == _outcome(b, t), t


def _strings(rng):
    lz = lzstring.LZString()
    out = []
    if DATA.exists():
        out += [json.loads(line)["puzzle"] for line in DATA.read_text().splitlines()
                if line.strip() and not line.startswith("#")]
    for _ in range(40):
        data = {"size": rng.choice([4, 6, 9]), "grid": [[{"value": rng.randint(0, 9)}
                                                         for _ in range(rng.randint(1, 9))]
                                                        for _ in range(rng.randint(1, 9))],
                "title": "".join(rng.choice("ab é√{}") for _ in range(rng.randint(0, 30)))}
        text = json.dumps(data)
        out += [lz.compressToBase64(text), lz.compressToEncodedURIComponent(text)]
    return out


def test_the_table_decoders_answer_as_lzstring_does():
    rng = random.Random("fpuzzles-lz")
    strings = _strings(rng)
    assert len(strings) >= 80
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=-$ *"
    for t in strings:
        _same(t)
        _same(t[:rng.randrange(len(t) + 1)])
        i = rng.randrange(len(t))
        _same(t[:i] + rng.choice(alphabet) + t[i + 1:])
    _same("")


def test_every_shared_fpuzzles_string_reads_to_json():
    if not DATA.exists():
        pytest.skip("no shared f-puzzles data")
    for line in DATA.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            assert isinstance(fpuzzles.decode(json.loads(line)["puzzle"]), dict)
