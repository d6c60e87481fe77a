# ---
# jupyter:
#   jupytext:
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.6
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Regex lines and `Or`, three ways
#
# Notebook 08 followed a sum through the paradigms. Two rule families of sigh's Interactive
# Sudoku Solver (ISS) are not arithmetic at all:
#
# - a **regex line** (ISS's `Regex`, the model's type `regex`): the values along a line,
#   read in order as digits, match a regular expression, as a whole;
# - an **or** (ISS's `.Or.` ... `.End.`, the model's type `or`): at least one of several
#   branches holds, each branch a constraint or a group of them.
#
# Each paradigm takes them in its own language:
#
# | | regex line | or |
# |---|---|---|
# | **sat** (CNF) | the automaton unrolled along the line: a variable per state and per move at each step | an activation variable per branch; every clause of a branch starts with its negation |
# | **cpsat** | `AddAutomaton` on the automaton made deterministic | a Boolean per branch, set as the enforcement literal of every constraint of the branch |
# | **witness** | states reachable forwards from a start and backwards from an accept | each branch run on a copy of the candidates; a cell keeps what some branch leaves it |
#
# Each is shown on the objects the project really builds, then the three solve a real
# puzzle through the cross-check, and every answer is checked by `check_solution`, which
# shares no code with any of them.

# %%
import json
from pathlib import Path

import matplotlib.pyplot as plt

from sudoku_cp.variants import VariantPuzzle, check_solution
from sudoku_cp.variants.crosscheck import crosscheck
from sudoku_cp.variants.formats import read_entry
from sudoku_cp.variants.iss import parse_iss

DATA = Path("data")  # notebooks run with notebooks/ as the working directory
lines = [line for line in (DATA / "regex_or_variants.jsonl").read_text().splitlines()
         if line.strip() and not line.startswith("#")]
entries = {json.loads(line)["title"]: read_entry(line) for line in lines}
for title, entry in entries.items():
    print(f"{title!r}: {json.loads(entry.text)['source']}")

# %% [markdown]
# ## Part 1: a regex line
#
# ### The puzzle: "Regex line"
#
# An example of ISS (from sudokupad), a classic 9×9 with three regex lines and one white
# dot, no given. ISS stores each pattern in base64; the reader decodes it.

# %%
puzzle = entries["Regex line"].puzzle
expected = entries["Regex line"].expected
regexes = [c for c in puzzle.constraints if c.TYPE == "regex"]
for c in regexes:
    print(f"{len(c.cells):2} cells  {c.pattern}")
puzzle

# %% [markdown]
# Take the shortest line, the third. Its pattern `.?([^47]|471)*` says: after an optional
# first value, the line is a run of pieces, each either one value other than 4 and 7, or
# the three values 4, 7, 1. So past the first cell, a 4 is always followed by 7 and then 1,
# and a 7 always comes just after a 4.

# %%
line = regexes[2]
names = [puzzle.cell_name(x) for x in line.cells]
print(" ".join(names))
print(" ".join(f"{expected[x]:>4}" for x in line.cells), "  (the stated solution)")

# %% [markdown]
# ### From a pattern to an automaton
#
# `sudoku_cp.variants.automaton.compile_regex(pattern, lo, hi)` reads the pattern as ISS
# does (`js/nfa_builder.js`): a parse tree, then Thompson's construction with empty moves,
# then the empty moves closed away and the states that lead nowhere trimmed. The result is
# an `Automaton`: states, start states, accepting states and moves `(state, symbol, next)`,
# where symbol `i` is the value `lo + i`. It is nondeterministic: from state 0 a value other
# than 4 and 7 may lead to state 1 (it was the optional first value) or to state 2 (it was
# the first piece of the run).

# %%
from sudoku_cp.variants.automaton import accepts, compile_regex, unroll

auto = compile_regex(line.pattern, 1, 9)
print(f"{auto.states} states, start {auto.start}, accepting {auto.accept}, {len(auto.moves)} moves")
edges = {}
for q, s, t in auto.moves:
    edges.setdefault((q, t), []).append(s + 1)
for (q, t), vals in sorted(edges.items()):
    print(f"  {q} -> {t} on {''.join(map(str, vals))}")

