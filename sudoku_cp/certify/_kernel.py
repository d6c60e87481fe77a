"""The inner loop of the DRAT checker: unit propagation over flat arrays.

Written in the subset of Python that numba compiles (``drat.py`` jit-compiles it when
numba is installed, and runs this same source as plain Python otherwise). Nothing here
allocates: the caller hands in every array. Nothing here parses, prints or knows about
Sudoku. The caller reads the result codes below.

Literals are *indices*: DIMACS literal ``l`` is ``2*|l| + (l < 0)``, so the negation of
index ``i`` is ``i ^ 1`` and ``val[i]`` is the value of literal ``i`` itself
(1 true, -1 false, 0 unassigned).

Clause ``c`` is ``lits[starts[c]:starts[c+1]]``; ``kinds[c]`` is FORMULA, LEMMA or
DELETE. Every clause of two or more literals has two watch entries, ``2c`` and
``2c+1``, watching the literals at its positions 0 and 1; each literal's entries form
a linked list (``head[lit]``, ``nxt[entry]``), so moving a watch is two pointer writes.
Deleted clauses are unlinked lazily, when propagation next meets them.
"""

from __future__ import annotations

FORMULA, LEMMA, DELETE = 0, 1, 2

#: Result codes of ``check``.
REFUTED, NOT_IMPLIED, NO_CONFLICT = 0, 1, 2


def propagate(lits, starts, deleted, head, nxt, val, trail, qhead, tlen):
    """Unit-propagate the literals ``trail[qhead:tlen]``; returns the new trail length
    ``t``, or ``-t - 1`` on a conflict (``conflict(r)`` tells, ``length(r)`` gives t).
    Watches stay valid, so the caller may undo any suffix of the trail afterwards."""
    while qhead < tlen:
        false_lit = trail[qhead] ^ 1
        qhead += 1
        prev = -1
        e = head[false_lit]
        while e != -1:
            following = nxt[e]
            c = e >> 1
            if deleted[c]:  # drop the entry of a deleted clause
                if prev == -1:
                    head[false_lit] = following
                else:
                    nxt[prev] = following
                e = following
                continue
            s = starts[c]
            k = e & 1
            other = lits[s + 1 - k]
            if val[other] == 1:  # satisfied by its other watch
                prev = e
                e = following
                continue
            moved = False
            for j in range(s + 2, starts[c + 1]):
                lit = lits[j]
                if val[lit] != -1:  # a new literal to watch
                    lits[j] = lits[s + k]
                    lits[s + k] = lit
                    if prev == -1:
                        head[false_lit] = following
                    else:
                        nxt[prev] = following
                    nxt[e] = head[lit]
                    head[lit] = e
                    moved = True
                    break
            if moved:
                e = following
                continue
            prev = e
            if val[other] == -1:  # every literal false
                return -tlen - 1
            val[other] = 1  # unit: the other watch must hold
            val[other ^ 1] = -1
            trail[tlen] = other
            tlen += 1
            e = following
    return tlen


def conflict(r):
    """True when a trail length returned by ``propagate`` or ``assume_negation`` is a conflict."""
    return r < 0


def length(r):
    """The trail length inside a result of ``propagate`` or ``assume_negation``."""
    return -r - 1 if r < 0 else r


def undo(val, trail, mark, tlen):
    """Unassign ``trail[mark:tlen]``."""
    for t in range(mark, tlen):
        val[trail[t]] = 0
        val[trail[t] ^ 1] = 0


def assume_negation(lits, lo, hi, skip, val, trail, tlen):
    """Assign the negation of ``lits[lo:hi]`` (except literal ``skip``); returns the new
    trail length, or a conflict (see ``propagate``) when some literal is already true."""
    for j in range(lo, hi):
        lit = lits[j]
        if lit == skip:
            continue
        if val[lit] == 1:
            return -tlen - 1
        if val[lit] == 0:
            val[lit ^ 1] = 1
            val[lit] = -1
            trail[tlen] = lit ^ 1
            tlen += 1
    return tlen


