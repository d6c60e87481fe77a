"""Finite automata over a line's values: ISS's regular expressions and its serialised NFAs.

This module is the *definition* of the ``regex`` and ``nfa`` constraints (the model's
side): it turns a pattern, or ISS's compact NFA string, into an ``Automaton`` whose
symbols are value positions (symbol ``i`` is the value ``lo + i``; symbol ``count``, one
past the last value, is the break between two segments of a multi-segment NFA). It reads
them as ISS does (``js/nfa_builder.js``: ``RegexParser``, ``RegexToNFABuilder``,
``NFASerializer``) and writes the NFA string back. It never solves; the encoders unroll
an automaton along a line (``unroll``), and the checker ``rules`` simulates it on its own.

Regex syntax (ISS's): a digit or letter (``0``-``9``, then ``A``/``a`` for 10 ...) stands
for that value; ``.`` any value; ``[...]`` a class with ranges, ``[^...]`` its
complement; ``(...)``, ``|``; the quantifiers ``*``, ``+``, ``?``, ``{n}``, ``{n,}``,
``{n,m}``. Whitespace is ignored; anything else is refused with one line.

>>> a = compile_regex("1[2-4]*5?", 1, 9)
>>> [accepts(a, [v - 1 for v in line]) for line in ([1], [1, 3, 2, 5], [2], [1, 5, 5])]
[True, True, False, False]
>>> b = decode_nfa(encode_nfa(a))
>>> accepts(b, [0, 2, 1, 4]), accepts(b, [0, 4, 4])
(True, False)
"""

from __future__ import annotations

import base64
import re
from dataclasses import dataclass
from functools import lru_cache

from ..errors import PuzzleError

#: ISS's limit on the states a regex builds (``MAX_STATE_COUNT`` in nfa_builder.js).
MAX_STATES = 1 << 12


@dataclass(frozen=True)
class Automaton:
    """States ``0 .. states - 1``; ``moves`` are ``(state, symbol, next_state)`` triples."""

    states: int
    start: tuple
    accept: tuple
    moves: tuple

    def symbols(self) -> int:
        """One past the largest symbol any move reads (0 with no moves): ISS's numSymbols."""
        return max((s for _, s, _ in self.moves), default=-1) + 1


def accepts(a: Automaton, symbols) -> bool:
    """True when some path from a start state reads ``symbols`` into an accepting state."""
    now = set(a.start)
    for s in symbols:
        now = {t for q, x, t in a.moves if q in now and x == s}
    return bool(now & set(a.accept))


# -- regular expressions ----------------------------------------------------------------------

def _value_of(ch: str) -> int:
    if "0" <= ch <= "9":
        return ord(ch) - 48
    if "A" <= ch <= "Z":
        return ord(ch) - 55
    if "a" <= ch <= "z":
        return ord(ch) - 87
    raise PuzzleError(f"unsupported character {ch!r} in a regex")


