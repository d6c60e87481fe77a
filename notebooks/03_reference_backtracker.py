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
# # The reference backtracker
#
# `sudoku_cp.backends.backtrack` is a pure-Python search, written to be read and to check the
# solvers against. It keeps the **candidates** of each cell as a bitmask, applies **naked
# singles** and **hidden singles** until nothing changes, and then guesses in the **most
# constrained cell** (fewest candidates, MRV), depth first. This notebook looks at each piece
# and at the search tree it builds on an easy puzzle and on a hard one.
#
# Words: a **mask** has bit v−1 set when value v is still a candidate; a cell is *fixed* when
# its mask has one bit. A **node** is a state the search reaches without contradiction; a
# **backtrack** is a guess whose propagation ends in one.

# %%
from pathlib import Path

import matplotlib.pyplot as plt
from matplotlib.ticker import MaxNLocator

from sudoku_cp import is_solution, solve
from sudoku_cp.backends.backtrack import choose_cell, initial_masks, propagate, tables
from sudoku_cp.board import cell_name
from sudoku_cp.grade import grade
from sudoku_cp.parse import read_puzzles

DATA = Path("data")  # notebooks run with notebooks/ as the working directory
TESTS = Path("..") / "tests" / "data"
easy = [entry.board for entry in read_puzzles(DATA / "norvig_easy50_sample.txt")]
hardest = [entry.board for entry in read_puzzles(TESTS / "norvig_hardest.txt")]
top95 = [entry.board for entry in read_puzzles(TESTS / "top95_sample.txt")]

# %%
# Pictures of boards: SVG from sudoku_cp.display (givens bold, solved values blue).
from sudoku_cp.display import picture, side_by_side


# %% [markdown]
# ## Candidates as bitmasks
#
# `initial_masks` gives every empty cell all n candidates and fixes the givens. Eliminating a
# fixed value from its **peers** (the cells that share a house with it) is one `&~bit` per
# peer. We do just that, once, to see the candidates a person would pencil in:

# %%
board = hardest[0]
t = tables(board.geometry)
n = board.n


def candidates(mask):
    return [v for v in range(1, n + 1) if mask >> (v - 1) & 1]


def pencil(board):
    """Masks after removing each given's value from its peers, once (no singles yet)."""
    masks = initial_masks(board, t)
    for cell, v in enumerate(board.givens):
        if v:
            for p in t.peers[cell]:
                if not board.givens[p]:
                    masks[p] &= ~(1 << (v - 1))
    return masks


masks = pencil(board)
for cell in (0, 1, 2):
    print(f"{cell_name(cell, n)}: mask {masks[cell]:0{n}b} -> candidates {candidates(masks[cell])}")


# %%
def draw_candidates(board, masks, ax, title="", mark=()):
    """Pencil marks: fixed cells large, candidates small in a box-shaped sub-grid."""
    g = board.geometry
    br, bc = g.box_rows, g.box_cols
    for cell in mark:
        r, c = divmod(cell, n)
        ax.add_patch(plt.Rectangle((c, r), 1, 1, color="#fff2a8"))
    for i in range(n + 1):
        ax.plot([0, n], [i, i], color="black", lw=2 if i % br == 0 else 0.5)
        ax.plot([i, i], [0, n], color="black", lw=2 if i % bc == 0 else 0.5)
    for cell, m in enumerate(masks):
        r, c = divmod(cell, n)
        vals = candidates(m)
        if len(vals) == 1:
            given = board.givens[cell] != 0
            ax.text(c + 0.5, r + 0.55, str(vals[0]), ha="center", va="center", fontsize=13,
                    weight="bold" if given else "normal", color="black" if given else "#1f5bd6")
        else:
            for v in vals:
                sr, sc = divmod(v - 1, bc)
                ax.text(c + (sc + 0.5) / bc, r + (sr + 0.55) / br, str(v), ha="center",
                        va="center", fontsize=5.5, color="#555")
    ax.set_xlim(0, n)
    ax.set_ylim(n, 0)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_title(title, fontsize=10)