def refutes_negation(lo, hi, lo2, hi2, skip, lits, starts, deleted, head, nxt, val, trail,
                     tlen):
    """True when assuming ``lits[lo:hi]`` and ``lits[lo2:hi2]`` (but ``skip``) all false
    propagates to a conflict. Every assignment made is undone before returning."""
    r = assume_negation(lits, lo, hi, -1, val, trail, tlen)
    if not conflict(r):
        r = assume_negation(lits, lo2, hi2, skip, val, trail, r)
    if not conflict(r):
        r = propagate(lits, starts, deleted, head, nxt, val, trail, tlen, r)
    undo(val, trail, tlen, length(r))
    return conflict(r)


def is_rup(c, lits, starts, deleted, head, nxt, val, trail, tlen):
    """True when clause ``c`` follows by reverse unit propagation: assuming every one of
    its literals false leads to a conflict."""
    return refutes_negation(starts[c], starts[c + 1], 0, 0, -1, lits, starts, deleted, head,
                            nxt, val, trail, tlen)


def is_rat(c, lits, starts, kinds, deleted, head, nxt, val, trail, tlen):
    """True when clause ``c`` is a resolution asymmetric tautology on its first literal
    ``p``: for every live clause ``d`` holding ``-p``, the resolvent ``c ∪ (d - {-p})``
    is RUP. Scans every clause: RAT lemmas are rare in solver proofs."""
    s, e = starts[c], starts[c + 1]
    if s == e:
        return False
    pivot = lits[s]
    for d in range(c):
        if deleted[d] or kinds[d] == DELETE:
            continue
        holds = False
        for j in range(starts[d], starts[d + 1]):
            if lits[j] == pivot ^ 1:
                holds = True
                break
        if holds and not refutes_negation(s, e, starts[d], starts[d + 1], pivot ^ 1, lits,
                                          starts, deleted, head, nxt, val, trail, tlen):
            return False
    return True


def attach(c, lits, starts, head, nxt, val, trail, tlen):
    """Add clause ``c`` at the top level (every earlier clause is propagated); returns the
    new trail length, or -1 when it is falsified (the formula is now refuted)."""
    s, e = starts[c], starts[c + 1]
    if e - s == 0:
        return -1
    # Move the literals not yet false to the front, true ones first, to watch them.
    front = s
    for want in (1, 0):
        for j in range(front, e):
            if val[lits[j]] == want:
                lit = lits[j]
                lits[j] = lits[front]
                lits[front] = lit
                front += 1
    if e - s >= 2:
        for k in range(2):
            entry = 2 * c + k
            nxt[entry] = head[lits[s + k]]
            head[lits[s + k]] = entry
    if front == s:
        return -1
    first = lits[s]
    if val[first] == 0 and (front == s + 1):  # unit under the current assignment
        val[first] = 1
        val[first ^ 1] = -1
        trail[tlen] = first
        tlen += 1
    return tlen


def same_clause(a, b, lits, starts, mark):
    """True when clauses ``a`` and ``b`` hold the same set of literals."""
    if starts[a + 1] - starts[a] != starts[b + 1] - starts[b]:
        return False
    for j in range(starts[a], starts[a + 1]):
        mark[lits[j]] = 1
    same = True
    for j in range(starts[b], starts[b + 1]):
        if mark[lits[j]] == 0:
            same = False
            break
    for j in range(starts[a], starts[a + 1]):
        mark[lits[j]] = 0
    return same


def clause_hash(c, lits, starts):
    """An order-free hash of a clause's literals (equal sets, equal hashes)."""
    h = 0
    for j in range(starts[c], starts[c + 1]):
        x = lits[j] * 2654435761 + 12345
        h += (x ^ (x >> 13)) & 0xFFFFFFF
    return h


def link_watches(lits, starts, nclauses, head, nxt):
    """Watch positions 0 and 1 of clauses ``0..nclauses`` on an empty assignment: what
    ``attach`` does for them, done once for a formula that many checks share. Returns
    False (and links nothing useful) when some clause has fewer than two literals."""
    for c in range(nclauses):
        s = starts[c]
        if starts[c + 1] - s < 2:
            return False
        for k in range(2):
            entry = 2 * c + k
            nxt[entry] = head[lits[s + k]]
            head[lits[s + k]] = entry
    return True