solution_line = [expected[x] - 1 for x in line.cells]  # symbols: value - 1
swapped = solution_line[:2] + [solution_line[3], solution_line[2]] + solution_line[4:]
print("the stated line accepted:", accepts(auto, solution_line),
      "| with its 4 and 7 swapped:", accepts(auto, swapped))

# %% [markdown]
# ### The automaton unrolled along the line
#
# The CNF encoder (and CP-SAT's fallback, below) works with the automaton *along the line*:
# `unroll(automaton, cells, count)` keeps, at each step (each cell), only the moves some
# accepted path of exactly that length can take there. Step `i` reads the line's cell `i`
# (step 0 the first cell) and goes from the states before it to the states after it.

# %%
layers = unroll(auto, list(line.cells), 9)
for i, (name, layer) in enumerate(zip(names, layers)):
    states = sorted({q for q, _, _ in layer})
    values = sorted({s + 1 for _, s, _ in layer})
    print(f"step {i:2} {name}: {len(layer):2} moves, from states {states}, values {''.join(map(str, values))}")

# %% [markdown]
# The last two cells already lose values: at the last cell a 4 or a 7 would start or sit in
# the middle of a 4-7-1 that has no room to end, and one cell before the end a 4 would need
# two more cells. The picture draws the states before and after each cell (dots; the
# accepting ones at the end in green), every live move (grey) and, in blue with their
# values, the moves the stated solution takes: a path from the start state on the left to
# an accepting state on the right.

# %%
def solution_moves(layers, values):
    """The live moves reading the given symbols that lie on some accepted path."""
    picked = [[m for m in layer if m[1] == v] for layer, v in zip(layers, values)]
    ahead = set(auto.accept)
    for i in range(len(picked) - 1, -1, -1):  # back from the accepting states
        picked[i] = [m for m in picked[i] if m[2] in ahead]
        ahead = {q for q, _, _ in picked[i]}
    reach = set(auto.start)
    for i, layer in enumerate(picked):  # forward from the start
        picked[i] = [m for m in layer if m[0] in reach]
        reach = {t for _, _, t in picked[i]}
    return picked


fig, ax = plt.subplots(figsize=(9, 3.4))
for i, layer in enumerate(layers):
    for q, t in {(q, t) for q, _, t in layer}:
        ax.plot([i, i + 1], [q, t], color="#cccccc", lw=1, zorder=1)
for i, layer in enumerate(solution_moves(layers, solution_line)):
    for q, s, t in layer:
        ax.plot([i, i + 1], [q, t], color="#4c72b0", lw=2.5, zorder=2)
        ax.annotate(str(s + 1), ((2 * i + 1) / 2, (q + t) / 2), color="#4c72b0", fontsize=9,
                    ha="center", va="bottom", xytext=(0, 3), textcoords="offset points")
for i in range(len(layers) + 1):
    live = {q for q, _, _ in layers[i]} if i < len(layers) else {t for _, _, t in layers[-1]}
    ax.scatter([i] * len(live), sorted(live), s=40, zorder=3,
               color=["#55a868" if i == len(layers) and q in auto.accept else "#333333" for q in sorted(live)])
ax.set_xticks([i + 0.5 for i in range(len(names))], names, fontsize=8)
ax.set_yticks(range(auto.states))
ax.set_ylabel("state")
ax.set_ylim(auto.states - 0.5, -0.7)
ax.set_title(f"{line.pattern!r} unrolled along {len(names)} cells: live moves (grey), the solution's (blue)")
plt.tight_layout()

# %% [markdown]
# ### 1. CNF: the unrolled automaton as clauses
#
# `sudoku_cp.variants.encode_cnf` (the `regex` encoder is in `encode_cnf_composite.py`)
# adds a variable per state at each step, `("nfa-state", k, step, state)`, and one per live
# move at each step, `("nfa-move", k, step, state, symbol, next)`. The clauses: some start
# state holds; a move implies its state before, its state after and its cell's value; a
# state before a step implies one of its moves out, a state after a step one of its moves
# in; a value implies one of the moves that read it at that step (a unit clause, the value ruled out,
# when none does). To see them alone, encode a 9×9 grid with this one line and take away
# the clauses of the empty grid.

