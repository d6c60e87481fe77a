"""The doc-command runner (``tests/doc_commands.py``, which CI runs after the suite) finds
the commands of the docs and only those, and knows what each needs.

Running every command takes minutes, so the suite checks the extraction here and runs
two quick commands for real; ``.ci/run`` runs them all.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import doc_commands as dc  # noqa: E402


def test_commands_are_found_and_synopses_are_not():
    cmds = dc.commands()
    texts = [c.text for c in cmds]
    assert len(cmds) > 80
    assert not any(dc._is_synopsis(t) for t in texts)  # README's usage block is not run
    assert any(t.startswith('sudoku-cp explain "$P"') for t in texts)
    explain = next(c for c in cmds if c.text.startswith('sudoku-cp explain "$P"'))
    assert explain.setup and explain.setup[0].startswith('P="1..45')  # the block's variable
    assert all(c.kind in ("run", "needs", "long", "server", "installs") for c in cmds)


def test_expected_exit_codes_come_from_the_comment():
    assert dc._expect("sudoku-cp solve --max-size 8 'x'   # refused, exit 2") == 2
    assert dc._expect("cadical a.cnf > out.txt     # exit code 10: satisfiable") == 10
    assert dc._expect("regenerate.py --check  # change nothing; exit 1 if a file is stale") == 0
    assert dc._expect("sudoku-cp check -f x") == 0


def test_classification():
    by_text = {c.text.split("#")[0].strip(): c for c in dc.commands()}
    assert by_text["sudoku-cp gui"].kind == "server" and by_text["sudoku-cp gui"].expect == 130
    assert by_text['pip install ".[gui]"'].kind == "installs"
    assert any(c.kind == "long" and "bench_" in c.text for c in by_text.values())
    assert any(c.kind == "needs" and c.why == "minizinc" for c in by_text.values())


def test_two_quick_commands_run_from_a_scratch_copy(tmp_path):
    clone = dc.scratch(tmp_path, None)
    env = dc.environment(tmp_path, clone)
    ok = dc.Command("x", 1, 'sudoku-cp solve "1..............." --box 2x2 --count')
    assert dc.run(ok, clone, env, [])[0] == 0
    refused = dc.Command("x", 2, "sudoku-cp solve --max-size 8 '" + "4" + "." * 80 + "'",
                         expect=2)
    code, tail = dc.run(refused, clone, env, [])
    assert code == 2 and "size limit of 8" in tail
