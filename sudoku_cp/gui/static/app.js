// sudoku-cp gui: the page keeps the player's state; the server answers questions about it.
// Plain JavaScript, no build step, nothing loaded from the network.
"use strict";

const SYM = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
// A 9x9 easy puzzle to start with: `sudoku-cp generate --seed 3 --difficulty easy`.
const SAMPLE = "2..3.8......71..4..674...35...5.....5.8.3.7.6.............9...3.9.2.....87..6.9..";
const STAT_KEYS = ["conflicts", "decisions", "propagations", "branches", "nodes", "backtracks", "guesses"];

const $ = (id) => document.getElementById(id);
const S = {
  info: null, n: 0, br: 0, bc: 0, givens: [], values: [], marks: [], excluded: new Set(),
  peers: [], houses: [], sel: null, pencil: false, showCands: false,
  undo: [], redo: [], hl: emptyHighlights(), step: null, busy: null, solved: false,
  editing: false,  // typing in the givens of a new puzzle
};

function emptyHighlights() {
  return { cells: new Set(), houses: new Set(), targets: new Map(), elim: new Map(),
           keys: new Set(), wrong: new Set(), differ: new Set(), links: [], linked: new Map() };
}

// -- geometry (the same numbering as sudoku_cp.board: rows, columns, boxes) ------------------
function setGeometry(n, br, bc) {
  S.n = n; S.br = br; S.bc = bc;
  const houses = [];
  for (let r = 0; r < n; r++) houses.push([...Array(n).keys()].map((c) => r * n + c));
  for (let c = 0; c < n; c++) houses.push([...Array(n).keys()].map((r) => r * n + c));
  for (let r0 = 0; r0 < n; r0 += br)
    for (let c0 = 0; c0 < n; c0 += bc) {
      const box = [];
      for (let r = 0; r < br; r++) for (let c = 0; c < bc; c++) box.push((r0 + r) * n + c0 + c);
      houses.push(box);
    }
  S.houses = houses;
  S.peers = [...Array(n * n)].map(() => new Set());
  for (const h of houses) for (const a of h) for (const b of h) if (a !== b) S.peers[a].add(b);
}
const sym = (v) => (v ? SYM[v - 1] : ".");
const cellName = (c) => `r${Math.floor(c / S.n) + 1}c${(c % S.n) + 1}`;
const lineOf = (vals) => vals.map(sym).join("");

function candidates(c) {
  const out = [];
  const seen = new Set([...S.peers[c]].map((p) => S.values[p]));
  for (let v = 1; v <= S.n; v++) if (!seen.has(v) && !S.excluded.has(`${c}:${v}`)) out.push(v);
  return out;
}

function clashes() {
  const bad = new Set();
  for (const h of S.houses) {
    const at = new Map();
    for (const c of h) {
      const v = S.values[c];
      if (!v) continue;
      if (at.has(v)) { bad.add(c); bad.add(at.get(v)); } else at.set(v, c);
    }
  }
  return bad;
}

// -- loading a puzzle ---------------------------------------------------------------------------
function load(p, note) {
  setGeometry(p.n, p.box[0], p.box[1]);
  S.givens = p.givens.slice();
  S.values = p.givens.slice();
  S.marks = S.values.map(() => new Set());
  S.excluded = new Set();
  S.undo = []; S.redo = []; S.sel = null; S.step = null; S.solved = false;
  setEditing(false);
  S.hl = emptyHighlights();
  buildBoard();
  buildKeypad();
  setOutput("");
  if (note !== undefined) $("gen-info").textContent = note;
  update();
}