# %% [markdown]
# ## Naked and hidden singles
#
# A **naked single** is a cell with one candidate left; a **hidden single** is a value with
# one possible cell left in some house. Both fix a cell, which removes its value from its
# peers, which may create more singles. Here they are on the pencilled board (the singles
# highlighted), and then after `propagate`, the backend's loop that applies both until
# nothing changes:

# %%
def naked_singles(masks):
    return [c for c, m in enumerate(masks) if not board.givens[c] and m and not m & (m - 1)]


def hidden_singles(masks):
    found = set()
    for house in board.houses:
        for v in range(1, n + 1):
            places = [c for c in house if masks[c] >> (v - 1) & 1]
            if len(places) == 1 and masks[places[0]] != 1 << (v - 1):
                found.add((places[0], v))  # not already fixed (a given or a naked single)
    return sorted(found)


naked = naked_singles(masks)
hidden = hidden_singles(masks)
print("naked singles: ",
      ", ".join(f"{cell_name(c, n)}={candidates(masks[c])[0]}" for c in naked) or "none")
print("hidden singles:", ", ".join(f"{cell_name(c, n)}={v}" for c, v in hidden) or "none")

propagated = initial_masks(board, t)
ok = propagate(propagated, [c for c, v in enumerate(board.givens) if v], t.all_houses, t)
fixed = sum(1 for m in propagated if not m & (m - 1))
print(f"propagate() to a fixed point: {'no contradiction' if ok else 'contradiction'}, "
      f"{fixed} of {n * n} cells fixed")

fig, axes = plt.subplots(1, 2, figsize=(11, 5.5))
singles = set(naked) | {c for c, _ in hidden}
draw_candidates(board, masks, axes[0], "givens' values removed from their peers", singles)
draw_candidates(board, propagated, axes[1], "after naked and hidden singles", ())
fig.tight_layout()
plt.show()

# %% [markdown]
# The grader (`sudoku_cp.grade`) solves the way a person does, easiest technique first, and
# counts what it used; for this puzzle singles are not enough:

# %%
print(grade(board))

# %% [markdown]
# ## Most constrained cell first
#
# When propagation stops, the search guesses. `choose_cell` picks the unfixed cell with the
# fewest candidates (MRV); among those, the one whose candidates appear in most peers, so that
# each guess eliminates as much as possible. A wrong guess in a cell with two candidates costs
# at most one failed branch.

# %%
cell = choose_cell(propagated, t)
print(f"MRV cell: {cell_name(cell, n)}, candidates {candidates(propagated[cell])}")
fig, ax = plt.subplots(figsize=(5.5, 5.5))
draw_candidates(board, propagated, ax, f"the search guesses first in {cell_name(cell, n)}", [cell])
plt.show()


# %% [markdown]
# ## The search tree
#
# Below, the same search as `iter_solutions` in the backend, written recursively to keep the
# tree: every guess is a child; it is a **node** if its propagation succeeds, a **dead end**
# (a backtrack) if it ends in a contradiction. Like a uniqueness check, it explores the whole
# tree, so its counts must equal the backend's `stats` for `limit=2` on a unique puzzle.

# %%
def search_tree(board):
    """(depth, parent index, kind) for every guess, kind 'node', 'dead' or 'solution'."""
    t = tables(board.geometry)
    masks = initial_masks(board, t)
    assert propagate(masks, [c for c, v in enumerate(board.givens) if v], t.all_houses, t)
    tree = []

    def visit(masks, depth, parent, kind):
        me = len(tree)
        cell = choose_cell(masks, t) if kind == "node" else -1
        if kind == "node" and cell < 0:
            kind = "solution"
        tree.append((depth, parent, kind))
        if kind != "node":
            return
        m = masks[cell]
        while m:  # lowest candidate first, as the backend tries them
            bit = m & -m
            m ^= bit
            child = list(masks)
            child[cell] = bit
            ok = propagate(child, [cell], t.house_bits[cell], t)
            visit(child, depth + 1, me, "node" if ok else "dead")

    visit(masks, 0, -1, "node")
    return tree


def tree_size(tree):
    return sum(k != "dead" for _, _, k in tree), sum(k == "dead" for _, _, k in tree)


