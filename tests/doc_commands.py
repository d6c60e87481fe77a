"""Every command in README.md, docs/*.md, models/README.md and notebooks/README.md, run
exactly as written, from a scratch copy of the project with ``../shared`` beside it.

A command is a line of a fenced ``sh`` (or unmarked) block that starts with a program
(``sudoku-cp``, ``python3``, ``curl``, ...); a line ending in ``\\`` goes on. Variables set
in a block (``P="..."``) are set for the commands after them in that block. Usage
synopses (``[-f FILE]``) and example output are not commands. The exit code expected is
0, or the one a trailing comment names (``# refused, exit 2``).

Each command is one of:

- **run**: run, and its exit code compared;
- **needs TOOL**: run when TOOL is on PATH, else skipped with that reason;
- **long**: a benchmark or a full data set (minutes to hours): run only with ``--all``;
- **server**: ``sudoku-cp gui`` serves until Ctrl-C: run, then given SIGINT once its
  address is printed (and the ``curl`` lines after it run against it), exit 130;
- **installs**: ``pip install ...`` changes the environment; CI's quick start runs it.

The scratch copy is the files git tracks (as they are in the working tree), so outputs
the docs write never touch the real clone; each document gets its own copy, and its
commands run in order (``certify verify`` reads what ``certify make`` wrote).
``sudoku-cp`` on PATH runs this tree's code. A document whose commands leave a file in
the copy that ``git status`` would show (a new file git does not ignore, or a tracked
file changed) fails with the files named: a new user who runs the docs from a clone must
find it as it was (the docs write into ``out/`` or ``benchmarks/out/``, both ignored, or
into a temporary folder).

Run it as ``python3 tests/doc_commands.py [--all] [FILE ...]``; ``tests/test_doc_commands.py``
runs the same for pytest.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ["README.md", *sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").glob("*.md")),
        "models/README.md", "notebooks/README.md"]
PROGRAMS = ("sudoku-cp", "python3", "python", "pip", "nice", "curl", "cc", "./", "PATH=",
            "git", "/usr/bin/time", "cadical", "kissat", "minisat", "minizinc")
#: Programs that may be missing: the line is skipped, with the reason, when they are.
TOOLS = {"cadical": "cadical", "kissat": "kissat", "minisat": "minisat",
         "minizinc": "minizinc", "cc": "cc", "curl": "curl", "/usr/bin/time": "/usr/bin/time"}
#: Commands that run for minutes or hours (benchmarks, whole data sets): --all runs them.
LONG = [
    (r"benchmarks/bench_|benchmarks/check_workers\.py", "a benchmark: minutes"),
    (r"benchmarks/ab_trees\.py", "two trees timed in turn: minutes"),
    (r"benchmarks/soak\.py", "a soak: minutes"),
    (r"benchmarks/dlx_soak_cases\.py --cases", "draws 40,200 of the soak's cases: minutes"),
    (r"variants/iss\.jsonl", "61 variant puzzles: about a minute"),
    (r"sudoku-cp bench ", "a benchmark over data sets: minutes"),
    (r"royle_17_clue", "49,158 puzzles"),
    (r"generate -n 1000 ", "a thousand minimal puzzles"),
    (r"generate --variant \S+ -n 1000+ ", "a thousand variant puzzles or more: minutes"),
    (r"generate -n 10 --(difficulty|min-rating)", "a rating band: many tries"),
    (r"-f norvig_top95 --certify|certify verify (out/)?certs/$", "certifies a data set"),
    (r"grade -f norvig_top95", "grades 95 puzzles with the logic engine"),
    (r"p36\.txt", "36x36 boards: minutes"),
    (r"git worktree", "changes the clone's git worktrees"),
    (r"git clone https?://", "fetches a peer's repository (the network)"),
    (r"benchmarks/peers/|bench_variants_iss", "a peer's benchmark: needs its fetched copy"),
    (r"\.\./before", "needs the older tree the git worktree line makes"),
    (r"drat-trim", "needs drat-trim built from its source (network)"),
    (r"pytest", "the test suite"),
    (r"minizinc --solver gecode --num-solutions 2", "minutes with Debian's Gecode (the note "
                                                     "after it says why)"),
    (r"notebooks/build\.py|models/regenerate\.py$", "rewrites tracked files"),
]
#: Commands that read what one of several optional tools wrote: skipped when none is there.
NEEDS_ANY = [(r"read_model\.py", ("cadical", "kissat", "minisat"))]
#: Seconds a command may take before it counts as failed (long ones: none).
TIMEOUT = 300


@dataclass
class Command:
    doc: str
    line: int
    text: str
    setup: list[str] = field(default_factory=list)  # variable assignments before it
    expect: int = 0
    kind: str = "run"  # run, needs, long, server, installs
    why: str = ""

    @property
    def name(self) -> str:
        return f"{self.doc}:{self.line}"


#: ``NAME=value`` before a command (``PYTHONPATH=../before python3 ...``), or alone.
ASSIGNMENT = r"[A-Z_]+=(?:\"[^\"]*\"|'[^']*'|\S*)"


def _is_command(line: str) -> bool:
    """A line that runs a program (``sudoku-cp: error: ...`` is output, not a command)."""
    rest = re.sub(rf"^(?:{ASSIGNMENT}\s+)+", "", line)
    return any(rest == p or rest.startswith(p if p[-1] in "/=" else p + " ")
               for p in PROGRAMS)


def _open_quote(text: str) -> bool:
    """True while a command's quotes are not closed (a ``python3 -c "`` of several lines)."""
    import shlex

    try:
        shlex.split(text, comments=True)
    except ValueError:
        return True
    return False