# %%
from sudoku_cp.variants.encode_cnf import encode as encode_cnf

one_line = VariantPuzzle(9, constraints=(line,))
enc = encode_cnf(one_line)
empty = encode_cnf(VariantPuzzle(9))
base = {tuple(c) for c in empty.clauses}
line_clauses = [c for c in enc.clauses if tuple(c) not in base]
kinds = {}
for var in range(empty.nv + 1, enc.nv + 1):
    kinds[enc.pool.obj(var)[0]] = kinds.get(enc.pool.obj(var)[0], 0) + 1
print(f"{len(line_clauses)} clauses and {enc.nv - empty.nv} new variables for one line of "
      f"{len(line.cells)} cells: {kinds}")


def words(f, lit):
    """A literal of formula ``f`` in words."""
    key = f.pool.obj(abs(lit))
    if key[0] == "nfa-state":
        text = f"state{key[3]}@{key[2]}"
    elif key[0] == "nfa-move":
        _, _, i, q, s, t = key
        text = f"move{q}-{s + 1}->{t}@{i}"
    elif key[0] == "or":
        text = f"branch{key[2]}"
    else:
        r, c, v = key
        text = f"R{r + 1}C{c + 1}={v}"
    return text if lit > 0 else "¬" + text


def family(clause):
    keys = [enc.pool.obj(abs(x)) for x in clause]
    kind = [k[0] if isinstance(k[0], str) else "value" for k in keys]
    if all(x > 0 for x in clause):
        return "some start state holds"
    if len(clause) == 1:
        return "a value no live move reads there"
    if kind[0] == "nfa-move":
        if kind[1] == "value":
            return "a move reads its cell's value"
        return "a move needs its state before" if keys[1][2] == keys[0][2] else "a move needs its state after"
    if kind[0] == "nfa-state":
        return "a state leaves by a move" if keys[1][2] == keys[0][2] else "a state is entered by a move"
    return "a value needs a move reading it"


groups = {}
for clause in line_clauses:
    groups.setdefault(family(clause), []).append(clause)
for name, group in groups.items():
    example = min(group, key=len) if name != "a value needs a move reading it" else group[0]
    print(f"  {name:35} {len(group):4}   e.g. " + " ∨ ".join(words(enc, x) for x in example[:6])
          + (" ∨ ..." if len(example) > 6 else ""))

# %% [markdown]
# (`state3@1` is "in state 3 before step 1", `move0-1->1@0` "at step 0, from state 0,
# reading 1, to state 1".) There is no clause saying one state at a time: two paths may both be
# alive, as in the automaton itself.
#
# What can a SAT solver deduce from these clauses before it searches? Unit propagation (a
# clause with one literal left unassigned forces it) is a few lines of Python. Say the
# third cell, R3C2, holds 4: every other value there is false.

# %%
def unit_propagate(clauses, units):
    """The assignment unit propagation reaches from ``units`` (var -> bool), or None on a
    conflict."""
    value = {abs(u): u > 0 for u in units}
    changed = True
    while changed:
        changed = False
        for clause in clauses:
            free = []
            for lit in clause:
                v = value.get(abs(lit))
                if v is None:
                    free.append(lit)
                elif v == (lit > 0):
                    break
            else:
                if not free:
                    return None
                if len(free) == 1:
                    value[abs(free[0])] = free[0] > 0
                    changed = True
    return value


def left(f, value, cell):
    """The values of ``cell`` that ``value`` has not set false in formula ``f``."""
    return {v for v, lit in f.x[cell].items() if value.get(lit) is not False}


third = line.cells[2]
units = [-enc.x[third][v] for v in range(1, 10) if v != 4]
value = unit_propagate(line_clauses, units)
cnf_left = {name: left(enc, value, x) for name, x in zip(names, line.cells)}
for name in names:
    print(f"{name}: {''.join(map(str, sorted(cnf_left[name])))}")

