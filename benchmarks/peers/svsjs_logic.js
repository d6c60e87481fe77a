// A persistent worker running dclamage's SudokuVariantSolverJS (SVSJS) logicalSolve.
//
//   SVSJS=<built checkout> node svsjs_logic.js
//
// Reads one JSON request a line on stdin: {"id", "puzzle": "<f-puzzles string>", "ms": <time
// limit in ms>, "steps": [names of SVSJS's optional logical steps to allow] (absent: all, as
// SVSJS's own logicalSolve)} and writes one JSON answer a line on stdout, in order:
// {"id", "solved" (no open cell left), "invalid" (SVSJS found the board broken), "cancelled",
// "grid" (row-major values, 0 where a cell still has several candidates), "lines" (the
// description lines of the path), "contradictions" (lines of its "Simple Contradiction" step:
// a one-assumption trial), "ms", "err"}.
//
// SVSJS's optional steps (src/solver/Board.ts): "Cell Forcing", "Naked Tuple and Pointing",
// "Fish", "Skyscraper", "Simple Contradiction"; naked and hidden singles and each constraint's
// own logic are always on. One Solver serves every request, on purpose: see svsjs_count.js
// (SVSJS registers its constraint builders once per process).
'use strict';
const readline = require('readline');

const root = process.env.SVSJS;
if (!root) {
    console.error('set SVSJS to a built checkout of dclamage/SudokuVariantSolverJS (npm install && npm run build)');
    process.exit(2);
}
globalThis.self = globalThis; // the webpack bundle is built for a web worker
const Solver = require(root + '/dist/bundle.js').default;
const LZ = require(root + '/node_modules/lz-string');

let last = null;
const solver = new Solver(m => {
    last = m;
});

function decode(text) {
    const t = text.replace(/^.*[?&]load=/, '').split('&')[0];
    return JSON.parse(LZ.decompressFromBase64(t));
}

async function answer(req) {
    const t0 = Date.now();
    const out = { id: req.id };
    last = null;
    const timer = setTimeout(() => solver.cancel(), req.ms || 60000);
    try {
        const options = req.steps ? { allowedLogicalSteps: req.steps } : {};
        await solver.logicalSolve({ board: decode(req.puzzle), options });
        if (!last) {
            out.err = 'no answer';
        } else if (last.result === 'cancelled') {
            out.cancelled = true;
        } else {
            const desc = last.desc || [];
            out.lines = desc.length;
            out.contradictions = desc.filter(d => d.startsWith('Simple Contradiction')).length;
            out.invalid = !!last.invalid;
            out.solved = desc[desc.length - 1] === 'Solved!';
            out.grid = (last.candidates || []).map(c =>
                c && c.given ? c.value : Array.isArray(c) && c.length === 1 ? c[0] : 0);
        }
    } catch (e) {
        out.err = String((e && e.message) || e).slice(0, 300);
    } finally {
        clearTimeout(timer);
    }
    out.ms = Date.now() - t0;
    return out;
}

const queue = [];
let busy = false;
async function drain() {
    if (busy) return;
    busy = true;
    while (queue.length) {
        const line = queue.shift();
        let req;
        try {
            req = JSON.parse(line);
        } catch (e) {
            process.stdout.write(JSON.stringify({ id: null, err: 'bad request line' }) + '\n');
            continue;
        }
        process.stdout.write(JSON.stringify(await answer(req)) + '\n');
    }
    busy = false;
}

const rl = readline.createInterface({ input: process.stdin, terminal: false });
rl.on('line', line => {
    if (line.trim()) {
        queue.push(line);
        drain();
    }
});
