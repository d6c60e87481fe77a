"""The ``fast`` backend's compiled code as a native object file, loaded without numba.

numba compiles the kernels (``fast.kernels``); what Python calls are four C entry
points (``numba.cfunc``) that take pointers to buffers the caller owns and allocate
nothing, so their machine code needs no numba runtime. The first process compiles
them, asks numba for each one's final LLVM module (``inspect_llvm``, public API),
turns it into object code with llvmlite (numba's own LLVM binding) and stores it in
the cache directory. A later process finds the file, hands it to LLVM's in-process
linker through llvmlite and calls the entry points through ctypes: it imports
neither numba nor the kernels' source, which is what lets it start in a fraction of
a second (numba's import and first dispatch alone cost about 0.8 s here).

**When the cache is used.** The file's name is a hash of everything the machine code
depends on: the kernels' source, this module, the numba and llvmlite versions, the
Python version and the host CPU (name and features). A stored file is trusted only
when its SHA-256 matches the one in its index, and it is written only after a child
process has loaded it and solved a board with it, so a file LLVM cannot link here
never reaches a user. Every symbol the code needs from outside is listed at build
time and checked before loading: Python's C API and libc come from the process;
numba's three runtime helpers, which only error paths the kernels never take would
call, are given here (``STUBS``). Anything else unresolved: the cache is not used
and numba compiles as before.

``SUDOKU_CP_FAST_NATIVE=0`` turns the cache off (numba compiles and calls the same
entry points).
"""

from __future__ import annotations

import ctypes
import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

#: Argument kinds of each entry point: ``p`` int64*, ``b`` uint8*, ``u`` uint64*,
#: ``i`` int64. Every entry returns an int64. (``fast.kernels`` builds the cfuncs'
#: signatures from these, ``load`` the ctypes prototypes.)
ENTRIES = {
    "solve": "p",
    "check_many": "piiipppppppp",
    "dig": "pipiipipiipppppppip",
    "fill": "uipippppp",
}
#: The index file's format; bump when the layout of the files changes.
FORMAT = 1
#: A failed store is not tried again for this long (seconds): a failure may be passing
#: (a child that timed out on a busy machine, a full disk), and a later try costs one
#: compile in a process that compiles anyway.
RETRY_AFTER = 24 * 3600
#: A trial directory this old (seconds) was left by a process killed while storing:
#: a store takes a minute or two.
STALE_TRIAL = 3600

_CTYPES = {"i": ctypes.c_int64}
_llvm = None  # llvmlite.binding, once initialised
_engines: list = []  # keep the execution engines (and their code) alive


def enabled() -> bool:
    """False when ``SUDOKU_CP_FAST_NATIVE=0``: then numba compiles in every process."""
    return os.environ.get("SUDOKU_CP_FAST_NATIVE", "1") != "0"


def _binding():
    global _llvm
    if _llvm is None:
        import llvmlite.binding as llvm

        llvm.initialize_native_target()
        llvm.initialize_native_asmprinter()
        _llvm = llvm
    return _llvm


def _version(dist: str) -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(dist)
    except PackageNotFoundError:
        return "?"


def cache_key() -> str:
    """The hash that names the object file: what the machine code depends on."""
    llvm = _binding()
    h = hashlib.sha256()
    here = Path(__file__).resolve().parent
    for source in (here / "kernels.py", Path(__file__).resolve()):
        h.update(source.read_bytes())
    parts = [str(FORMAT), _version("numba"), _version("llvmlite"), sys.implementation.name,
             "%d.%d" % sys.version_info[:2], llvm.get_process_triple(),
             llvm.get_host_cpu_name(), llvm.get_host_cpu_features().flatten()]
    h.update("\0".join(parts).encode())
    return h.hexdigest()[:32]


def _paths(directory: Path, key: str) -> tuple[Path, Path]:
    return directory / f"fast-{key}.o", directory / f"fast-{key}.json"


# -- calling --------------------------------------------------------------------------------------
def _prototype(kinds: str):
    return ctypes.CFUNCTYPE(ctypes.c_int64, *[_CTYPES.get(k, ctypes.c_void_p) for k in kinds])


