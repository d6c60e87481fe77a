"""The package's floor plan: its modules in layers, drawn from the code's own imports.

Each module of ``sudoku_cp`` belongs to one layer (``LAYERS``, lowest first). A module
may import modules of its own layer or of layers below, never above: that is the rule
the house keeps, and ``--check`` holds the code to it (``tests/test_layers.py`` runs it).

    python3 docs/floor_plan.py --check          # exit 1, naming each import that climbs
    python3 docs/floor_plan.py -o docs/floor_plan.png   # the picture (needs matplotlib)

Imports are read with ``ast`` (every ``import`` and ``from ... import``, also inside
functions), so a lazy import counts like any other.
"""

from __future__ import annotations

import argparse
import ast
import sys
import textwrap
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "sudoku_cp"

#: Layers, lowest first: (name, what it is, module prefixes). The first prefix that
#: matches a module (the longest wins) places it.
LAYERS = [
    ("vocabulary", "errors, verdicts and their rules, reports, results, the cache, shapes",
     ["errors", "verdicts", "reconcile", "report", "result", "cache", "progress", "geometry",
      "records", "compiled_cache", "lock", "cp_import"]),
    ("board", "one puzzle: its text, the board, its rules checked, its picture",
     ["text", "board", "check", "display"]),
    ("input", "files and streams of puzzles, read into entries", ["parse"]),
    ("encoders", "models built, never solved: CNF, CP, exact cover, 0-1, ASP, MiniZinc",
     ["encode"]),
    ("search", "the reference search's tables and propagation", ["search"]),
    ("backends", "the declared interface, the registry, one module per solver",
     ["backends"]),
    ("services", "built on solving: cross-check, logic, generator, batch ...",
     ["crosscheck", "pipeline", "logic", "grade", "fill", "generate", "certify", "results",
      "propagate",
      "batch", "workers", "bench", "variants", "research"]),
    ("faces", "what people use: the command line, the page, the package's front door",
     ["cli", "gui", "__init__", "__main__"]),
]


def module_name(path: Path) -> str:
    rel = path.relative_to(PACKAGE).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__" and len(parts) > 1:
        parts.pop()
    return ".".join(parts)


def layer_of(module: str) -> int:
    best, where = -1, None
    for i, (_, _, prefixes) in enumerate(LAYERS):
        for p in prefixes:
            if (module == p or module.startswith(p + ".")) and len(p) > best:
                best, where = len(p), i
    if where is None:
        raise SystemExit(f"floor_plan: {module} is on no layer: add it to LAYERS")
    return where


def imports(path: Path, module: str) -> set[str]:
    """The package modules ``path`` imports (relative imports resolved)."""
    tree = ast.parse(path.read_text(), str(path))
    is_package = path.name == "__init__.py"
    here = module.split(".") if module != "__init__" else []
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("sudoku_cp."):
                    found.add(alias.name[len("sudoku_cp."):])
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here if is_package else here[:-1]
                base = base[:len(base) - (node.level - 1)] if node.level > 1 else base
                target = ".".join(base + ([node.module] if node.module else []))
            elif node.module and node.module.startswith("sudoku_cp"):
                target = node.module[len("sudoku_cp"):].lstrip(".")
            else:
                continue
            names = [a.name for a in node.names]
            for name in names:  # "from . import x" may import a submodule x
                sub = f"{target}.{name}" if target else name
                if (PACKAGE / sub.replace(".", "/")).with_suffix(".py").exists() or \
                        (PACKAGE / sub.replace(".", "/")).is_dir():
                    found.add(sub)
                elif target:
                    found.add(target)
    found.discard(module)
    return {m for m in found if m}


def survey():
    """Every module, its layer, and the imports that climb to a higher layer."""
    modules, climbs = {}, []
    for path in sorted(PACKAGE.rglob("*.py")):
        name = module_name(path)
        modules[name] = layer_of(name)
    for path in sorted(PACKAGE.rglob("*.py")):
        name = module_name(path)
        for target in sorted(imports(path, name)):
            if target not in modules:
                continue  # a name inside a module (from x import y), already counted
            if modules[target] > modules[name]:
                climbs.append((name, target))
    return modules, climbs


def draw(modules: dict[str, int], out: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    rows = {}
    for name, layer in modules.items():
        head = name.split(".")[0]
        rows.setdefault(layer, Counter())[head] += 1
    fig = Figure(figsize=(11, 0.9 * len(LAYERS) + 0.6))
    FigureCanvasAgg(fig)
    ax = fig.add_axes([0, 0, 1, 1])
    ax.set_xlim(0, 11)
    ax.set_ylim(0, len(LAYERS) + 0.6)
    ax.axis("off")
    for i, (title, what, _) in enumerate(LAYERS):
        y = i + 0.1
        ax.add_patch(matplotlib.patches.FancyBboxPatch(
            (0.1, y), 10.8, 0.8, boxstyle="round,pad=0.02", fc="#eef3f8" if i % 2 else "#f8f5ee",
            ec="#6b7b8c", lw=1))
        ax.text(0.25, y + 0.55, title, fontsize=12, weight="bold", va="center")
        ax.text(0.25, y + 0.22, what, fontsize=8, va="center", color="#444")
        names = [f"{h}/ ({k})" if k > 1 else h for h, k in sorted(rows.get(i, {}).items())]
        ax.text(5.0, y + 0.4, textwrap.fill("   ".join(names), 56), fontsize=9, va="center",
                family="monospace", linespacing=1.5)
    ax.text(0.1, len(LAYERS) + 0.3, "sudoku_cp: each layer imports only itself and the "
            "layers below it (python3 docs/floor_plan.py --check)", fontsize=10)
    fig.savefig(out, dpi=110)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="exit 1 on an import that climbs")
    ap.add_argument("-o", "--output", type=Path, help="draw the plan into this PNG")
    args = ap.parse_args(argv)
    modules, climbs = survey()
    for i, (title, _, _) in enumerate(LAYERS):
        print(f"{i + 1}. {title:<11} {sum(1 for v in modules.values() if v == i):>3} modules")
    for low, high in climbs:
        print(f"climbs: {low} ({LAYERS[modules[low]][0]}) imports {high} "
              f"({LAYERS[modules[high]][0]})")
    print(f"{len(modules)} modules, {len(climbs)} imports that climb")
    if args.output:
        draw(modules, args.output)
    return 1 if args.check and climbs else 0


if __name__ == "__main__":
    sys.exit(main())