# %% [markdown]
# The 4 in the third cell cannot be the optional first value, so it starts a 4-7-1: the next
# two cells are 7 and 1. The cell before it cannot be a 4 (it would need a 7 next) nor a 7
# (only as the middle of a 4-7-1, whose 1 would fall on the third cell). R2C5, just after
# the 1, cannot be a 7 (no 4 before it), and the two last cells lose what the unrolling
# took from them.
#
# ### 2. CP-SAT: `AddAutomaton`
#
# `sudoku_cp.variants.encode_cp` gives the line to CP-SAT's own automaton constraint, on
# the cells' integer variables. CP-SAT takes one next state per (state, value), so the
# encoder first makes the automaton deterministic (the subset construction, `deterministic`
# in `encode_cp_composite.py`): each new state is a set of the old ones. Past 20,000 such
# states (`MAX_DFA`) it would give up on that and post the unrolled moves as a flow
# instead (exactly one move per step, as many moves into a state as out of it); the
# patterns here are far below. The constraint, read back from the model:

# %%
from sudoku_cp.variants.encode_cp import encode as encode_cp
from sudoku_cp.variants.encode_cp_composite import deterministic

dfa_moves, dfa_final = deterministic(auto, 9)
print(f"deterministic: {1 + max(t for _, _, t in dfa_moves)} states (from {auto.states}), "
      f"{len(dfa_moves)} moves, accepting {dfa_final}")

cp = encode_cp(one_line)
proto = cp.model.Proto()
houses = len(one_line.houses())
print(len(proto.constraints) - houses, "constraint(s) for the line:")
con = proto.constraints[houses]
a = con.automaton
cells = [proto.variables[e.vars[0]].name for e in a.exprs]
print(f"  Automaton({', '.join(cells)})")
print(f"  start {a.starting_state}, final {list(a.final_states)}, {len(a.transition_tail)} transitions:")
table = {}
for q, v, t in zip(a.transition_tail, a.transition_label, a.transition_head):
    table.setdefault((q, t), []).append(v)
for (q, t), vals in sorted(table.items()):
    print(f"    {q} -> {t} on {''.join(map(str, vals))}")

# %% [markdown]
# (`x[r,c]` is 0-based: `x[4,0]` is R5C1.) Reading the table: one state means "a 4 read
# after the first cell", so only 7 leaves it, and only 1 leaves the state that 7 leads to;
# the state after a 4 as the first value lets both a 7 and the other values through (that
# 4 may have been the optional value). What CP-SAT deduces from the constraint is up to its
# own propagators and presolve: the model only states it.
#
# ### 3. The witness: forward and backward reachability
#
# The witness shares no code with the encoders (`witness_composite.py`). A line becomes an
# `Automaton` propagator. On each call it walks the line forwards, keeping the states
# reachable from a start over the cells' candidates, then backwards from the accepting
# states, and a value stays in a cell only while some move reading it joins a reachable
# state to one that still reaches an accept. Candidates are bitmasks (bit `v` set while
# `v` is possible).

# %%
from sudoku_cp.variants.witness_build import build


def values(mask):
    return "".join(str(v) for v in range(mask.bit_length()) if mask >> v & 1)


masks, props = build(one_line)
reach = next(p for p in props if type(p).__name__ == "Automaton")
reach.run(masks, [])
print("all candidates:   ", " ".join(f"{values(masks[x]):>9}" for x in line.cells))
masks[third] = 1 << 4
reach.run(masks, [])
print("R3C2 holds 4:     ", " ".join(f"{values(masks[x]):>9}" for x in line.cells))
witness_left = {name: {int(d) for d in values(masks[x])} for name, x in zip(names, line.cells)}
print("the same as unit propagation on the CNF:", witness_left == cnf_left)
assert witness_left == cnf_left

# %% [markdown]
# Both narrowed the same cells to the same values (the `assert` keeps this text true when the
# notebook runs as a test): the encoder's docstring says unit
# propagation on its clauses keeps a value exactly while some live move reads it with
# states possible on both sides, which is what the witness computes directly.
#
# ### The three solve the puzzle
#
# `crosscheck(puzzle, paradigms)` asks each paradigm for up to two solutions, checks every
# solution it returns with `check_solution` and reconciles the answers into one verdict.
# Below, each answer is also checked again here and compared with the solution the source
# states.

# %%
PARADIGMS = ("sat", "cpsat", "witness")