def functions(addresses: dict[str, int]) -> dict:
    """ctypes callables for the entry points at ``addresses`` (name -> address)."""
    return {name: _prototype(ENTRIES[name])(addresses[name]) for name in ENTRIES}


# -- loading without numba ------------------------------------------------------------------------
def _stub_addresses(names) -> dict[str, int]:
    """Addresses for numba runtime helpers the object names but never calls.

    The entry points' wrappers name them on the path that reports an exception from
    the kernels (which raise none: they have no error path and own no memory; a
    carray's refcount never reaches a destructor). So each stub, if it were ever
    reached, says which helper and aborts, rather than let a run go on in an
    unknown state.
    """
    callbacks = {}
    for name in names:
        def unreachable(name=name):
            sys.stderr.write(f"sudoku_cp fast: the stored compiled code called numba's {name}, "
                             f"which it never should; set SUDOKU_CP_FAST_NATIVE=0 and report "
                             f"this\n")
            sys.stderr.flush()
            os.abort()
        callbacks[name] = ctypes.CFUNCTYPE(None)(unreachable)
    _engines.append(callbacks)  # the callbacks must outlive the code that names them
    return {name: ctypes.cast(f, ctypes.c_void_p).value for name, f in callbacks.items()}


#: numba's runtime helpers the wrappers name on their (unreachable) error path.
STUBS = frozenset({"NRT_Free", "NRT_MemInfo_call_dtor", "numba_do_raise", "numba_gil_ensure",
                   "numba_gil_release", "numba_runtime_build_excinfo_struct",
                   "numba_unpickle"})


def load(directory: Path, key: str | None = None) -> dict | None:
    """The entry points from the object file in ``directory``, or None when there is
    none for this machine and these sources (or it fails any check)."""
    llvm = _binding()
    obj_path, index_path = _paths(directory, key or cache_key())
    try:
        index = json.loads(index_path.read_text())
        code = obj_path.read_bytes()
    except (OSError, ValueError):
        return None
    if index.get("format") != FORMAT or hashlib.sha256(code).hexdigest() != index.get("sha256"):
        return None
    process = ctypes.CDLL(None)  # this process: Python's C API and libc
    missing = []
    for name in index["externals"]:
        try:
            llvm.add_symbol(name, ctypes.cast(getattr(process, name), ctypes.c_void_p).value)
        except AttributeError:
            missing.append(name)
    if not STUBS.issuperset(missing):
        return None  # LLVM would abort the process on an unresolved symbol
    stubbed = _stub_addresses(missing)
    for name, address in stubbed.items():
        llvm.add_symbol(name, address)
    target = llvm.Target.from_triple(llvm.get_process_triple())
    engine = llvm.create_mcjit_compiler(llvm.parse_assembly(""), target.create_target_machine())
    engine.add_object_file(llvm.ObjectFileRef.from_data(code))
    engine.finalize_object()
    addresses = {name: engine.get_function_address(symbol)
                 for name, symbol in index["symbols"].items()}
    if set(addresses) != set(ENTRIES) or not all(addresses.values()):
        return None
    _engines.append(engine)
    if stubbed and "numba" in sys.modules:  # numba came first: give it its helpers back
        from ...compiled_cache import restore_numba_symbols

        restore_numba_symbols()
    return functions(addresses)


# -- building (numba present) ---------------------------------------------------------------------
def _target_machine():
    llvm = _binding()
    target = llvm.Target.from_triple(llvm.get_process_triple())
    return target.create_target_machine(cpu=llvm.get_host_cpu_name(),
                                        features=llvm.get_host_cpu_features().flatten(),
                                        opt=3, reloc="default", codemodel="jitdefault")


def _readable(compiled: dict | None) -> dict | None:
    """``compiled`` (numba cfuncs by name) when every one was compiled in this process,
    so that numba can show its LLVM module; None when any came from numba's cache."""
    if not compiled or set(compiled) != set(ENTRIES):
        return None
    if any(getattr(cf, "cache_hits", 1) != 0 for cf in compiled.values()):
        return None
    return compiled