def _is_synopsis(line: str) -> bool:
    """``sudoku-cp check [PUZZLE ...] [-f FILE]``: a usage line, not a command."""
    return bool(re.search(r"\[(-|[A-Z]{2,})|(^|\s)\.\.\.(\s|\]|$)", line))


def _expect(text: str) -> int:
    """The exit code a trailing comment promises (``# refused, exit 2``), else 0; an exit
    code under a condition (``exit 1 if a file is stale``) promises nothing."""
    m = re.search(r"#[^'\"]*\bexit (?:code )?(\d+)(?!\s+if\b)", text)
    return int(m.group(1)) if m else 0


def _classify(cmd: Command) -> None:
    words = cmd.text.split()
    first = words[0]
    if first == "pip" or "pip install" in cmd.text:
        cmd.kind, cmd.why = "installs", "installs packages (CI's quick start does)"
        return
    for pattern, why in LONG:
        if re.search(pattern, cmd.text):
            cmd.kind, cmd.why = "long", why
            return
    if re.match(r"sudoku-cp gui\b", cmd.text):
        cmd.kind, cmd.why, cmd.expect = "server", "serves until Ctrl-C", 130
        return
    tool = TOOLS.get(first) or (TOOLS.get(words[1]) if first == "nice" and len(words) > 3 else None)
    if tool:
        cmd.kind, cmd.why = "needs", tool
    for pattern, tools in NEEDS_ANY:
        if re.search(pattern, cmd.text):
            cmd.kind, cmd.why = "needs", " or ".join(tools)


def commands(docs=DOCS) -> list[Command]:
    """Every command of the documents, in order, classified."""
    found = []
    for doc in docs:
        lines = (ROOT / doc).read_text(encoding="utf-8").splitlines()
        i, block, setup, synopsis = 0, None, [], False
        while i < len(lines):
            line = lines[i]
            if line.startswith("```"):
                block = None if block is not None else line[3:].strip()
                setup = []
                if block is not None:  # a block with a usage line holds usage lines only
                    end = next((j for j in range(i + 1, len(lines))
                                if lines[j].startswith("```")), len(lines))
                    synopsis = any(_is_command(x.strip()) and _is_synopsis(x)
                                   for x in lines[i + 1:end])
                i += 1
                continue
            if block in ("sh", "bash", "") and re.fullmatch(ASSIGNMENT, line.strip()):
                setup.append(line.strip())  # P="...": a variable for the lines after it
            elif block in ("sh", "bash", "") and not synopsis and _is_command(line.strip()):
                start, text = i + 1, line.strip()
                while (text.endswith("\\") or _open_quote(text)) and i + 1 < len(lines) \
                        and not lines[i + 1].startswith("```"):
                    i += 1
                    text = (text[:-1].rstrip() + " " + lines[i].strip() if text.endswith("\\")
                            else text + "\n" + lines[i])
                cmd = Command(doc, start, text, list(setup), _expect(text))
                _classify(cmd)
                found.append(cmd)
            i += 1
    return found


# -- running ---------------------------------------------------------------------------------
def scratch(base: Path, data: Path | None) -> Path:
    """A copy of the tracked files at ``base/sudoku_cp``, ``base/shared/data`` -> ``data``,
    and ``base/bin/sudoku-cp`` running that copy; returns the copy."""
    clone = base / "sudoku_cp"
    for rel in tracked_files():
        src = ROOT / rel
        if src.is_file():
            (clone / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, clone / rel)
    if data is not None:
        (base / "shared").mkdir(exist_ok=True)
        (base / "shared" / "data").symlink_to(data.resolve())
    (base / "bin").mkdir(exist_ok=True)
    shim = base / "bin" / "sudoku-cp"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m sudoku_cp "$@"\n')
    shim.chmod(0o755)
    return clone


def tracked_files() -> list[str]:
    return [rel for rel in subprocess.run(["git", "ls-files", "-z"], cwd=ROOT,
                                          capture_output=True, check=True
                                          ).stdout.decode().split("\0") if rel]


def left_behind(clone: Path, since: float) -> list[str]:
    """What ``git status --short`` would show in the copy after its commands: new files
    that git does not ignore (``?? path``), tracked files whose content changed (`` M``)."""
    tracked = set(tracked_files())
    new, changed = [], []
    for path in clone.rglob("*"):
        if not path.is_file() or path.is_symlink():
            continue
        rel = path.relative_to(clone).as_posix()
        if rel not in tracked:
            new.append(rel)
        elif path.stat().st_mtime > since and path.read_bytes() != (ROOT / rel).read_bytes():
            changed.append(rel)
    ignored = set(subprocess.run(["git", "check-ignore", "--no-index", "--stdin"], cwd=ROOT,
                                 input="\n".join(new), capture_output=True, text=True
                                 ).stdout.split()) if new else set()
    return sorted([f"?? {rel}" for rel in new if rel not in ignored] +
                  [f" M {rel}" for rel in changed])