function buildBoard() {
  const board = $("board");
  const { n, br, bc } = S;
  fit();
  document.documentElement.style.setProperty("--n", n);
  board.style.setProperty("--br", br);
  board.style.setProperty("--bc", bc);
  board.innerHTML = "";
  for (let c = 0; c < n * n; c++) {
    const d = document.createElement("div");
    const r = Math.floor(c / n), k = c % n;
    d.className = "cell";
    if ((k + 1) % bc === 0) d.classList.add(k === n - 1 ? "lastc" : "br");
    if ((r + 1) % br === 0) d.classList.add(r === n - 1 ? "lastr" : "bb");
    d.dataset.cell = c;
    d.setAttribute("role", "gridcell");
    d.addEventListener("mousedown", (e) => { e.preventDefault(); select(c); board.focus(); });
    board.appendChild(d);
  }
}

function fit() {  // cells as large as the window allows, from 22 to 84 pixels
  const room = Math.min(540, window.innerWidth - 60);
  const cell = Math.max(22, Math.min(84, Math.floor(room / S.n)));
  document.documentElement.style.setProperty("--cell", `${cell}px`);
}

function buildKeypad() {
  const pad = $("keypad");
  pad.innerHTML = "";
  for (let v = 1; v <= S.n; v++) {
    const b = document.createElement("button");
    b.textContent = sym(v);
    b.dataset.value = v;
    b.addEventListener("click", () => enter(v, S.pencil));
    pad.appendChild(b);
  }
  const erase = document.createElement("button");
  erase.textContent = "Erase";
  erase.style.padding = "6px 10px";
  erase.addEventListener("click", () => enter(0, false));
  pad.appendChild(erase);
}

// -- drawing ---------------------------------------------------------------------------------
function update() {
  const { n } = S;
  const bad = clashes();
  const sel = S.sel;
  const selValue = sel === null ? 0 : S.values[sel];
  const houseCells = new Set([...S.hl.houses].flatMap((h) => S.houses[h] || []));
  const cells = $("board").children;
  for (let c = 0; c < n * n; c++) {
    const d = cells[c];
    const v = S.values[c];
    const cls = d.classList;
    cls.toggle("given", !!S.givens[c]);
    cls.toggle("selected", c === sel);
    cls.toggle("peer", sel !== null && c !== sel && S.peers[sel].has(c));
    cls.toggle("same", !!selValue && c !== sel && v === selValue);
    cls.toggle("clash", bad.has(c));
    cls.toggle("hint-house", houseCells.has(c));
    cls.toggle("hint-cell", S.hl.cells.has(c));
    cls.toggle("hint-target", S.hl.targets.has(c));
    cls.toggle("wrong", S.hl.wrong.has(c));
    cls.toggle("differ", S.hl.differ.has(c));
    drawCell(d, c, v);
  }
  drawLinks();
  $("line").value = lineOf(S.values);
  $("undo").disabled = !S.undo.length;
  $("redo").disabled = !S.redo.length;
  status(bad);
}

function drawCell(d, c, v) {
  d.innerHTML = "";
  if (v) { d.textContent = sym(v); d.setAttribute("aria-label", `${cellName(c)} ${sym(v)}`); return; }
  d.setAttribute("aria-label", `${cellName(c)} empty`);
  const elim = S.hl.elim.get(c);
  const target = S.hl.targets.get(c);
  let shown = S.showCands ? candidates(c) : [...S.marks[c]];
  if (target && !S.showCands && !shown.length) {
    const g = document.createElement("span");
    g.className = "ghost";
    g.textContent = sym(target);
    d.appendChild(g);
    return;
  }
  if (elim) shown = [...new Set([...shown, ...elim])];
  if (S.hl.linked.has(c)) shown = [...new Set([...shown, ...S.hl.linked.get(c)])];
  if (target) shown = [...new Set([...shown, target])];
  if (!shown.length) return;
  const grid = document.createElement("div");
  grid.className = "cands";
  const keys = S.hl.cells.has(c) ? S.hl.keys : null;  // the values a hint's pattern is about
  for (let k = 1; k <= S.n; k++) {
    const s = document.createElement("span");
    if (shown.includes(k)) s.textContent = sym(k);
    if (keys && keys.has(k)) s.className = "key";
    if (elim && elim.includes(k)) s.className = "elim";
    if (target === k) s.className = "place";
    grid.appendChild(s);
  }
  d.appendChild(grid);
}