def cross(puzzle, expected):
    report = crosscheck(puzzle, PARADIGMS, time_limit=20)
    print("verdict:", report.verdict.value, "| ran:", ", ".join(report.ran), "| not run:", report.not_run or "none")
    for name, r in report.results.items():
        broken = [check_solution(puzzle, grid) for grid in r.solutions]
        print(f"  {name:8} solutions={r.count} exhausted={r.exhausted} "
              f"broken={broken} stated={[grid == expected for grid in r.solutions]} {1000 * r.time:7.1f} ms")
    assert report.verdict.value == "unique" and report.solution == expected
    assert all(check_solution(puzzle, g) == [] for r in report.results.values() for g in r.solutions)
    return report


report = cross(puzzle, expected)

# %% [markdown]
# The solved grid: the three lines are drawn pale blue and dashed, the white dot joins R4C6
# and R5C6.

# %%
from sudoku_cp.variants.picture import to_svg


class Picture:
    def __init__(self, svg):
        self.svg = svg

    def _repr_svg_(self):
        return self.svg


Picture(to_svg(puzzle, solution=report.solution))

# %% [markdown]
# ## Part 2: `Or`
#
# ### The puzzle: "Either/Or"
#
# Another example of ISS: 36 `Or` groups and nothing else. Each has two branches, and each
# branch is one "given" (in the model a `Candidates` constraint: the cell holds one of these
# values). The first reads `.Or.~R1C2_1.~R1C1_1.End`: R1C2 is 1, or R1C1 is 1.

# %%
either = entries["Either/Or"].puzzle
either_expected = entries["Either/Or"].expected
ors = [c for c in either.constraints if c.TYPE == "or"]
print(len(ors), "or groups, branches per group:", sorted({len(c.branches) for c in ors}),
      "| other constraints:", len(either.constraints) - len(ors), "| givens:", len(either.givens))
print(ors[0])

# %% [markdown]
# The project's picture draws no mark for a `Candidates` constraint, so `either` alone
# would show an empty grid. Here is a drawing of the groups instead: each joins its two
# cells and carries the value one of them holds.

# %%
def draw_groups(puzzle, solution=None):
    n = puzzle.size
    fig, ax = plt.subplots(figsize=(5, 5))
    for i in range(n + 1):
        w = 2 if i % 3 == 0 else 0.5
        ax.plot([0, n], [i, i], color="black", lw=w)
        ax.plot([i, i], [0, n], color="black", lw=w)
    for c in puzzle.constraints:
        (a, (va,)), (b, _) = [(x.cell, x.values) for x in c.branches]
        (ra, ca), (rb, cb) = divmod(a, n), divmod(b, n)
        ax.plot([ca + 0.5 + (cb - ca) / 4, cb + 0.5 - (cb - ca) / 4],
                [ra + 0.5 + (rb - ra) / 4, rb + 0.5 - (rb - ra) / 4],
                color="#dd8452", lw=5, alpha=0.6, solid_capstyle="round")
        ax.text((ca + cb) / 2 + 0.5, (ra + rb) / 2 + 0.5, str(va), ha="center", va="center",
                fontsize=9, color="#dd8452", fontweight="bold",
                bbox={"boxstyle": "circle,pad=0.15", "fc": "white", "ec": "#dd8452"})
    if solution is not None:
        for cell, v in enumerate(solution):
            ax.text(cell % n + 0.5, cell // n + 0.5, str(v), ha="center", va="center",
                    fontsize=11, color="#4c72b0")
    ax.set_xlim(-0.1, n + 0.1)
    ax.set_ylim(n + 0.1, -0.1)
    ax.set_aspect("equal")
    ax.axis("off")
    plt.tight_layout()


draw_groups(either)

# %% [markdown]
# A branch can be any rule ISS allows inside an `Or` (lines, cages, dots, givens, ...), and
# several items in one branch are grouped with `.And.` ... `.End.`. A small one built from
# an ISS string: the first three cells of row 1 increase, *or* they decrease (a thermometer
# one way or the other).

# %%
mono = parse_iss(".Or.Thermo~R1C1~R1C2~R1C3.Thermo~R1C3~R1C2~R1C1.End")
print(mono.constraints[0])