def check(lits, starts, kinds, nformula, first, deleted, head, nxt, val, trail, mark,
          bucket, chain, out):
    """Forward-check the proof steps ``nformula..`` against the formula ``0..nformula``,
    whose clauses ``0..first`` are already linked into ``head``/``nxt`` by
    ``link_watches``.

    ``out`` receives ``[code, step, lemmas checked, RAT lemmas, deletions applied,
    deletions ignored]``; ``step`` is the clause index where the proof failed or the
    conflict was reached (-1: the formula alone propagates to a conflict).
    """
    nclauses = len(starts) - 1
    nbuckets = len(bucket)
    tlen = 0
    out[0] = NO_CONFLICT
    out[1] = nclauses
    for k in range(2, 6):
        out[k] = 0
    # The formula: attach every clause, then propagate.
    hashed = 0  # clauses 0..hashed-1 are in the hash table (filled at the first deletion)
    for c in range(first, nformula):
        t = attach(c, lits, starts, head, nxt, val, trail, tlen)
        if t == -1:
            out[0] = REFUTED
            out[1] = -1
            return
        tlen = t
    tlen = propagate(lits, starts, deleted, head, nxt, val, trail, 0, tlen)
    if tlen < 0:
        out[0] = REFUTED
        out[1] = -1
        return
    # The proof, one step at a time.
    for c in range(nformula, nclauses):
        if kinds[c] == DELETE:
            while hashed < c:
                if kinds[hashed] != DELETE:
                    h = clause_hash(hashed, lits, starts) & (nbuckets - 1)
                    chain[hashed] = bucket[h]
                    bucket[h] = hashed
                hashed += 1
            h = clause_hash(c, lits, starts) & (nbuckets - 1)
            d = bucket[h]
            found = -1
            while d != -1:
                if not deleted[d] and same_clause(c, d, lits, starts, mark):
                    found = d
                    break
                d = chain[d]
            if found == -1 or starts[found + 1] - starts[found] == 1:
                out[5] += 1  # unknown clause, or a unit (kept, as drat-trim does)
            else:
                deleted[found] = 1
                out[4] += 1
            continue
        out[2] += 1
        if not is_rup(c, lits, starts, deleted, head, nxt, val, trail, tlen):
            if not is_rat(c, lits, starts, kinds, deleted, head, nxt, val, trail, tlen):
                out[0] = NOT_IMPLIED
                out[1] = c
                return
            out[3] += 1
        t = attach(c, lits, starts, head, nxt, val, trail, tlen)
        if t != -1:
            t = propagate(lits, starts, deleted, head, nxt, val, trail, tlen, t)
        if t < 0:
            out[0] = REFUTED
            out[1] = c
            return
        tlen = t


def decode_binary(data, lits, ends, kinds, where):
    """Decode drat-trim's binary DRAT in ``data`` (bytes as uint8): each step is ``a`` (97,
    add) or ``d`` (100, delete), then literals as variable-length unsigned numbers
    ``2*v + (negative)``, seven bits a byte, low bits first, then a zero.

    Fills ``lits`` (DIMACS literals), ``ends[i]`` (where step i's literals end in
    ``lits``), ``kinds[i]`` and ``where[i]`` (the byte offset of step i). Returns the
    number of steps, or ``-offset - 1`` for a step that is cut short or bad at ``offset``.
    """
    i = 0
    n = len(data)
    nl = 0
    ns = 0
    while i < n:
        mark = data[i]
        if mark == 97:
            kind = LEMMA
        elif mark == 100:
            kind = DELETE
        else:
            return -i - 1
        start = i
        i += 1
        while True:
            value = 0
            shift = 0
            while True:
                if i >= n or shift > 56:
                    return -start - 1
                byte = int(data[i])  # not uint8: the shifts below need room
                i += 1
                value |= (byte & 127) << shift
                shift += 7
                if byte < 128:
                    break
            if value == 0:
                break
            lits[nl] = -(value >> 1) if value & 1 else value >> 1
            nl += 1
        ends[ns] = nl
        kinds[ns] = kind
        where[ns] = start
        ns += 1
    return ns