// A chain's links as lines between candidates: solid for strong links, dashed for weak ones.
const SVG = "http://www.w3.org/2000/svg";  // a namespace name, not a download
function drawLinks() {
  const board = $("board");
  const old = board.querySelector("svg.links");
  if (old) old.remove();
  if (!S.hl.links.length) return;
  const frame = board.getBoundingClientRect();
  const cells = board.children;
  const svg = document.createElementNS(SVG, "svg");
  svg.classList.add("links");
  svg.setAttribute("width", board.clientWidth);
  svg.setAttribute("height", board.clientHeight);
  const spot = (c, v) => {  // the centre of candidate v in cell c, inside the board's border
    const r = cells[c].getBoundingClientRect();
    const w = r.width / S.bc, h = r.height / S.br;
    return [r.left - frame.left - board.clientLeft + ((v - 1) % S.bc + 0.5) * w,
            r.top - frame.top - board.clientTop + (Math.floor((v - 1) / S.bc) + 0.5) * h,
            Math.min(w, h) * 0.42];
  };
  const add = (name, attrs) => {
    const el = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    svg.appendChild(el);
  };
  const ends = new Map();
  for (const [[c1, v1], [c2, v2], kind] of S.hl.links) {
    const [x1, y1, r] = spot(c1, v1), [x2, y2] = spot(c2, v2);
    const d = Math.hypot(x2 - x1, y2 - y1) || 1;
    const ux = (x2 - x1) / d, uy = (y2 - y1) / d;
    add("line", { x1: x1 + ux * r, y1: y1 + uy * r, x2: x2 - ux * r, y2: y2 - uy * r,
                  class: kind === "strong" ? "strong" : "weak" });
    ends.set(`${c1}:${v1}`, [x1, y1, r]);
    ends.set(`${c2}:${v2}`, [x2, y2, r]);
  }
  for (const [x, y, r] of ends.values()) add("circle", { cx: x, cy: y, r });
  board.appendChild(svg);
}

function status(bad) {
  const el = $("status");
  const total = S.n * S.n;
  const filled = S.values.filter((v) => v).length;
  const clues = S.givens.filter((v) => v).length;
  let text = `${S.n}×${S.n} · ${clues} givens · ${filled} of ${total} cells filled`;
  if (bad.size) text += ` · ${bad.size} cells clash`;
  el.classList.toggle("solved", S.solved);
  if (S.editing) text = `Typing a new ${S.n}×${S.n} puzzle: ${clues} givens so far. Press Done when they are all in.`;
  else if (S.solved) text = "Solved! Every value matches the solution.";
  else if (filled === total && !bad.size) text += " · nothing clashes: press Check to confirm";
  el.textContent = text;
}

// -- playing ---------------------------------------------------------------------------------
function snapshot() {
  return { givens: S.givens.slice(), values: S.values.slice(), marks: S.marks.map((m) => [...m]),
           excluded: [...S.excluded] };
}
function restore(s) {
  S.givens = s.givens.slice();
  S.values = s.values.slice();
  S.marks = s.marks.map((m) => new Set(m));
  S.excluded = new Set(s.excluded);
}
function record() {
  S.undo.push(snapshot());
  if (S.undo.length > 500) S.undo.shift();
  S.redo = [];
  forget();
}
function forget() {  // the position changes: old hints and check marks no longer apply
  S.hl = emptyHighlights();
  S.step = null;
  S.solved = false;
  const apply = $("apply");
  if (apply) apply.disabled = true;
}
function undo() {
  if (!S.undo.length) return;
  S.redo.push(snapshot());
  restore(S.undo.pop());
  forget(); update();
}
function redo() {
  if (!S.redo.length) return;
  S.undo.push(snapshot());
  restore(S.redo.pop());
  forget(); update();
}

