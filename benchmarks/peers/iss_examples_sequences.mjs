// ISS=<checkout> node iss_examples_sequences.mjs
// Prints, one JSON line each, ISS's example puzzles (data/example_puzzles.js, data/collections.js)
// that use a composite (Or, And, Replicate) or a sequence rule (Regex, NFA): {id, name, puzzle}.
// benchmarks/peers/iss_examples_sequences.py reads them and compares the project with ISS.
globalThis.self = globalThis;
self.VERSION_PARAM = '';
if (!process.env.ISS) {
  console.error('set ISS to a checkout of sigh/Interactive-Sudoku-Solver');
  process.exit(2);
}
// (a relative ISS is resolved from the current folder, as the shell means it, not from this file's)
const ISS_URL = (await import('node:url')).pathToFileURL((await import('node:path')).resolve(process.env.ISS)).href;
const seen = new Set();
for (const file of ['data/example_puzzles.js', 'data/collections.js']) {
  const mod = await import(ISS_URL + '/' + file);
  const walk = (x, path) => {
    if (!x || typeof x !== 'object') return;
    if (typeof x.input === 'string' && !seen.has(x.input)
        && /\.(Or|And|Replicate|Regex|NFA)(~|\.|$)/.test(x.input)) {
      seen.add(x.input);
      console.log(JSON.stringify({ id: path, name: x.name || '', puzzle: x.input }));
    }
    for (const [k, v] of Object.entries(x)) if (k !== 'input') walk(v, path + '/' + k);
  };
  for (const [k, v] of Object.entries(mod)) walk(v, file.split('/').pop() + ':' + k);
}