class _Parser:
    """ISS's ``RegexParser``: a tree of ("set", chars, negated), ("cat", parts),
    ("alt", options), ("rep", child, min, max)."""

    def __init__(self, pattern: str):
        self.p, self.i = pattern, 0

    def peek(self):
        return self.p[self.i] if self.i < len(self.p) else None

    def take(self):
        ch = self.peek()
        if ch is not None:
            self.i += 1
        return ch

    def expect(self, ch):
        if self.take() != ch:
            raise PuzzleError(f"expected {ch!r} at position {self.i - 1}")

    def parse(self):
        node = self.expression()
        if self.peek() is not None:
            raise PuzzleError(f"unexpected {self.peek()!r} at position {self.i}")
        return node

    def expression(self):
        options = [self.sequence()]
        while self.peek() == "|":
            self.take()
            options.append(self.sequence())
        return options[0] if len(options) == 1 else ("alt", options)

    def sequence(self):
        parts = []
        while self.peek() is not None and self.peek() not in "|)":
            parts.append(self.quantified())
        return parts[0] if len(parts) == 1 else ("cat", parts)

    def quantified(self):
        node = self.primary()
        while self.peek() is not None and self.peek() in "*+?{":
            ch = self.take()
            if ch == "{":
                low = self.number()
                if low is None:
                    raise PuzzleError(f"expected a number after '{{' at position {self.i}")
                high = low
                if self.peek() == ",":
                    self.take()
                    high = None if self.peek() == "}" else self.number()
                    if high is not None and high < low:
                        raise PuzzleError(f"quantifier {{{low},{high}}}: max below min")
                self.expect("}")
                node = ("rep", node, low, high)
            else:
                node = ("rep", node, *{"*": (0, None), "+": (1, None), "?": (0, 1)}[ch])
        return node

    def number(self):
        digits = ""
        while self.peek() is not None and self.peek().isdigit() and self.peek() < ":":
            digits += self.take()
        return int(digits) if digits else None

    def primary(self):
        ch = self.peek()
        if ch == "(":
            self.take()
            node = self.expression()
            if self.peek() != ")":
                raise PuzzleError(f"unclosed group at position {self.i}")
            self.take()
            return node
        if ch == "[":
            return self.char_class()
        if ch == ".":
            self.take()
            return ("set", (), True)
        if ch is None:
            raise PuzzleError("unexpected end of the pattern")
        if ch in "*+?{|)":
            raise PuzzleError(f"unexpected {ch!r} at position {self.i}")
        return ("set", (self.take(),), False)

    def char_class(self):
        self.expect("[")
        negated = self.peek() == "^"
        if negated:
            self.take()
        chars = []
        while self.peek() is not None and self.peek() != "]":
            first = self.take()
            if self.peek() == "-":
                self.take()
                last = self.take()
                if last is None or ord(last) < ord(first):
                    raise PuzzleError("bad character range in a class")
                chars += [chr(c) for c in range(ord(first), ord(last) + 1)]
            else:
                chars.append(first)
        self.expect("]")
        if not chars:
            raise PuzzleError("empty character class")
        return ("set", tuple(dict.fromkeys(chars)), negated)


class _Thompson:
    """ISS's ``RegexToNFABuilder``: fragments (start, end) joined by empty moves, the same
    states in the same order (so ISS's state limit falls on the same patterns)."""

    def __init__(self, lo: int, hi: int):
        self.lo, self.hi = lo, hi
        self.moves: list[tuple] = []
        self.empty: list[tuple] = []
        self.count = 0

    def state(self):
        if self.count >= MAX_STATES:
            raise PuzzleError(f"the regex needs over {MAX_STATES} states (ISS's limit)")
        self.count += 1
        return self.count - 1

    def symbol(self, ch):
        v = _value_of(ch)
        if not self.lo <= v <= self.hi:
            raise PuzzleError(f"character {ch!r} is outside the values {self.lo}..{self.hi}")
        return v - self.lo

    def build(self, node):
        kind = node[0]
        if kind == "set":
            a, b = self.state(), self.state()
            named = {self.symbol(ch) for ch in node[1]}
            for s in (set(range(self.hi - self.lo + 1)) - named if node[2] else named):
                self.moves.append((a, s, b))
            return a, b
        if kind == "cat":
            if not node[1]:
                a = self.state()
                return a, a
            start, end = self.build(node[1][0])
            for part in node[1][1:]:
                a, b = self.build(part)
                self.empty.append((end, a))
                end = b
            return start, end
        if kind == "alt":
            a, b = self.state(), self.state()
            for option in node[1]:
                s, e = self.build(option)
                self.empty += [(a, s), (e, b)]
            return a, b
        _, child, low, high = node
        if low == 0:
            s = self.state()
            start, end = s, s
        else:
            start, end = self.build(child)
        for _ in range(1, low):
            a, b = self.build(child)
            self.empty.append((end, a))
            end = b
        if high is None:
            a, b = self.build(child)
            self.empty += [(end, a), (b, a), (b, end)]
        else:
            for _ in range(low, high):
                a, b = self.build(child)
                self.empty += [(end, a), (end, b)]
                end = b
        return start, end


def _close(states, start, accept, moves, empty) -> Automaton:
    """The automaton without empty moves: each state takes the moves and the acceptance
    of every state its empty moves reach."""
    follow = {}
    for a, b in empty:
        follow.setdefault(a, []).append(b)
    out, final = set(), set(accept)
    by_state = {}
    for q, s, t in moves:
        by_state.setdefault(q, []).append((s, t))
    for q in range(states):
        seen, stack = {q}, [q]
        while stack:
            for b in follow.get(stack.pop(), ()):
                if b not in seen:
                    seen.add(b)
                    stack.append(b)
        for r in seen:
            out.update((q, s, t) for s, t in by_state.get(r, ()))
            if r in accept:
                final.add(q)
    return trim(Automaton(states, tuple(sorted(start)), tuple(sorted(final)), tuple(sorted(out))))