function select(c) { S.sel = c; update(); }

function place(c, v) {
  S.values[c] = v;
  S.marks[c].clear();
  if (v) for (const p of S.peers[c]) S.marks[p].delete(v);
}

function enter(v, pencil) {
  const c = S.sel;
  if (c === null || S.givens[c] || v > S.n) return;
  if (pencil && v) {
    if (S.values[c]) return;
    record();
    if (S.marks[c].has(v)) S.marks[c].delete(v); else S.marks[c].add(v);
  } else {
    if (!v && !S.values[c] && !S.marks[c].size) return;
    record();
    place(c, S.values[c] === v ? 0 : v);
    if (S.editing) S.givens[c] = S.values[c];
  }
  update();
  const full = S.values.every((x) => x);
  if (full && !S.editing && !clashes().size && !S.busy) check();  // the last cell: confirm it
}

function setEditing(on) {
  S.editing = on;
  $("done-editing").hidden = !on;
  $("board").classList.toggle("editing", on);
}

function blank() {
  const [r, c] = $("gen-size").value.split("x").map(Number);
  const n = r * c;
  load({ n, box: [r, c], givens: Array(n * n).fill(0) }, `An empty ${n}×${n} board: type the givens, then press Done.`);
  setEditing(true);
  S.sel = 0;
  update();
  $("board").focus();
}

function doneEditing() {
  setEditing(false);
  $("gen-info").textContent = `Your ${S.n}×${S.n} puzzle: ${S.givens.filter((v) => v).length} givens.`;
  S.undo = []; S.redo = [];
  update();
  solve(2);  // does it have exactly one solution?
}

function keyValue(e) {
  const m = /^(?:Digit|Numpad)([0-9])$/.exec(e.code || "");
  if (m) return Number(m[1]);
  const k = (e.key || "").toUpperCase();
  if (k.length === 1 && S.n > 9) {
    const i = SYM.indexOf(k);
    if (i >= 9 && i < S.n) return i + 1;
  }
  return null;
}

function onKey(e) {
  const t = e.target;  // keys go to the board unless a text field or a menu has them
  if (t && (t.tagName === "TEXTAREA" || t.tagName === "SELECT"
            || (t.tagName === "INPUT" && t.type !== "checkbox"))) return;
  if (e.key === " " || e.key === "Enter") return;  // they press the focused button
  const ctrl = e.ctrlKey || e.metaKey;
  if (ctrl && e.key.toLowerCase() === "z") { e.preventDefault(); e.shiftKey ? redo() : undo(); return; }
  if (ctrl && e.key.toLowerCase() === "y") { e.preventDefault(); redo(); return; }
  if (ctrl || e.altKey || !S.n) return;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[e.key]) {
    e.preventDefault();
    const c = S.sel ?? 0;
    const r = (Math.floor(c / S.n) + moves[e.key][0] + S.n) % S.n;
    const k = ((c % S.n) + moves[e.key][1] + S.n) % S.n;
    select(S.sel === null ? 0 : r * S.n + k);
    return;
  }
  if (e.key === "Escape") { S.sel = null; update(); return; }
  if (e.key === "Backspace" || e.key === "Delete" || e.key === ".") { e.preventDefault(); enter(0, false); return; }
  const v = keyValue(e);
  if (v === 0) { e.preventDefault(); enter(0, false); return; }
  if (v !== null && v <= S.n) { e.preventDefault(); enter(v, S.pencil || e.shiftKey); }
}

// -- talking to the server ---------------------------------------------------------------------
function puzzleBody() {
  return { puzzle: S.givens, box: `${S.br}x${S.bc}`, values: S.values };
}

