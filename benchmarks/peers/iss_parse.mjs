// ISS=<checkout of sigh/Interactive-Sudoku-Solver> node iss_parse.mjs
// ISS's own parser, headless: reads JSON lines {id, text} on standard input and answers each
// with one line {id, iss} (the constraint as ISS writes it back: its canonical string) or
// {id, error}. benchmarks/peers/sudokuwiki_vs_iss.py drives it (SudokuWiki's packed killer
// strings, read by ISS and by this project).
import { createInterface } from 'node:readline';

if (!process.env.ISS) {
  console.error('set ISS to a checkout of sigh/Interactive-Sudoku-Solver');
  process.exit(2);
}
// (a relative ISS is resolved from the current folder, as the shell means it, not from this file's)
const ISS_URL = (await import('node:url')).pathToFileURL((await import('node:path')).resolve(process.env.ISS)).href;
globalThis.self = globalThis;  // (ISS's modules are written for a page or a worker)
self.VERSION_PARAM = '';
const { SudokuParser } = await import(ISS_URL + '/js/sudoku_parser.js');

for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const r = JSON.parse(line);
  let out;
  try {
    out = { id: r.id, iss: SudokuParser.parseText(r.text).toString() };
  } catch (e) {
    out = { id: r.id, error: String((e && e.message) || e).slice(0, 300) };
  }
  process.stdout.write(JSON.stringify(out) + '\n');
}