def store(compile_entries, directory: Path, compiled: dict | None = None) -> Path | None:
    """Write the object code of the entry points into ``directory``, once a child process
    has loaded and used it; returns the index path, or None when the object could not be
    made or did not pass (numba keeps serving this machine). ``compiled``: the cfuncs this
    process has, used when it compiled them itself (the first run on a machine: compiling
    the entry points a second time cost about 10 s of its CPU); else
    ``compile_entries(cache=False)`` gives them compiled afresh, so their modules can be read."""
    if directory.is_dir():
        _sweep(directory)
    llvm = _binding()
    key = cache_key()
    module = None
    symbols = {}
    entries = _readable(compiled) or compile_entries(cache=False)
    for name, cf in entries.items():
        part = llvm.parse_assembly(cf.inspect_llvm())
        symbols[name] = cf.native_name
        if module is None:
            module = part
        else:
            module.link_in(part)
    module.verify()
    externals = sorted({f.name for f in module.functions
                        if f.is_declaration and not f.name.startswith("llvm.")}
                       | {g.name for g in module.global_variables if g.is_declaration})
    code = _target_machine().emit_object(module)
    index = {"format": FORMAT, "sha256": hashlib.sha256(code).hexdigest(),
             "symbols": symbols, "externals": externals}
    directory.mkdir(parents=True, exist_ok=True)
    obj_path, index_path = _paths(directory, key)
    trial = directory / f".trial-{key}-{os.getpid()}"
    trial.mkdir(exist_ok=True)
    try:
        (trial / obj_path.name).write_bytes(code)
        (trial / index_path.name).write_text(json.dumps(index))
        if not _works_in_a_child(trial, key):
            return None
        os.replace(trial / obj_path.name, obj_path)  # the object first: the index says it is whole
        os.replace(trial / index_path.name, index_path)
    finally:
        for leftover in trial.glob("*"):
            leftover.unlink()
        trial.rmdir()
    return index_path


def _sweep(directory: Path) -> None:
    """Remove trial directories older than ``STALE_TRIAL``: what a process killed in
    the middle of a store left behind (a live store's directory is minutes old)."""
    now = time.time()
    for trial in directory.glob(".trial-*"):
        try:
            if now - trial.stat().st_mtime < STALE_TRIAL:
                continue
            for leftover in trial.glob("*"):
                leftover.unlink()
            trial.rmdir()
        except OSError:  # another process swept it first, or it is not ours to remove
            pass


def store_once(compile_entries, directory: Path, compiled: dict | None = None) -> Path | None:
    """``store``, unless it failed on this machine for these sources less than
    ``RETRY_AFTER`` ago (a marker file says so, with the reason, and later processes
    do not try again until it is that old); never raises: the cache only saves time."""
    key = cache_key()
    failed = directory / f"fast-{key}.failed"
    try:
        if time.time() - failed.stat().st_mtime < RETRY_AFTER:
            return None
    except OSError:  # no marker
        pass
    try:
        stored = store(compile_entries, directory, compiled)
    except Exception as exc:  # noqa: BLE001 - any failure means: no cache, numba serves
        stored, reason = None, f"{type(exc).__name__}: {exc}"
    else:
        reason = "the object file did not load in a child process"
    if stored is None:
        try:
            directory.mkdir(parents=True, exist_ok=True)
            failed.write_text(reason + "\n")
        except OSError:
            pass
    return stored


_SELF_TEST = """
import sys
from pathlib import Path
from sudoku_cp.backends.fast import native as fast_native
from sudoku_cp.backends.fast.backend import _Engine
from sudoku_cp.board import Board
from sudoku_cp.check import is_solution
functions = fast_native.load(Path(sys.argv[1]), sys.argv[2])
assert functions is not None, "the object file did not load"
engine = _Engine(functions, "trial")
board = Board.empty((2, 2))
solutions = engine.solve_board(board, 300)
assert len(solutions) == 288 and all(is_solution(board, s) for s in solutions)
"""


def _works_in_a_child(directory: Path, key: str) -> bool:
    """True when a fresh process loads the object in ``directory`` and counts the 288
    solutions of the empty 4x4 board with it (LLVM aborts a process whose object
    names a symbol it cannot find: better a child than the user's)."""
    package_root = str(Path(__file__).resolve().parents[3])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [package_root] + [p for p in [os.environ.get("PYTHONPATH")] if p])}
    try:
        done = subprocess.run([sys.executable, "-c", _SELF_TEST, str(directory), key],
                              env=env, capture_output=True, timeout=120)
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0