async function post(path, body) {
  const r = await fetch(`api/${path}`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  let data;
  try { data = await r.json(); } catch (err) { data = { error: `the server answered ${r.status}` }; }
  if (!r.ok) throw Object.assign(new Error(data.error || r.statusText), { data });
  return data;
}

// Long work: a job id the Cancel button can name, a timer, and the buttons locked meanwhile.
async function work(path, body, label) {
  if (S.busy) return null;
  const job = `job-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const ctrl = new AbortController();
  const start = performance.now();
  S.busy = { job, ctrl };
  lock(true);
  $("busy").hidden = false;
  const tick = () => { $("busy-text").textContent = `${label}… ${((performance.now() - start) / 1000).toFixed(1)} s`; };
  tick();
  const timer = setInterval(tick, 100);
  try {
    const r = await fetch(`api/${path}`, {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...body, job }), signal: ctrl.signal,
    });
    let data;
    try { data = await r.json(); } catch (err) { data = { error: `the server answered ${r.status}` }; }
    if (!r.ok) throw Object.assign(new Error(data.error || r.statusText), { data });
    return data;
  } catch (err) {
    if (err.name === "AbortError") throw Object.assign(new Error("Cancelled."), { data: { cancelled: true } });
    throw err;
  } finally {
    clearInterval(timer);
    S.busy = null;
    $("busy").hidden = true;
    lock(false);
  }
}

function cancel() {
  if (!S.busy) return;
  const { job, ctrl } = S.busy;
  post("cancel", { job }).catch(() => {});
  ctrl.abort();
}

function lock(on) {
  for (const id of ["hint", "check", "solve", "count", "generate", "open", "choose-file", "blank"]) $(id).disabled = on;
}

function setOutput(html) { $("output").innerHTML = html; }
function esc(s) {
  return String(s).replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[ch]));
}
function fail(err) {
  const cells = (err.data && err.data.cells) || [];
  if (cells.length) { S.hl.wrong = new Set(cells); update(); }
  setOutput(`<p class="verdict bad">${esc(err.message)}</p>`);
}
const pretty = (name) => name.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase())
  .replace("Box line", "Box-line").replace("X wing", "X-wing");
const ms = (s) => (s < 1 ? `${Math.round(s * 1000)} ms` : `${s.toFixed(2)} s`);

// -- hint ----------------------------------------------------------------------------------------
async function hint() {
  let d;
  try {
    d = await work("hint", { ...puzzleBody(), excluded: [...S.excluded].map((k) => k.split(":").map(Number)) },
                   "Looking for the next step");
  } catch (err) { return fail(err); }
  if (!d) return;
  if (d.done || !d.step) { setOutput("<p>The board is full: nothing left to explain.</p>"); return; }
  showStep(d.step);
}

function showStep(step) {
  S.hl = emptyHighlights();
  S.step = step;
  step.cells.forEach((c) => S.hl.cells.add(c));
  step.houses.forEach((h) => S.hl.houses.add(h));
  step.placements.forEach(([c, v]) => S.hl.targets.set(c, v));
  S.hl.links = step.links || [];
  for (const [[c1, v1], [c2, v2]] of S.hl.links) {
    for (const [c, v] of [[c1, v1], [c2, v2]]) {
      if (!S.hl.linked.has(c)) S.hl.linked.set(c, []);
      S.hl.linked.get(c).push(v);
    }
  }
  for (const [c, v] of step.eliminations) {
    if (!S.hl.elim.has(c)) S.hl.elim.set(c, []);
    S.hl.elim.get(c).push(v);
    S.hl.keys.add(v);
  }
  const source = step.source === "logic" ? "logic engine" : "grader";
  const rating = step.rating == null ? "" : ` · rating ${step.rating}`;
  const title = pretty(step.technique);
  const sentence = step.text.toLowerCase().startsWith(`${title.toLowerCase()}:`)
    ? step.text.slice(title.length + 1).trim() : step.text;
  setOutput(`<div class="step" id="step"><div class="tech">${esc(title)}</div>
    <p id="step-text">${esc(sentence.charAt(0).toUpperCase() + sentence.slice(1).replace(/\.$/, ""))}.</p>
    <div class="actions"><button id="apply" class="primary">Apply</button>
    <span class="meta">from the ${source}${rating}</span></div></div>`);
  $("apply").addEventListener("click", applyStep);
  update();
}

function applyStep() {
  const step = S.step;
  if (!step) return;
  record();
  for (const [c, v] of step.placements) place(c, v);
  for (const [c, v] of step.eliminations) { S.excluded.add(`${c}:${v}`); S.marks[c].delete(v); }
  setOutput(`<p>Applied: ${esc(step.text)}</p>`);
  update();
}

// -- check, solve, count ----------------------------------------------------------------------------
const VERDICTS = {
  unique: ["good", (d) => `Exactly one solution: all ${Object.keys(d.backends).length} solvers agree.`],
  multiple: ["bad", (d) => `More than one solution: two of them differ in the ${d.differ.length} outlined cells.`],
  none: ["bad", () => "This puzzle has no solution."],
  disagree: ["bad", () => "The solvers disagree. That is a bug in sudoku-cp; the evidence is below."],
  unknown: ["", () => "Not settled within the time limit."],
};

async function check() {
  let d;
  try { d = await work("check", puzzleBody(), "Checking with every solver"); } catch (err) { return fail(err); }
  if (!d) return;
  S.hl = emptyHighlights();
  const [tone, say] = VERDICTS[d.verdict] || ["bad", () => d.verdict];
  let html = `<p class="verdict ${tone}" id="verdict">${esc(say(d))}</p>`;
  d.differ.forEach((c) => S.hl.differ.add(c));
  if (d.wrong.length) {
    d.wrong.forEach((w) => S.hl.wrong.add(w.cell));
    html += `<p class="verdict bad" id="wrong">${d.wrong.map((w) => `${w.name} (${sym(w.value)})`).join(", ")}
      ${d.wrong.length > 1 ? "do" : "does"} not match the solution.</p>`;
  } else if (d.verdict === "unique") {
    S.solved = d.complete;
    const mine = S.values.filter((v, c) => v && !S.givens[c]).length;
    if (!d.complete && mine) html += "<p>Every value you entered so far matches the solution.</p>";
  }
  for (const line of d.evidence || []) html += `<p class="stats">${esc(line)}</p>`;
  html += backendTable(d.backends) + `<p class="stats">Total ${ms(d.time_s)}; every solution was confirmed by an independent checker.</p>`;
  setOutput(html);
  update();
}

function backendTable(backends) {
  let rows = "";
  for (const [name, r] of Object.entries(backends)) {
    const keys = STAT_KEYS.filter((k) => typeof r.stats[k] === "number");
    const stats = keys.map((k) => `${k} ${r.stats[k].toLocaleString("en")}`).join(", ");
    const extra = r.stats.solver ? ` (${esc(r.stats.solver)})` : "";
    const found = `${r.status}: ${r.solutions} found${r.exhausted ? ", exhaustive" : ""}`;
    rows += `<tr data-backend="${esc(name)}"><td><b>${esc(name)}</b>${extra}</td>
      <td>${esc(r.claim)}<div class="stats found">${esc(found)}</div></td>
      <td class="num">${ms(r.time_s)}</td><td class="stats" title="${esc(JSON.stringify(r.stats))}">${esc(stats)}</td></tr>`;
  }
  return `<table class="backends" id="backends"><thead><tr><th>Solver</th><th>Answer</th><th>Time</th>
    <th>Native statistics</th></tr></thead><tbody>${rows}</tbody></table>`;
}

async function solve(limit) {
  let d;
  const label = limit === 1 ? "Solving" : "Counting solutions";
  try { d = await work("solve", { ...puzzleBody(), limit }, label); } catch (err) { return fail(err); }
  if (!d) return;
  const how = `${d.backend}, ${ms(d.time_s)}`;
  if (!d.solutions.length) {
    setOutput(`<p class="verdict bad">${d.status === "none" ? "This puzzle has no solution" : "No answer within the time limit"} (${how}).</p>`);
    return;
  }
  if (limit === 1) {
    record();
    d.solutions[0].forEach((v, c) => place(c, v));
    S.hl = emptyHighlights();
    setOutput(`<p class="verdict good" id="solved">Solved (${how}); the solution passed the independent check.</p>`);
  } else if (d.solutions.length === 1) {
    S.hl = emptyHighlights();
    setOutput(`<p class="verdict good" id="count-result">Exactly one solution (${how}, whole search done).</p>`);
  } else {
    const [a, b] = d.solutions;
    S.hl = emptyHighlights();
    d.differ.forEach((c) => S.hl.differ.add(c));
    const list = d.differ.slice(0, 12).map((c) => `${cellName(c)}: ${sym(a[c])} or ${sym(b[c])}`).join("; ");
    setOutput(`<p class="verdict bad" id="count-result">At least two solutions (${how}).</p>
      <p>Two of them differ in the ${d.differ.length} outlined cells: ${esc(list)}${d.differ.length > 12 ? "; …" : ""}.
      A puzzle needs more givens to have exactly one.</p>`);
  }
  update();
}

// -- generate -----------------------------------------------------------------------------------------
async function generate() {
  const box = $("gen-size").value;
  const body = { box, symmetry: $("gen-symmetry").value, difficulty: $("gen-level").value || null };
  const [r, c] = box.split("x").map(Number);
  let d;
  try { d = await work("generate", body, `Generating a ${r * c}×${r * c} puzzle`); } catch (err) {
    $("gen-info").textContent = err.message;
    return;
  }
  if (!d) return;
  const facts = [`${d.n}×${d.n}`, `${d.clues} givens`, `level ${d.level}`];
  if (d.hardest) facts.push(`hardest technique: ${pretty(d.hardest)}`);
  if (d.rating != null) facts.push(`rating ${d.rating}`);
  if (d.symmetry !== "none") facts.push(`${d.symmetry} symmetry`);
  let note = facts.join(" · ") + ".";
  if (d.missed.length) note += ` Closest found: missed ${d.missed.join("; ")}.`;
  load(d, note);
}

// -- opening and copying ---------------------------------------------------------------------------------
let found = [];
async function openText(text, box, where) {
  $("paste-error").textContent = "";
  let d;
  try { d = await post("parse", box ? { text, box } : { text }); } catch (err) {
    $("paste-error").textContent = err.message;
    return false;
  }
  found = d.puzzles;
  const pick = $("pick");
  pick.hidden = found.length < 2;
  pick.innerHTML = found.map((p, i) => `<option value="${i}">Puzzle ${i + 1} of ${d.total} (line ${p.line})</option>`).join("");
  let skipped = d.errors.length ? ` ${d.errors.length} could not be read: ${d.errors[0].error}.` : "";
  if (d.total > found.length + d.errors.length) skipped += ` The first ${found.length} of ${d.total} are listed.`;
  load(found[0], `${where || "Opened"}: ${found[0].n}×${found[0].n}, ${found[0].clues} givens.${skipped}`);
  return true;
}

function readFile(file) {
  const max = Math.floor(((S.info && S.info.max_body) || 1 << 20) / 2);  // room for JSON escapes
  const reader = new FileReader();
  reader.onload = () => {
    let text = String(reader.result);
    let where = `Opened ${file.name}`;
    if (text.length > max) {
      text = text.slice(0, text.lastIndexOf("\n", max));
      where += ` (its first ${Math.round(text.length / 1024)} KB)`;
    }
    openText(text, null, where);
  };
  reader.onerror = () => { $("paste-error").textContent = `${file.name}: the browser could not read it`; };
  reader.readAsText(file);
}

async function copyLine() {
  const line = lineOf(S.values);
  try {
    await navigator.clipboard.writeText(line);
  } catch (err) {
    $("line").select();
    document.execCommand("copy");
  }
  $("copy").textContent = "Copied";
  setTimeout(() => { $("copy").textContent = "Copy"; }, 1200);
}

// -- start ------------------------------------------------------------------------------------------
function fillMenus(info) {
  $("gen-size").innerHTML = info.shapes.map(([r, c]) => {
    const n = r * c;
    let label = r === c ? `${n}×${n}` : `${n}×${n} (boxes ${r}×${c})`;
    if (n > 16) label += " (slow)";
    return `<option value="${r}x${c}"${r === 3 && c === 3 ? " selected" : ""}>${label}</option>`;
  }).join("");
  const names = { none: "none", rot180: "half turn", rot90: "quarter turn", mirror: "mirror", diagonal: "diagonal" };
  $("gen-symmetry").innerHTML = info.symmetries.map((s) => `<option value="${s}">${names[s] || s}</option>`).join("");
  $("gen-level").innerHTML = `<option value="">any</option>` + info.levels.map((l) => `<option>${l}</option>`).join("");
}

async function start() {
  document.addEventListener("keydown", onKey);
  $("mode-pen").addEventListener("click", () => { S.pencil = false; $("mode-pen").classList.add("on"); $("mode-pencil").classList.remove("on"); });
  $("mode-pencil").addEventListener("click", () => { S.pencil = true; $("mode-pencil").classList.add("on"); $("mode-pen").classList.remove("on"); });
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("show-candidates").addEventListener("change", (e) => { S.showCands = e.target.checked; update(); });
  $("restart").addEventListener("click", () => { record(); S.givens.forEach((g, c) => { S.values[c] = g; S.marks[c].clear(); }); S.excluded.clear(); update(); });
  $("hint").addEventListener("click", hint);
  $("check").addEventListener("click", check);
  $("solve").addEventListener("click", () => solve(1));
  $("count").addEventListener("click", () => solve(2));
  $("cancel").addEventListener("click", cancel);
  $("generate").addEventListener("click", generate);
  $("open").addEventListener("click", () => openText($("paste").value, null, "Opened"));
  $("choose-file").addEventListener("click", () => $("file").click());
  $("blank").addEventListener("click", blank);
  $("done-editing").addEventListener("click", doneEditing);
  $("file").addEventListener("change", (e) => { if (e.target.files[0]) readFile(e.target.files[0]); e.target.value = ""; });
  $("pick").addEventListener("change", (e) => load(found[Number(e.target.value)], `Puzzle ${Number(e.target.value) + 1}.`));
  $("copy").addEventListener("click", copyLine);
  document.addEventListener("paste", (e) => {
    const t = e.target;
    if (t && (t.tagName === "TEXTAREA" || t.tagName === "INPUT")) return;
    const text = e.clipboardData && e.clipboardData.getData("text");
    if (text) { e.preventDefault(); $("paste").value = text; openText(text, null, "Pasted"); }
  });
  window.addEventListener("resize", () => { if (S.n) { fit(); drawLinks(); } });
  document.addEventListener("dragover", (e) => e.preventDefault());
  document.addEventListener("drop", (e) => {
    e.preventDefault();
    if (e.dataTransfer.files[0]) readFile(e.dataTransfer.files[0]);
  });
  try {
    const r = await fetch("api/info");
    S.info = await r.json();
  } catch (err) {
    S.info = { shapes: [[3, 3]], symmetries: ["none"], levels: [], max_body: 1 << 20 };
  }
  fillMenus(S.info);
  if (!(S.info.initial && await openText(S.info.initial, S.info.initial_box, "Opened"))) {
    await openText(SAMPLE, null, "A sample puzzle to start with");
  }
  $("board").focus();
}

start();