# %% [markdown]
# ### 1. CNF: a guard on every clause of a branch
#
# The `or` encoder makes one activation variable per branch, `("or", k, j)` (written
# `branch j` below), and one clause saying some branch is active. Then it encodes each
# branch with that branch's own encoder, under a *guard*: every clause the branch adds
# starts with the negated activation variable. An inactive branch satisfies all its
# clauses, so they say nothing; an active one makes them bind. (Nested composites stack
# their guards.)

# %%
def own_clauses(p):
    """The formula of ``p`` and the clauses it adds to the empty grid's."""
    f = encode_cnf(p)
    base = {tuple(c) for c in encode_cnf(VariantPuzzle(p.size)).clauses}
    return f, [c for c in f.clauses if tuple(c) not in base]


for p, label in ((VariantPuzzle(9, constraints=(ors[0],)), "the first group of Either/Or"),
                 (mono, "increasing or decreasing")):
    f, clauses = own_clauses(p)
    by_guard = {}
    for clause in clauses:
        by_guard.setdefault(words(f, clause[0]) if clause[0] < 0 else "(none)", []).append(clause)
    print(f"{label}: {len(clauses)} clauses")
    for guard, group in by_guard.items():
        shown = " ∨ ".join(words(f, x) for x in group[0][:5]) + (" ∨ ..." if len(group[0]) > 5 else "")
        print(f"  guard {guard:9} {len(group):3} clauses, e.g. {shown}")

# %% [markdown]
# In the first group, branch 0 ("R1C2 is 1") forbids R1C2 every other value, each clause
# guarded by `¬branch0`. In the thermometers, `¬branch0 ∨ ¬R1C1=2 ∨ R1C2=3 ∨ ...` reads "if
# the increasing branch is active and R1C1 holds 2, R1C2 holds more than 2".
#
# Unit propagation does not look through a guard. Say R1C1 holds 2: then the decreasing
# branch cannot hold (R1C2 would be 1 and R1C3 less than 1). Unit propagation on the
# clauses of the `or`, with the empty grid's clauses among the three cells (one value per
# cell, the values differ), only takes the 2 from the other two cells: every clause of a
# branch still has its guard open. Assume the decreasing branch, and propagation ends in a
# conflict: a SAT solver that tries that branch meets it and learns a clause against it.

# %%
f, clauses = own_clauses(mono)
row = [0, 1, 2]
row_literals = {f.x[x][v] for x in row for v in range(1, 10)}
cell_rules = [c for c in empty.clauses if {abs(x) for x in c} <= row_literals]
units = [f.x[0][2]] + [-f.x[0][v] for v in range(1, 10) if v != 2]
value = unit_propagate(clauses + cell_rules, units)
print("R1C1 holds 2:", {puzzle.cell_name(x): "".join(map(str, sorted(left(f, value, x)))) for x in row})
branches = [f.pool.id(("or", 0, j)) for j in (0, 1)]
print("branch variables set:", [value.get(b) for b in branches])
assert all(value.get(b) is None for b in branches) and left(f, value, 1) == set(range(1, 10)) - {2}
conflict = unit_propagate(clauses + cell_rules, units + [branches[1]]) is None
print("...and the decreasing branch assumed:", "conflict" if conflict else "no conflict")
assert conflict

# %% [markdown]
# ### 2. CP-SAT: enforcement literals
#
# CP-SAT has a native form for "this constraint holds only if": an *enforcement literal*
# (`OnlyEnforceIf`). The `or` encoder adds one Boolean per branch and a `BoolOr` over them,
# then runs each branch's own encoder on a view of the model that adds the branch's
# Boolean as enforcement literal to every constraint it adds. Read back from the model:

# %%
def ref(r):
    return proto.variables[r].name if r >= 0 else "¬" + proto.variables[-r - 1].name


def domain(d):
    big = 2 ** 62
    parts = [f"{a}" if a == b else f"{'-∞' if a < -big else a}..{'∞' if b > big else b}"
             for a, b in zip(d[::2], d[1::2])]
    return "{" + ", ".join(parts) + "}"