def trim(a: Automaton) -> Automaton:
    """The same language on the states reachable from a start and reaching an accept,
    renumbered from 0."""
    ahead, back = {}, {}
    for q, s, t in a.moves:
        ahead.setdefault(q, set()).add(t)
        back.setdefault(t, set()).add(q)

    def reach(seeds, graph):
        seen, stack = set(seeds), list(seeds)
        while stack:
            for b in graph.get(stack.pop(), ()):
                if b not in seen:
                    seen.add(b)
                    stack.append(b)
        return seen

    live = sorted(reach(a.start, ahead) & reach(a.accept, back))
    new = {q: i for i, q in enumerate(live)}
    return Automaton(len(live), tuple(new[q] for q in a.start if q in new),
                     tuple(new[q] for q in a.accept if q in new),
                     tuple(sorted((new[q], s, new[t]) for q, s, t in a.moves
                                  if q in new and t in new)))


@lru_cache(maxsize=256)
def compile_regex(pattern: str, lo: int, hi: int) -> Automaton:
    """The automaton of an ISS regex over the values ``lo..hi``; a bad pattern is refused
    with one line naming the problem."""
    text = re.sub(r"\s", "", pattern)
    try:
        tree = _Parser(text).parse()
        t = _Thompson(lo, hi)
        start, end = t.build(tree)
    except PuzzleError as exc:
        raise PuzzleError(f"regex {pattern!r}: {exc}") from None
    return _close(t.count, (start,), (end,), t.moves, t.empty)


# -- ISS's serialised NFA ------------------------------------------------------------------------

def _bits(n: int) -> int:
    return n.bit_length()


def _b64decode(text: str) -> bytes:
    body = text.rstrip("=")  # (ISS pads what it reads, so a padded string reads too)
    if not re.fullmatch(r"[A-Za-z0-9_-]*", body) or len(body) % 4 == 1 or len(text) - len(body) > 2:
        raise PuzzleError(f"bad base64 {text[:20]!r}")
    return base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))


def decode_text(text: str) -> str:
    """ISS's ``Base64Codec.decodeToString``: each byte one character."""
    return _b64decode(text).decode("latin-1")


def encode_text(text: str) -> str:
    """ISS's ``Base64Codec.encodeString`` (characters up to U+00FF, one byte each)."""
    return base64.urlsafe_b64encode(text.encode("latin-1")).decode().rstrip("=")


class _Reader:
    def __init__(self, data: bytes):
        self.bits = "".join(f"{b:08b}" for b in data)
        self.at = 0

    def left(self) -> int:
        return len(self.bits) - self.at

    def read(self, k: int) -> int:
        if k == 0:
            return 0
        if k > self.left():
            raise PuzzleError("the NFA string ends early")
        self.at += k
        return int(self.bits[self.at - k:self.at], 2)


def decode_nfa(text: str) -> Automaton:
    """The automaton ISS's ``NFASerializer.deserialize`` reads from ``text`` (an empty
    string: no state, so no line is accepted)."""
    if not text:
        return Automaton(0, (), (), ())
    data = _b64decode(text)
    if not data:
        raise PuzzleError("the NFA string is empty")
    r = _Reader(data)
    form = r.read(2)
    if form not in (0, 1):
        raise PuzzleError("the NFA string uses an unknown format")
    state_bits, symbols = r.read(4) + 1, r.read(4) + 1
    starts, accepts_ = r.read(state_bits), r.read(state_bits)
    start_accepts = r.read(starts)
    moves, states = set(), 0
    if form == 0:
        count_bits = r.read(4)
        symbol_bits = _bits(symbols - 1)
        q = 0
        while count_bits and r.left() >= count_bits:
            for _ in range(r.read(count_bits)):
                if r.left() < symbol_bits + state_bits:
                    raise PuzzleError("the NFA string's moves are cut short")
                s, t = r.read(symbol_bits), r.read(state_bits)
                moves.add((q, s, t))
                states = max(states, q + 1, t + 1)
            q += 1
    else:
        q = 0
        while r.left() >= symbols:
            mask = r.read(symbols)
            for s in range(symbols):
                if mask >> s & 1:
                    if r.left() < state_bits:
                        raise PuzzleError("the NFA string's moves are cut short")
                    t = r.read(state_bits)
                    moves.add((q, s, t))
                    states = max(states, q + 1, t + 1)
            q += 1
    while r.left():
        if r.read(min(32, r.left())):
            raise PuzzleError("the NFA string has stray data after its end")
    start = tuple(range(starts))
    accept = tuple(i for i in range(starts) if start_accepts >> i & 1) + \
        tuple(range(starts, starts + accepts_))
    states = max(states, starts + accepts_)
    return Automaton(states, start, accept, tuple(sorted(moves)))


