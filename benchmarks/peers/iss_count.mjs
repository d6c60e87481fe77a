// ISS=<checkout of sigh/Interactive-Sudoku-Solver> node iss_count.mjs [maxBacktracks]
// A warm ISS in one process: reads JSON lines {id, puzzle} on standard input and answers each
// at once with one line {id, status, sols, all, ms, total_ms, parse_ms, nodes, guesses} (ISS
// counting to two; status is ISS's own: unique, multiple, no-solution, capped; ms is
// runSolve's own clock, the search alone; total_ms the whole call: parse, build with ISS's
// optimizer, search; parse_ms a second parse of the same string, timed alone; nodes and
// guesses ISS's own counters, to set beside fast's nodes) or {id, status: "error", err} when
// ISS refuses the string. benchmarks/peers/diff_iss.py drives it; by hand:
// echo '{"id":1,"puzzle":"..."}' | ...
import { createInterface } from 'node:readline';

if (!process.env.ISS) {
  console.error('set ISS to a checkout of sigh/Interactive-Sudoku-Solver');
  process.exit(2);
}
// (a relative ISS is resolved from the current folder, as the shell means it, not from this file's)
const ISS_URL = (await import('node:url')).pathToFileURL((await import('node:path')).resolve(process.env.ISS)).href;
const { runSolve } = await import(ISS_URL + '/tools/lib/solver_analysis.js');
// (the module solver_analysis itself parses with: its URL carries ISS's version parameter)
const { SudokuParser } = await import(ISS_URL + '/js/sudoku_parser.js' + (self.VERSION_PARAM || ''));
const round = (x) => Math.round(x * 100) / 100;
const cap = Number(process.argv[2] || 2000000);

for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const r = JSON.parse(line);
  let out;
  try {
    const begun = performance.now();
    const s = runSolve({ name: String(r.id), input: r.puzzle },
      { maxBacktracks: cap, maxSolutions: 2, collectSolutions: true });
    const total = performance.now() - begun;
    const parsed = performance.now();
    SudokuParser.parseText(r.puzzle);
    out = { id: r.id, status: s.status, sols: s.counters.solutions, all: s.solutionSet,
      ms: round(s.elapsedMs), total_ms: round(total), parse_ms: round(performance.now() - parsed),
      nodes: s.counters.nodesSearched, guesses: s.counters.guesses };
  } catch (e) {
    out = { id: r.id, status: 'error', err: String((e && e.message) || e).slice(0, 300) };
  }
  process.stdout.write(JSON.stringify(out) + '\n');
}