# The hardest of Norvig's 'hardest' for this search, and the first easy puzzle.
hard_results = [solve(b, "backtrack", limit=2) for b in hardest]
worst = max(range(len(hardest)), key=lambda i: hard_results[i].stats["nodes"])
examples = {"easy50 #1": easy[0], f"hardest #{worst + 1}": hardest[worst]}
trees = {}
for label, b in examples.items():
    r = solve(b, "backtrack", limit=2)
    trees[label] = tree = search_tree(b)
    nodes, dead = tree_size(tree)
    assert (nodes, dead) == (r.stats["nodes"], r.stats["backtracks"]) and r.count == "1"
    print(f"{label:12} nodes {nodes:3}, backtracks {dead:3}, depth {max(d for d, _, _ in tree)}, "
          f"{1000 * r.time_s:.1f} ms")


# %%
def draw_tree(tree, ax, title):
    """Leaves left to right in search order, each parent above the middle of its children."""
    children = {i: [] for i in range(len(tree))}
    for i, (_, parent, _) in enumerate(tree):
        if parent >= 0:
            children[parent].append(i)
    xs, next_leaf = {}, [0]

    def place(i):
        if not children[i]:
            xs[i] = next_leaf[0]
            next_leaf[0] += 1
        else:
            for c in children[i]:
                place(c)
            xs[i] = sum(xs[c] for c in children[i]) / len(children[i])

    place(0)
    for i, (depth, parent, _) in enumerate(tree):
        if parent >= 0:
            ax.plot([xs[parent], xs[i]], [tree[parent][0], depth], color="#999", lw=0.8, zorder=1)
    style = {"node": ("o", "#4c72b0", 25), "dead": ("x", "#c44e52", 25),
             "solution": ("*", "#55a868", 160)}
    for kind, (marker, colour, s) in style.items():
        pts = [(xs[i], d) for i, (d, _, k) in enumerate(tree) if k == kind]
        if pts:
            ax.scatter(*zip(*pts), marker=marker, color=colour, s=s, zorder=2, label=kind)
    depth = max(d for d, _, _ in tree)
    ax.set_ylim(max(depth, 1) + 0.5, -0.5)
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_ylabel("depth (guesses)")
    ax.set_xticks([])
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8, loc="lower left")


fig, axes = plt.subplots(1, 2, figsize=(11, 3.8), gridspec_kw={"width_ratios": [1, 4]})
for ax, (label, tree) in zip(axes, trees.items()):
    nodes, dead = tree_size(tree)
    draw_tree(tree, ax, f"{label}: {nodes} node{'s' * (nodes != 1)}, {dead} backtracks")
fig.tight_layout()
plt.show()

# %% [markdown]
# The easy puzzle needs no guess: naked and hidden singles solve it at the root, and the
# "tree" is one node that is already the solution. The hard one needs guesses; most wrong
# guesses die at once (a red cross right under its parent), because singles propagate a wrong
# value into a contradiction within a step or two. The search then has to go on after the
# solution is found, to prove there is no second one.
#
# ## Size of the search on three sets
#
# Nodes and backtracks of `solve(board, "backtrack", limit=2)`, the uniqueness check:

# %%
print(f"{'set':22} {'puzzles':>7} {'nodes: median':>14} {'max':>5} {'backtracks: max':>16} "
      f"{'ms: max':>8}")
for label, boards in (("norvig_easy50 (10)", easy), ("norvig_hardest", hardest),
                      ("top95 (first 10)", top95)):
    results = [solve(b, "backtrack", limit=2) for b in boards]
    assert all(r.count == "1" and is_solution(b, r.solution) for b, r in zip(boards, results))
    nodes = sorted(r.stats["nodes"] for r in results)
    print(f"{label:22} {len(boards):>7} {nodes[len(nodes) // 2]:>14} {nodes[-1]:>5} "
          f"{max(r.stats['backtracks'] for r in results):>16} "
          f"{max(1000 * r.time_s for r in results):>8.1f}")

# %% [markdown]
# Norvig's "hardest" set was hard for the solvers of its day; with naked and hidden singles
# and MRV most of its puzzles take a handful of nodes here. The top95 set is the harder one
# for this search.
