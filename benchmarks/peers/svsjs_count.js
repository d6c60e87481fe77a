// A persistent worker that counts solutions with dclamage's SudokuVariantSolverJS (SVSJS).
//
//   SVSJS=<built checkout> node svsjs_count.js
//
// Reads one JSON request a line on stdin: {"id": ..., "puzzle": "<f-puzzles string>",
// "ms": <time limit in ms>} and writes one JSON answer a line on stdout, in order:
// {"id", "verdict": "unique"|"multiple"|"none"|"timeout"|"error", "count", "solution"
// (row-major values, when unique), "at_start" (why "none" before any search), "ms", "err"}. The puzzle is decoded here, with SVSJS's own
// lz-string, so SVSJS reads exactly the string the project's reader reads.
//
// One Solver serves every request of the process, on purpose. SVSJS registers its constraint
// builders once per process (src/solver/Constraint/ConstraintLoader.ts keeps a module-level
// `isRegistered` flag), so a second `new Solver()` in the same process has an empty registry
// and silently ignores every variant constraint: that was the "wrong counts one after another"
// (16 of 18 unique shared puzzles counted 2 with a fresh Solver per board; 0 wrong with one
// Solver reused, as with one process per puzzle). Re-requiring the bundle after clearing
// require.cache is also right, but 12x slower (every board re-JITs the bundle).
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

// Run one solver call with a time limit: SVSJS checks its cancel flag every 100 ms of search.
async function run(method, board, options, ms) {
    last = null;
    const timer = setTimeout(() => solver.cancel(), ms);
    try {
        await solver[method]({ board, options });
    } finally {
        clearTimeout(timer);
    }
    return last;
}

// What SVSJS's own board says before any search, each meaning no solution by SVSJS's own
// reading, though SVSJS does not act on the last two:
// - 'invalid': createBoard refuses the board (countSolutions then dereferences null and
//   throws instead of saying so);
// - 'given': placing a given, SVSJS's own constraints report a contradiction (its
//   applySingle returns INVALID), which createBoard does not check: the search then goes on
//   from a half-propagated board and may call "unique" a grid that breaks the rule (found on
//   region-sum lines and x-sums whose cells are given);
// - 'empty': the set-up leaves a cell without a candidate (a given 2 in an odd cell, two
//   equal givens in a house); applyNakedSingles then reads the empty mask as a single
//   (minValue(0) = 33) and loops forever, deaf to cancel.
const INVALID = 2; // ConstraintResult.INVALID
function atStart(text) {
    const data = decode(text);
    // createBoard is synchronous: watch its applySingle calls while it runs, and keep those
    // on the board it returns (the givens); subboards of Or constraints are Boards too, and
    // a subboard's INVALID only ends that branch
    const probe = solver.createBoard(JSON.parse(JSON.stringify(data)));
    if (probe === null) return 'invalid';
    const proto = Object.getPrototypeOf(probe);
    const applySingle = proto.applySingle;
    const rejected = new Set();
    proto.applySingle = function (single) {
        const result = applySingle.call(this, single);
        if (result === INVALID) rejected.add(this);
        return result;
    };
    let board;
    try {
        board = solver.createBoard(data);
    } finally {
        proto.applySingle = applySingle;
    }
    if (rejected.has(board)) return 'given';
    for (let i = 0; i < board.size * board.size; i++) {
        if ((board.cells[i] & board.allValues) === 0) return 'empty';
    }
    return null;
}

async function answer(req) {
    const t0 = Date.now();
    const ms = req.ms || 60000;
    const out = { id: req.id };
    try {
        const start = atStart(req.puzzle);
        if (start) {
            Object.assign(out, { verdict: 'none', count: 0, at_start: start, ms: Date.now() - t0 });
            return out;
        }
        const counted = await run('countSolutions', decode(req.puzzle), { maxSolutions: 2 }, ms);
        if (!counted || counted.result !== 'count') {
            out.verdict = 'error';
            out.err = 'no count: ' + JSON.stringify(counted).slice(0, 200);
        } else if (counted.cancelled || !counted.complete) {
            out.verdict = 'timeout';
            out.count = counted.count;
        } else {
            out.count = counted.count;
            out.verdict = counted.count === 0 ? 'none' : counted.count === 1 ? 'unique' : 'multiple';
            if (counted.count === 1) {
                const left = Math.max(1000, ms - (Date.now() - t0));
                const solved = await run('solve', decode(req.puzzle), {}, left);
                if (solved && solved.result === 'solution') {
                    out.solution = solved.solution;
                } else if (solved && solved.result === 'cancelled') {
                    out.verdict = 'timeout';
                } else {
                    out.verdict = 'error';
                    out.err = 'counted 1, then solve said ' + JSON.stringify(solved).slice(0, 200);
                }
            }
        }
    } catch (e) {
        out.verdict = 'error';
        out.err = String((e && e.message) || e).slice(0, 300);
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
            process.stdout.write(JSON.stringify({ id: null, verdict: 'error', err: 'bad request line' }) + '\n');
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