class _Writer:
    def __init__(self):
        self.bits: list[str] = []

    def write(self, value: int, k: int) -> None:
        if k:
            self.bits.append(format(value, f"0{k}b"))

    def data(self) -> bytes:
        s = "".join(self.bits)
        s += "0" * (-len(s) % 8)
        return bytes(int(s[i:i + 8], 2) for i in range(0, len(s), 8))


def encode_nfa(a: Automaton) -> str:
    """ISS's serialised form of ``a`` (the plain format: each state's moves as
    (symbol, state) pairs; start states first, then the other accepting ones)."""
    a = trim(a)
    if not a.states or not a.start:
        return ""
    symbols = max(a.symbols(), 1)
    if symbols > 16:
        raise PuzzleError(f"an NFA of {symbols} symbols: ISS writes at most 16")
    starts = list(dict.fromkeys(a.start))
    others = [q for q in a.accept if q not in starts]
    rest = [q for q in range(a.states) if q not in starts and q not in others]
    new = {q: i for i, q in enumerate(starts + list(dict.fromkeys(others)) + rest)}
    by_state = [[] for _ in range(a.states)]
    for q, s, t in a.moves:
        by_state[new[q]].append((s, new[t]))
    state_bits = max(1, _bits(a.states - 1), _bits(len(starts)), _bits(len(others)))
    if state_bits > 16:
        raise PuzzleError("an NFA of over 65,536 states: ISS writes fewer")
    most = max(len(m) for m in by_state)
    count_bits = _bits(most)
    w = _Writer()
    w.write(0, 2)
    w.write(state_bits - 1, 4)
    w.write(symbols - 1, 4)
    w.write(len(starts), state_bits)
    w.write(len(set(others)), state_bits)
    w.write(sum(1 << i for i, q in enumerate(starts) if q in a.accept), len(starts))
    w.write(count_bits, 4)
    symbol_bits = _bits(symbols - 1)
    for m in by_state:
        w.write(len(m), count_bits)
        for s, t in sorted(m):
            w.write(s, symbol_bits)
            w.write(t, state_bits)
    return base64.urlsafe_b64encode(w.data()).decode().rstrip("=")


# -- unrolled along a line, for the encoders ----------------------------------------------------

def steps_of(cells, lengths) -> list:
    """The symbols' places along a multi-segment line: its cells, with None (the
    segment break) between two segments of ``lengths`` cells."""
    out, at = [], 0
    for i, k in enumerate(lengths or (len(cells),)):
        if i:
            out.append(None)
        out += cells[at:at + k]
        at += k
    return out


def unroll(a: Automaton, steps, count: int):
    """Per step, the moves some accepted path can take there: ``(state, symbol, next)``
    with a value's symbol at a cell and the break (symbol ``count``) at None; empty lists
    when no path of this length is accepted at all."""
    if not steps:
        return [] if set(a.start) & set(a.accept) else None
    layers = []
    now = set(a.start)
    for place in steps:
        ok = (lambda s: s == count) if place is None else (lambda s: s < count)
        layer = [(q, s, t) for q, s, t in a.moves if q in now and ok(s)]
        layers.append(layer)
        now = {t for _, _, t in layer}
    live = now & set(a.accept)
    for i in range(len(layers) - 1, -1, -1):
        layers[i] = [m for m in layers[i] if m[2] in live]
        live = {q for q, _, _ in layers[i]}
    return layers if live else None