def environment(base: Path, clone: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "SUDOKU_CP_DATA"}
    env.update(PATH=f"{base / 'bin'}{os.pathsep}{env.get('PATH', '')}", PYTHONPATH=str(clone),
               BROWSER="true", PYTHONDONTWRITEBYTECODE="1")
    return env


def data_folder() -> Path | None:
    for candidate in (os.environ.get("SUDOKU_CP_DATA"), ROOT.parent / "shared" / "data"):
        if candidate and Path(candidate).is_dir():
            return Path(candidate)
    return None


def skip_reason(cmd: Command, run_long: bool) -> str | None:
    if cmd.kind == "installs":
        return cmd.why
    if cmd.kind == "long" and not run_long:
        return f"long: {cmd.why} (--all runs it)"
    if cmd.kind == "needs" and not any(shutil.which(t) for t in cmd.why.split(" or ")):
        return f"needs {cmd.why}, which is not installed"
    if "../shared" in cmd.text or re.search(r"-f (norvig|royle|magictour|forum|serg|berthier)",
                                              cmd.text):
        if data_folder() is None:
            return "needs the shared data folder (../shared/data)"
    return None


def run(cmd: Command, clone: Path, env: dict, server: list) -> tuple[int, str]:
    """Run one command in ``clone``; returns (exit code, the end of its output)."""
    script = "\n".join(cmd.setup + [cmd.text])
    if cmd.kind == "server":
        proc = subprocess.Popen(["bash", "-c", f"exec {script}"], cwd=clone, env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                start_new_session=True)
        first = proc.stdout.readline()
        if not first.startswith("sudoku-cp gui: http"):
            proc.kill()
            out, err = proc.communicate()
            return proc.returncode, (first + out + err)[-600:]
        server.append(proc)
        return -1, first  # stopped by stop_server
    proc = subprocess.Popen(["bash", "-c", script], cwd=clone, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)  # a group: a time-out stops it all
    try:
        out, err = proc.communicate(timeout=None if cmd.kind == "long" else TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        return -2, f"(still running after {TIMEOUT} s: stopped)\n" + (out + err)[-500:]
    return proc.returncode, (out + err)[-600:]


def stop_server(server: list) -> tuple[int, str]:
    proc = server.pop()
    time.sleep(0.5)
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    return proc.returncode, (out + err)[-600:]


def main(argv: list[str]) -> int:
    import tempfile

    run_long = "--all" in argv
    docs = [a for a in argv if not a.startswith("--")] or DOCS
    failed = ran = skipped = 0
    for doc in docs:
        with tempfile.TemporaryDirectory() as tmp:
            base = Path(tmp)
            clone = scratch(base, data_folder())
            copied = time.time()
            env = environment(base, clone)
            server: list = []
            cmds = commands([doc])
            for k, cmd in enumerate(cmds):
                why = skip_reason(cmd, run_long)
                if why:
                    skipped += 1
                    print(f"SKIP {cmd.name}: {why}: {cmd.text[:80]}")
                    continue
                start = time.perf_counter()
                code, tail = run(cmd, clone, env, server)
                last_curl = server and (k + 1 == len(cmds) or not cmds[k + 1].text.startswith("curl"))
                if cmd.kind == "server" and code == -1:
                    serving = cmd  # its curl lines (if any) run next; then Ctrl-C
                    if k + 1 == len(cmds) or not cmds[k + 1].text.startswith("curl"):
                        code, tail = stop_server(server)
                ran += 1
                ok = code == cmd.expect or (cmd.kind == "server" and code == -1)
                failed += not ok
                _report(ok, cmd, code, start, tail)
                if cmd.kind != "server" and last_curl:  # the server's curl lines are done
                    start = time.perf_counter()
                    code, tail = stop_server(server)
                    failed += code != 130
                    _report(code == 130, serving, code, start, tail)
            left = left_behind(clone, copied)
            if left:  # what `git status --short` would show a new user afterwards
                failed += 1
                print(f"FAIL {doc}: its commands leave {len(left)} file(s) in the clone: "
                      + ", ".join(left[:12]) + (" ..." if len(left) > 12 else ""))
    print(f"{ran} run, {failed} failed, {skipped} skipped")
    return 1 if failed else 0


def _report(ok: bool, cmd: Command, code: int, start: float, tail: str) -> None:
    state = "serving" if code == -1 else f"exit {code}"
    print(f"{'ok  ' if ok else 'FAIL'} {cmd.name} {state} (expected {cmd.expect}) "
          f"{time.perf_counter() - start:.1f}s: {cmd.text[:80]}")
    if not ok:
        print("     " + tail.replace("\n", "\n     "))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