def show(con):
    if con.has_linear():
        lin = con.linear
        terms = " ".join(("+ " if k > 0 else "- ") + (ref(v) if abs(k) == 1 else f"{abs(k)}·{ref(v)}")
                         for v, k in zip(lin.vars, lin.coeffs)).removeprefix("+ ")
        text = f"{terms} ∈ {domain(list(lin.domain))}"
    elif con.has_bool_or():
        text = "Or(" + ", ".join(map(ref, con.bool_or.literals)) + ")"
    else:
        text = str(con).split()[0]
    guard = list(con.enforcement_literal)
    return ("if " + " and ".join(map(ref, guard)) + ": " if guard else "") + text


for p in (VariantPuzzle(9, constraints=(ors[0],)), mono):
    proto = encode_cp(p).model.Proto()
    for i in range(len(p.houses()), len(proto.constraints)):
        print("  " + show(proto.constraints[i]))
    print()

# %% [markdown]
# (`or0_1` is branch 1 of constraint 0; `x[0,1]` is R1C2.) The cell-value Booleans that
# some rules use (`is[cell,value]`) are made outside any enforcement: they are definitions
# every rule shares, never part of a branch.
#
# ### 3. The witness: a union of branches
#
# An `or` becomes a `Union` propagator holding each branch's own propagators. On each call
# it runs every branch to its fixpoint on a *copy* of the candidates; a branch that fails is
# out, and each cell keeps the values some surviving branch left it. No branch left: the
# rule fails.

# %%
masks, props = build(mono)
union = next(p for p in props if type(p).__name__ == "Union")
print("branches:", [[type(p).__name__ for p in branch] for branch in union.branches])
union.run(masks, [])
print("all candidates:", [values(masks[x]) for x in row])
masks[0] = 1 << 2
union.run(masks, [])
print("R1C1 holds 2:  ", [values(masks[x]) for x in row])

masks, props = build(VariantPuzzle(9, constraints=(ors[0],)))
union = next(p for p in props if type(p).__name__ == "Union")
masks[0] &= ~(1 << 1)
union.run(masks, [])
print("Either/Or's first group, once R1C1 cannot be 1: R1C2 keeps", values(masks[1]))

# %% [markdown]
# With nothing known the union already takes 1 and 9 from the middle cell: in either branch
# it lies strictly between the two others. With R1C1 = 2 the decreasing branch fails on its
# copy (R1C2 would be 1 and R1C3 less than 1), so the union keeps what the increasing branch
# leaves: the step that unit propagation alone did not take above. The price is a copy and
# a fixpoint per branch on every call.
#
# ### The three solve the puzzle

# %%
report = cross(either, either_expected)

# %% [markdown]
# The solution under the groups. Each group joins two neighbours, which share a row or a
# column, so its value sits in exactly one of the two cells.

# %%
draw_groups(either, report.solution)

# %% [markdown]
# ## The sizes side by side
#
# What each paradigm builds for the two whole puzzles: CNF variables and clauses (with the
# empty grid's for scale), CP-SAT variables and constraints, and the witness's propagators
# by kind.

# %%
print(f"{'':14} {'CNF vars':>9} {'clauses':>8} {'CP vars':>8} {'constraints':>12}   witness propagators")
for label, p in (("empty 9×9", VariantPuzzle(9)), ("Regex line", puzzle), ("Either/Or", either)):
    e = encode_cnf(p)
    m = encode_cp(p).model.Proto()
    kinds = {}
    for prop in build(p)[1]:
        kinds[type(prop).__name__] = kinds.get(type(prop).__name__, 0) + 1
    print(f"{label:14} {e.nv:9} {len(e.clauses):8} {len(m.variables):8} {len(m.constraints):12}   {kinds}")

# %% [markdown]
# What to take away: a regex line is a small automaton unrolled along a short line, and the
# three paradigms reason about it alike (the unit propagation and the witness's narrowing
# agreed above). An `or` is where they differ: in the CNF, unit propagation does not look
# through a guard, so the choice of branch is the search's (a decision, a conflict, a
# learnt clause); CP-SAT gets the branches as enforced constraints and deduces what its own
# propagators deduce; the witness looks into every branch, on a copy, at every call.
# docs/variants.md has a row for each type and the measurements on ISS's examples.
