// sudoku-cp gui: the page keeps the player's state; the server answers questions about it.
// Plain JavaScript, no build step, nothing loaded from the network.
"use strict";

const SYM = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
// A 9x9 easy puzzle to start with: `sudoku-cp generate --seed 3 --difficulty easy`.
const SAMPLE = "2..3.8......71..4..674...35...5.....5.8.3.7.6.............9...3.9.2.....87..6.9..";
const STAT_KEYS = ["conflicts", "decisions", "propagations", "branches", "nodes", "backtracks", "guesses"];
const SAVE_KEY = "sudoku-cp.game.v1";
const COLOURS = 6;  // cell colours, --colour-1 .. --colour-6 in app.css
const PAGE = Math.random().toString(36).slice(2, 8);  // this page's jobs carry it

const $ = (id) => document.getElementById(id);
const S = {
  info: null, n: 0, br: 0, bc: 0, givens: [], values: [], marks: [], centre: [], colours: [],
  excluded: new Set(), struck: new Set(), peers: [], houses: [], cells: [], sel: null,
  mode: "pen", showCands: false, digit: 0, armed: false,
  undo: [], redo: [], hl: emptyHighlights(), step: null, level: 0, busy: null, solved: false,
  editing: false,  // typing in the givens of a new puzzle
  elapsed: 0, since: null, rating: null, path: [],
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
const plural = (k, word) => `${k} ${word}${k === 1 ? "" : "s"}`;
const upper = (s) => String(s).charAt(0).toUpperCase() + String(s).slice(1);

function candidates(c) {  // the values no peer holds, without those removed by hints
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
  S.centre = S.values.map(() => new Set());
  S.colours = S.values.map(() => 0);
  S.excluded = new Set(); S.struck = new Set();
  S.undo = []; S.redo = []; S.sel = null; S.step = null; S.solved = false; S.digit = 0;
  S.elapsed = 0; S.since = document.hidden ? null : performance.now();
  S.rating = p.rating ?? null; S.path = [];
  setEditing(false);
  S.hl = emptyHighlights();
  buildBoard();
  buildKeypad();
  setOutput("");
  $("path").innerHTML = "";
  const size = $("gen-size");
  if ([...size.options].some((o) => o.value === `${S.br}x${S.bc}`)) { size.value = `${S.br}x${S.bc}`; levelsFor(); }
  if (note !== undefined) $("gen-info").textContent = note;
  history.replaceState(null, "", `#p=${encodeURIComponent(lineOf(S.givens))}${boxPart()}`);
  update();
}
const boxPart = () => (S.br === S.bc || S.n === 9 || S.n === 4 || S.n === 16 || S.n === 25 ? "" : `&box=${S.br}x${S.bc}`);

function buildBoard() {
  const board = $("board");
  const { n, br, bc } = S;
  document.documentElement.style.setProperty("--n", n);
  board.style.setProperty("--br", br);
  board.style.setProperty("--bc", bc);
  board.innerHTML = "";
  board.setAttribute("aria-rowcount", n); board.setAttribute("aria-colcount", n);
  S.cells = [];
  for (let r = 0; r < n; r++) {
    const row = document.createElement("div");
    row.className = "row";
    row.setAttribute("role", "row");
    for (let k = 0; k < n; k++) {
      const c = r * n + k;
      const d = document.createElement("div");
      d.className = "cell";
      if ((k + 1) % bc === 0) d.classList.add(k === n - 1 ? "lastc" : "br");
      if ((r + 1) % br === 0) d.classList.add(r === n - 1 ? "lastr" : "bb");
      d.dataset.cell = c;
      d.id = `cell-${c}`;
      d.setAttribute("role", "gridcell");
      d.addEventListener("mousedown", (e) => { e.preventDefault(); select(c); board.focus(); });
      row.appendChild(d);
      S.cells.push(d);
    }
    board.appendChild(row);
  }
  $("collabels").innerHTML = [...Array(n).keys()].map((i) => `<span>c${i + 1}</span>`).join("");
  $("rowlabels").innerHTML = [...Array(n).keys()].map((i) => `<span>r${i + 1}</span>`).join("");
  fit();
}

function fit() {  // the board as large as the window allows, keypad and tools below it
  if (!S.n) return;
  const w = window.innerWidth, h = window.innerHeight;
  const wide = w >= 980;  // the panels go beside the board
  const roomW = wide ? w - Math.min(520, Math.max(360, w * 0.3)) - 110 : w - 52;
  const keypadRows = S.n <= 9 ? 1 : 2;
  const roomH = wide ? h - 190 - 45 * keypadRows : Math.max(h * 0.62, 280);
  const cell = Math.max(22, Math.min(100, Math.floor(Math.min(roomW, roomH) / S.n)));
  document.documentElement.style.setProperty("--cell", `${cell}px`);
}

function buildKeypad() {
  const pad = $("keypad");
  pad.innerHTML = "";
  pad.style.setProperty("--keys", S.n <= 9 ? S.n + 1 : Math.ceil((S.n + 1) / 2));
  const colour = S.mode === "colour";
  const count = colour ? COLOURS : S.n;
  for (let v = 1; v <= count; v++) {
    const b = document.createElement("button");
    b.textContent = colour ? String(v) : sym(v);
    b.dataset.value = v;
    if (colour) { b.classList.add(`colour-${v}`); b.setAttribute("aria-label", `Colour ${v}`); }
    else b.setAttribute("aria-label", `Value ${sym(v)} (hold to highlight)`);
    b.addEventListener("click", () => { if (!b.dataset.held) enter(v, S.mode); delete b.dataset.held; });
    if (!colour) {  // a long press (or a right click) highlights the value everywhere
      let timer = null;
      b.addEventListener("pointerdown", () => { timer = setTimeout(() => { b.dataset.held = "1"; highlight(v); }, 500); });
      for (const ev of ["pointerup", "pointerleave"]) b.addEventListener(ev, () => clearTimeout(timer));
      b.addEventListener("contextmenu", (e) => { e.preventDefault(); highlight(v); });
    }
    pad.appendChild(b);
  }
  const erase = document.createElement("button");
  erase.textContent = "Erase";
  erase.className = "erase";
  erase.addEventListener("click", () => enter(0, S.mode === "colour" ? "colour" : "pen"));
  pad.appendChild(erase);
}

function highlight(v) {
  S.digit = S.digit === v ? 0 : v;
  update();
  announce(S.digit ? `Highlighting every cell that holds or may hold ${sym(v)}` : "Highlight off");
}

// -- drawing ---------------------------------------------------------------------------------
function update() {
  const { n } = S;
  const bad = clashes();
  const sel = S.sel;
  const selValue = sel === null ? 0 : S.values[sel];
  const houseCells = new Set([...S.hl.houses].flatMap((h) => S.houses[h] || []));
  for (let c = 0; c < n * n; c++) {
    const d = S.cells[c];
    const v = S.values[c];
    const cls = d.classList;
    cls.toggle("given", !!S.givens[c]);
    cls.toggle("selected", c === sel);
    d.setAttribute("aria-selected", c === sel ? "true" : "false");
    cls.toggle("peer", sel !== null && c !== sel && S.peers[sel].has(c));
    cls.toggle("same", !!selValue && c !== sel && v === selValue);
    cls.toggle("digit", !!S.digit && v === S.digit);
    cls.toggle("maybe", !!S.digit && !v && candidates(c).includes(S.digit) && !S.struck.has(`${c}:${S.digit}`));
    cls.toggle("clash", bad.has(c));
    cls.toggle("hint-house", houseCells.has(c));
    cls.toggle("hint-cell", S.hl.cells.has(c));
    cls.toggle("hint-target", S.hl.targets.has(c));
    cls.toggle("wrong", S.hl.wrong.has(c));
    cls.toggle("differ", S.hl.differ.has(c));
    for (let k = 1; k <= COLOURS; k++) cls.toggle(`colour-${k}`, S.colours[c] === k);
    drawCell(d, c, v);
  }
  const board = $("board");
  if (sel !== null) board.setAttribute("aria-activedescendant", `cell-${sel}`);
  else board.removeAttribute("aria-activedescendant");
  drawLinks();
  $("line").value = lineOf(S.values);
  $("undo").disabled = !S.undo.length;
  $("redo").disabled = !S.redo.length;
  $("print-info").textContent = `${S.n}×${S.n} · ${lineOf(S.givens)}${S.rating != null ? ` · rating ${S.rating}` : ""}`;
  status(bad);
  showTimer();
  save();
}

function drawCell(d, c, v) {
  d.innerHTML = "";
  const colour = S.colours[c] ? `, colour ${S.colours[c]}` : "";
  if (v) { d.textContent = sym(v); d.setAttribute("aria-label", `${cellName(c)} ${sym(v)}${S.givens[c] ? " given" : ""}${colour}`); return; }
  const elim = S.hl.elim.get(c);
  const target = S.hl.targets.get(c);
  let shown = S.showCands ? candidates(c) : [...S.marks[c]];
  const centre = S.showCands ? [] : [...S.centre[c]].sort((a, b) => a - b);
  // empty cells: a description for screen readers, the drawn marks hidden from them
  d.removeAttribute("aria-label");
  const said = document.createElement("span");
  said.className = "sr-only";
  said.textContent = `${cellName(c)} empty${shown.length ? `, ${S.showCands ? "candidates" : "marks"} ${shown.filter((k) => !(S.showCands && S.struck.has(`${c}:${k}`))).map(sym).join(" ")}` : ""}${centre.length ? `, centre ${centre.map(sym).join(" ")}` : ""}${colour}`;
  d.appendChild(said);
  if (target && !S.showCands && !shown.length && !centre.length) {
    const g = document.createElement("span");
    g.setAttribute("aria-hidden", "true");
    g.className = "ghost";
    g.textContent = sym(target);
    d.appendChild(g);
    return;
  }
  if (centre.length && !elim && !target && !S.hl.linked.has(c)) {
    const m = document.createElement("span");
    m.className = "centre";
    m.setAttribute("aria-hidden", "true");
    m.textContent = centre.map(sym).join("");
    if (centre.length > 4) m.style.fontSize = `calc(var(--cell) * ${Math.max(0.14, 0.6 / centre.length).toFixed(2)})`;
    d.appendChild(m);
    if (!shown.length) return;
  }
  if (elim) shown = [...new Set([...shown, ...elim])];
  if (S.hl.linked.has(c)) shown = [...new Set([...shown, ...S.hl.linked.get(c)])];
  if (target) shown = [...new Set([...shown, target])];
  if (!shown.length) return;
  const grid = document.createElement("div");
  grid.className = "cands";
  grid.setAttribute("aria-hidden", "true");
  const keys = S.hl.cells.has(c) ? S.hl.keys : null;  // the values a hint's pattern is about
  for (let k = 1; k <= S.n; k++) {
    const s = document.createElement("span");
    if (shown.includes(k)) s.textContent = sym(k);
    if (S.showCands && shown.includes(k) && S.struck.has(`${c}:${k}`)) s.className = "struck";
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
  const svg = document.createElementNS(SVG, "svg");
  svg.classList.add("links");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("width", board.clientWidth);
  svg.setAttribute("height", board.clientHeight);
  const spot = (c, v) => {  // the centre of candidate v in cell c, inside the board's border
    const r = S.cells[c].getBoundingClientRect();
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
  let text = `${S.n}×${S.n} · ${plural(clues, "given")} · ${filled} of ${total} cells filled`;
  if (bad.size) text += ` · ${bad.size} cells clash`;
  el.classList.toggle("solved", S.solved);
  if (S.editing) text = `Typing a new ${S.n}×${S.n} puzzle: ${plural(clues, "given")} so far. Press Done when they are all in.`;
  else if (S.solved) text = "Solved! Every value matches the solution.";
  else if (filled === total && !bad.size) text += " · nothing clashes: press Check to confirm";
  el.textContent = text;
}

function announce(text) {  // for screen readers: the live region says it once
  $("announce").textContent = "";
  setTimeout(() => { $("announce").textContent = text; }, 30);
}

// -- the timer: runs while the page is visible and the game unsolved -------------------------
function elapsed() { return S.elapsed + (S.since === null ? 0 : performance.now() - S.since); }
function pauseTimer() { if (S.since !== null) { S.elapsed = elapsed(); S.since = null; } }
function resumeTimer() { if (S.since === null && !S.solved && !document.hidden) S.since = performance.now(); }
function showTimer() {
  const s = Math.floor(elapsed() / 1000);
  const h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, sec = String(s % 60).padStart(2, "0");
  $("timer").textContent = h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

// -- keeping the game: localStorage, restored on reload -----------------------------------------
function snapshot() {
  return { givens: S.givens.slice(), values: S.values.slice(), marks: S.marks.map((m) => [...m]),
           centre: S.centre.map((m) => [...m]), colours: S.colours.slice(),
           excluded: [...S.excluded], struck: [...S.struck] };
}
function restore(s) {
  S.givens = s.givens.slice();
  S.values = s.values.slice();
  S.marks = s.marks.map((m) => new Set(m));
  S.centre = (s.centre || s.values.map(() => [])).map((m) => new Set(m));
  S.colours = (s.colours || s.values.map(() => 0)).slice();
  S.excluded = new Set(s.excluded);
  S.struck = new Set(s.struck || []);
}
function save() {
  if (!S.n) return;
  try {
    localStorage.setItem(SAVE_KEY, JSON.stringify({
      n: S.n, box: [S.br, S.bc], ...snapshot(), undo: S.undo.slice(-200), redo: S.redo.slice(-200),
      elapsed: elapsed(), editing: S.editing, solved: S.solved, rating: S.rating,
    }));
  } catch (err) { /* storage full or off: the game still plays */ }
}
function restoreSaved() {
  let g;
  try { g = JSON.parse(localStorage.getItem(SAVE_KEY) || "null"); } catch (err) { return false; }
  if (!g || !g.n || !Array.isArray(g.givens) || g.givens.length !== g.n * g.n) return false;
  load({ n: g.n, box: g.box, givens: g.givens, rating: g.rating }, "Your game, as you left it.");
  restore(g);
  S.undo = g.undo || []; S.redo = g.redo || [];
  S.elapsed = g.elapsed || 0; S.solved = !!g.solved;
  if (S.solved) pauseTimer();
  setEditing(!!g.editing);
  update();
  return true;
}
function saved() {
  try { return JSON.parse(localStorage.getItem(SAVE_KEY) || "null"); } catch (err) { return null; }
}
function inProgress() {  // something of the player's that replacing the game would lose
  if (!S.n || S.solved) return false;
  return S.undo.length > 0 || S.values.some((v, c) => v && !S.givens[c]) || S.editing;
}
function confirmReplace(what) {
  return !inProgress() || window.confirm(`${what} replaces your game in progress (its entries, marks and undo history). Go on?`);
}

// -- playing ---------------------------------------------------------------------------------
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
  resumeTimer();
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
  S.centre[c].clear();
  if (v) for (const p of S.peers[c]) { S.marks[p].delete(v); S.centre[p].delete(v); }
}

// mode: "pen" a value, "corner" a corner mark (or, with candidates shown, strike one),
// "centre" a centre mark, "colour" the cell's colour (v = 1..COLOURS, 0 none).
function enter(v, mode) {
  const c = S.sel;
  if (c === null) return;
  if (mode === "colour") {
    if (v > COLOURS) return;
    record();
    S.colours[c] = S.colours[c] === v ? 0 : v;
    update();
    return;
  }
  if ((S.givens[c] && !S.editing) || v > S.n) return;
  if (v && (mode === "corner" || mode === "centre")) {
    if (S.values[c]) return;
    record();
    if (mode === "corner" && S.showCands) {  // strike (or restore) an automatic candidate
      const key = `${c}:${v}`;
      if (S.struck.has(key)) S.struck.delete(key); else S.struck.add(key);
    } else {
      const marks = mode === "corner" ? S.marks[c] : S.centre[c];
      if (marks.has(v)) marks.delete(v); else marks.add(v);
    }
  } else {
    if (!v && !S.values[c] && !S.marks[c].size && !S.centre[c].size) return;
    record();
    place(c, S.values[c] === v ? 0 : v);
    if (S.editing) S.givens[c] = S.values[c];
  }
  update();
  const full = S.values.every((x) => x);
  if (full && !S.editing && !clashes().size && !S.busy) check();  // the last cell: confirm it
}

function setMode(mode) {
  const was = S.mode;
  S.mode = mode;
  for (const m of ["pen", "corner", "centre", "colour"]) {
    $(`mode-${m}`).classList.toggle("on", m === mode);
    $(`mode-${m}`).setAttribute("aria-pressed", m === mode ? "true" : "false");
  }
  if ((was === "colour") !== (mode === "colour") && S.n) buildKeypad();
}

function setEditing(on) {
  S.editing = on;
  $("done-editing").hidden = !on;
  $("board").classList.toggle("editing", on);
}

function blank() {
  if (!confirmReplace("An empty board")) return;
  const [r, c] = $("gen-size").value.split("x").map(Number);
  const n = r * c;
  load({ n, box: [r, c], givens: Array(n * n).fill(0) }, `An empty ${n}×${n} board: type the givens, then press Done.`);
  setEditing(true);
  S.sel = 0;
  update();
}

function doneEditing() {
  setEditing(false);
  $("gen-info").textContent = `Your ${S.n}×${S.n} puzzle: ${plural(S.givens.filter((v) => v).length, "given")}.`;
  S.undo = []; S.redo = [];
  S.elapsed = 0; S.since = null; resumeTimer();
  history.replaceState(null, "", `#p=${encodeURIComponent(lineOf(S.givens))}${boxPart()}`);
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
  if (e.altKey || !S.n) return;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[e.key] && !ctrl) {
    e.preventDefault();
    const c = S.sel ?? 0;
    const r = (Math.floor(c / S.n) + moves[e.key][0] + S.n) % S.n;
    const k = ((c % S.n) + moves[e.key][1] + S.n) % S.n;
    select(S.sel === null ? 0 : r * S.n + k);
    return;
  }
  if (e.key === "Escape") { S.sel = null; S.digit = 0; S.armed = false; update(); return; }
  if (e.key === "/" && !ctrl) { e.preventDefault(); S.armed = true; announce("Highlight: type a value"); return; }
  if (!ctrl && (e.key === "Backspace" || e.key === "Delete" || e.key === ".")) {
    e.preventDefault(); enter(0, S.mode === "colour" ? "colour" : "pen"); return;
  }
  const v = keyValue(e);
  if (v === null) return;
  e.preventDefault();
  if (S.armed) { S.armed = false; if (v >= 1 && v <= S.n) highlight(v); return; }
  if (v === 0) { enter(0, S.mode === "colour" ? "colour" : "pen"); return; }
  const mode = ctrl ? "centre" : e.shiftKey ? "corner" : S.mode;
  if (mode === "colour" ? v <= COLOURS : v <= S.n) enter(v, mode);
}

// -- talking to the server ---------------------------------------------------------------------
function puzzleBody() {
  return { puzzle: S.givens, box: `${S.br}x${S.bc}`, values: S.values };
}
const excludedList = () => [...S.excluded, ...S.struck].map((k) => k.split(":").map(Number));

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
  const job = `page-${PAGE}-${Date.now()}`;
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
    if (!r.ok) throw Object.assign(new Error(data.error || r.statusText), { data, status: r.status });
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
  for (const id of ["hint", "check", "solve", "count", "grade", "show-path", "generate", "open", "choose-file", "blank"]) $(id).disabled = on;
  if (!on) levelsFor();
}

function setOutput(html) { $("output").innerHTML = html; }
function esc(s) {
  return String(s).replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[ch]));
}
function fail(err) {
  const cells = (err.data && err.data.cells) || [];
  S.hl = emptyHighlights();
  const several = /several solutions/.test(err.message);
  if (cells.length) { for (const c of cells) (several ? S.hl.differ : S.hl.wrong).add(c); }
  update();
  let html = `<p class="verdict bad" id="failure">${esc(upper(err.message))}${several && cells.length ? ` Two of them differ in the ${plural(cells.length, "outlined cell")}.` : ""}</p>`;
  const running = (err.data && err.data.running) || [];
  if (running.length) html += `<p><button id="stop-jobs">Stop ${running.length > 1 ? "them" : "it"}</button> (work another page, or this page before a reload, left running)</p>`;
  setOutput(html);
  announce(upper(err.message));
  if (running.length) {
    $("stop-jobs").addEventListener("click", async () => {
      await Promise.all(running.map((job) => post("cancel", { job }).catch(() => {})));
      setOutput(`<p id="stopped">Stopped. Ask again.</p>`);
    });
  }
}
const ms = (s) => (s < 0.01 ? `${(s * 1000).toFixed(1)} ms` : s < 1 ? `${Math.round(s * 1000)} ms` : `${s.toFixed(2)} s`);

// -- hint: in three levels (where to look, the cells, the whole step) ---------------------------
const positionKey = () => `${lineOf(S.values)}|${[...S.excluded, ...S.struck].sort().join(",")}`;

async function hint() {
  let d;
  const asked = positionKey();
  try {
    d = await work("hint", { ...puzzleBody(), excluded: excludedList() }, "Looking for the next step");
  } catch (err) { return fail(err); }
  if (!d) return;
  if (positionKey() !== asked) {  // the player moved while it was worked out: it may not hold
    setOutput(`<p class="verdict bad" id="stale">The board changed while this hint was worked out, so it may no longer apply: ask again.</p>`);
    return;
  }
  if (d.done || !d.step) { setOutput("<p>The board is full: nothing left to explain.</p>"); return; }
  showStep({ ...d.step, asked }, 1);
}

function lookAt(step) {  // level 1: the technique and where to look, nothing more
  const values = new Set([...step.placements, ...step.eliminations].map(([, v]) => v));
  const where = step.house_names && step.house_names.length ? `look at ${step.house_names.join(" and ")}`
    : step.placements.length ? `look at ${cellName(step.placements[0][0])}`
    : values.size === 1 ? `look at the value ${sym([...values][0])}` : "look at the cells it will show";
  return `${upper(where)}.`;
}

function showStep(step, level) {
  S.hl = emptyHighlights();
  S.step = step;
  S.level = level;
  const title = step.title || step.technique;
  if (level >= 2) {
    step.cells.forEach((c) => S.hl.cells.add(c));
    (step.blockers || []).forEach((c) => S.hl.cells.add(c));
    step.houses.forEach((h) => S.hl.houses.add(h));
  }
  if (level >= 3) {
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
  }
  const source = step.source === "logic" ? "logic engine" : "grader";
  const rating = step.rating == null ? "" : ` · rating ${step.rating}`;
  const sentence = step.text.toLowerCase().startsWith(`${title.toLowerCase()}:`)
    ? step.text.slice(title.length + 1).trim() : step.text;
  const blockers = (step.blockers || []).length && level >= 2
    ? ` The ${step.technique === "naked_single" ? "values" : "givens"} that rule out the other places are outlined in amber.` : "";
  let body;
  if (level === 1) body = `<p id="step-look">${esc(lookAt(step))}</p>`;
  else if (level === 2) body = `<p id="step-look">${esc(lookAt(step))} The cells that matter are shaded.${blockers}</p>`;
  else body = `<p id="step-text">${esc(upper(sentence).replace(/\.$/, ""))}.${blockers}</p>`;
  const more = level < 3 ? `<button id="more" class="primary">${level === 1 ? "Show the cells" : "Show the step"}</button>` : `<button id="apply" class="primary">Apply</button>`;
  setOutput(`<div class="step" id="step" data-level="${level}"><div class="tech" id="step-title">${esc(title)}</div>
    ${body}<div class="actions">${more}<span class="meta">from the ${source}${rating}</span></div></div>`);
  if (level < 3) $("more").addEventListener("click", () => showStep(step, level + 1));
  else $("apply").addEventListener("click", applyStep);
  announce(level === 3 ? `${title}: ${upper(sentence)}` : `${title}. ${lookAt(step)}`);
  update();
}

function applyStep() {
  const step = S.step;
  if (!step) return;
  if (step.asked && step.asked !== positionKey()) {
    setOutput(`<p class="verdict bad" id="stale">The board changed since this hint: ask again.</p>`);
    return;
  }
  record();
  for (const [c, v] of step.placements) place(c, v);
  for (const [c, v] of step.eliminations) { S.excluded.add(`${c}:${v}`); S.marks[c].delete(v); S.centre[c].delete(v); }
  setOutput(`<p id="applied">Applied: ${esc(step.text)}</p>`);
  announce(`Applied: ${step.text}`);
  update();
}

// -- the solve path and the grade -------------------------------------------------------------------
async function showPath() {
  let d;
  const asked = positionKey();
  try { d = await work("path", { ...puzzleBody(), excluded: excludedList() }, "Working out the solve path"); } catch (err) { return fail(err); }
  if (!d) return;
  S.path = d.steps.map((st) => ({ ...st, asked }));
  const hardest = S.path.reduce((a, st) => (a && a.rating >= st.rating ? a : st), null);
  let html = `<p id="path-summary">${plural(S.path.length, "step")} from here${d.complete ? "" : " (stopped at the time limit)"}`;
  if (hardest) html += `; the hardest: ${esc(hardest.title)} (rating ${hardest.rating})`;
  html += '.</p><ol id="path-list">' + S.path.map((st, i) =>
    `<li><button class="link" data-i="${i}">${esc(st.title)}</button> <span class="stats">${esc(st.text)}</span></li>`).join("") + "</ol>";
  $("path").innerHTML = html;
  for (const b of $("path").querySelectorAll("button.link")) {
    b.addEventListener("click", () => {
      const i = Number(b.dataset.i);
      showStep(S.path[i], 3);
      if (i > 0) { $("apply").disabled = true; $("apply").title = "Only the first step of the path applies to this position"; }
    });
  }
}

async function grade() {
  let d;
  try { d = await work("grade", { puzzle: S.givens, box: `${S.br}x${S.bc}` }, "Grading"); } catch (err) { return fail(err); }
  if (!d) return;
  S.rating = d.rating;
  const facts = [`Level ${d.level}`];
  if (d.rating != null) facts.push(`rating ${d.rating}`);
  if (d.hardest_title) facts.push(`hardest technique: ${d.hardest_title}`);
  setOutput(`<p class="verdict" id="grade-result">${esc(facts.join(" · "))}.</p>`);
  announce(facts.join(", "));
  update();
}

// -- check, solve, count ----------------------------------------------------------------------------
const VERDICTS = {
  unique: ["good", (d) => `Exactly one solution: all ${Object.keys(d.backends).length} solvers agree.`],
  multiple: ["bad", (d) => `More than one solution: two of them differ in the ${plural(d.differ.length, "outlined cell")}.`],
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
    if (S.solved) pauseTimer();
    const mine = S.values.filter((v, c) => v && !S.givens[c]).length;
    if (!d.complete && mine) html += "<p>Every value you entered so far matches the solution.</p>";
  }
  for (const line of d.evidence || []) html += `<p class="stats">${esc(line)}</p>`;
  html += backendTable(d.backends) + `<p class="stats">Total ${ms(d.time_s)}; every solution was confirmed by an independent checker.</p>`;
  setOutput(html);
  announce(say(d));
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

async function solve(limit) {  // Solve asks for two, so that several solutions are never filled in silently
  let d;
  const label = limit === 1 ? "Solving" : "Counting solutions";
  try { d = await work("solve", { ...puzzleBody(), values: undefined, limit: 2 }, label); } catch (err) { return fail(err); }
  if (!d) return;
  const how = `${d.backend}, ${ms(d.time_s)}`;
  S.hl = emptyHighlights();
  if (!d.solutions.length) {
    setOutput(`<p class="verdict bad" id="count-result">${d.status === "none" ? "This puzzle has no solution" : "No answer within the time limit"} (${how}).</p>`);
  } else if (d.solutions.length > 1) {
    const [a, b] = d.solutions;
    d.differ.forEach((c) => S.hl.differ.add(c));
    const list = d.differ.slice(0, 12).map((c) => `${cellName(c)}: ${sym(a[c])} or ${sym(b[c])}`).join("; ");
    setOutput(`<p class="verdict bad" id="count-result">${limit === 1 ? "Not filled in: this puzzle has several solutions" : "At least two solutions"} (${how}).</p>
      <p>Two of them differ in the ${plural(d.differ.length, "outlined cell")}: ${esc(list)}${d.differ.length > 12 ? "; …" : ""}.
      A puzzle needs more givens to have exactly one.</p>`);
    announce("The puzzle has several solutions");
  } else if (limit === 1) {
    record();
    d.solutions[0].forEach((v, c) => place(c, v));
    S.hl = emptyHighlights();
    S.solved = true;  // nothing left to lose: another puzzle may replace it without asking
    pauseTimer();
    setOutput(`<p class="verdict good" id="solved">Solved (${how}); the solution passed the independent check.</p>`);
  } else {
    setOutput(`<p class="verdict good" id="count-result">Exactly one solution (${how}, whole search done).</p>`);
  }
  update();
}

// -- generate -----------------------------------------------------------------------------------------
function levelsFor() {  // the levels the generator delivers at the chosen size
  const offer = (S.info && S.info.offer) || { levels: {}, not_generated: [] };
  const [r, c] = $("gen-size").value.split("x").map(Number);
  const levels = offer.levels[String(r * c)] || [];
  const menu = $("gen-level");
  const was = menu.value;
  menu.innerHTML = `<option value="">any</option>` + levels.map((l) => `<option>${l}</option>`).join("");
  menu.value = levels.includes(was) ? was : "";
  menu.disabled = !levels.length;
  const never = offer.not_generated.includes(r * c);
  $("generate").disabled = never || !!S.busy;
  $("gen-why").textContent = never ? `A ${r * c}×${r * c} puzzle takes the generator far longer than the time limit: open or type one in instead.` : "";
}

async function generate() {
  const box = $("gen-size").value;
  const asked = $("gen-level").value || null;
  const body = { box, symmetry: $("gen-symmetry").value, difficulty: asked };
  const [r, c] = box.split("x").map(Number);
  if (!confirmReplace("A new puzzle")) return;
  let d;
  try { d = await work("generate", body, `Generating a ${r * c}×${r * c} puzzle`); } catch (err) {
    $("gen-info").textContent = upper(err.message);
    return;
  }
  if (!d) return;
  const facts = [`${d.n}×${d.n}`, plural(d.clues, "given"), `level ${d.level}`];
  if (d.hardest) facts.push(`hardest technique: ${d.hardest_title || d.hardest}`);
  if (d.rating != null) facts.push(`rating ${d.rating}`);
  if (d.symmetry !== "none") facts.push(`${d.symmetry} symmetry`);
  let note = facts.join(" · ") + ".";
  if (d.missed.length) note += ` Asked for ${asked ? `level ${asked}` : "more"}, but none of the tries reached it: this is the closest (${d.missed.join("; ")}).`;
  load(d, note);
}

// -- opening, sharing and copying ---------------------------------------------------------------------------------
let found = [];
function trim(text, name) {  // the server takes at most max_body bytes: keep whole lines
  const max = Math.floor(((S.info && S.info.max_body) || 1 << 20) / 2);  // room for JSON escapes
  if (text.length <= max) return [text, ""];
  const cut = text.slice(0, Math.max(0, text.lastIndexOf("\n", max)));
  return [cut, ` (its first ${Math.round(cut.length / 1024)} KB of ${Math.round(text.length / 1024)} KB)`];
}

async function openText(text, box, where, name) {
  $("paste-error").textContent = "";
  const [kept, cut] = trim(text, name);
  let d;
  try { d = await post("parse", box ? { text: kept, box } : { text: kept }); } catch (err) {
    $("paste-error").textContent = `${name ? `${name}: ` : ""}${upper(err.message)}`;
    $("gen-info").textContent = `${name || "The text"} was not opened; the board still holds the game before.`;
    return false;
  }
  found = d.puzzles;
  const pick = $("pick");
  pick.hidden = found.length < 2;
  pick.innerHTML = found.map((p, i) => `<option value="${i}">Puzzle ${i + 1} of ${d.total} (line ${p.line})</option>`).join("");
  let skipped = d.errors.length ? ` ${d.errors.length} could not be read: ${d.errors[0].error}.` : "";
  if (d.total > found.length + d.errors.length) skipped += ` The first ${found.length} of ${d.total} are listed.`;
  load(found[0], `${where || "Opened"}${cut}: ${found[0].n}×${found[0].n}, ${plural(found[0].clues, "given")}.${skipped}`);
  return true;
}

function readFile(file) {
  if (!confirmReplace(`Opening ${file.name}`)) return;
  const reader = new FileReader();
  reader.onload = () => openText(String(reader.result), null, `Opened ${file.name}`, file.name);
  reader.onerror = () => { $("paste-error").textContent = `${file.name}: the browser could not read it`; };
  reader.readAsText(file);
}

function fromHash() {  // #p=PUZZLE[&box=RxC][&v=POSITION]
  const h = new URLSearchParams(location.hash.replace(/^#/, ""));
  return h.get("p") ? { text: h.get("p"), box: h.get("box"), values: h.get("v") } : null;
}

async function openLink(link) {
  const g = saved();
  if (g && g.n && lineOf(g.givens) === link.text.replace(/0/g, ".") && !link.values) return restoreSaved();
  const kept = g && g.n && !g.solved && ((g.undo || []).length || g.values.some((v, c) => v && !g.givens[c]));
  if (kept && !window.confirm("The link opens another puzzle, which replaces your saved game in progress. Go on?")) return restoreSaved();
  if (!await openText(link.text, link.box, "Opened from the link")) return false;
  if (link.values && link.values.length === S.n * S.n) {
    const vals = [...link.values].map((ch) => Math.max(0, SYM.indexOf(ch.toUpperCase()) + 1));
    vals.forEach((v, c) => { if (v && !S.givens[c] && v <= S.n) S.values[c] = v; });
    update();
  }
  return true;
}

function shareLink(withPosition) {
  const base = `${location.origin}${location.pathname}#p=${encodeURIComponent(lineOf(S.givens))}${boxPart()}`;
  return withPosition ? `${base}&v=${encodeURIComponent(lineOf(S.values))}` : base;
}

async function copyText(text, button, label) {
  try {
    await navigator.clipboard.writeText(text);
  } catch (err) {
    const ta = document.createElement("textarea");
    ta.value = text; document.body.appendChild(ta); ta.select();
    document.execCommand("copy"); ta.remove();
  }
  button.textContent = "Copied";
  setTimeout(() => { button.textContent = label; }, 1200);
}

// -- start ------------------------------------------------------------------------------------------
function fillMenus(info) {
  $("gen-size").innerHTML = info.shapes.map(([r, c]) => {
    const n = r * c;
    const label = r === c ? `${n}×${n}` : `${n}×${n} (boxes ${r}×${c})`;
    return `<option value="${r}x${c}"${r === 3 && c === 3 ? " selected" : ""}>${label}</option>`;
  }).join("");
  const names = { none: "none", rot180: "half turn", rot90: "quarter turn", mirror: "mirror", diagonal: "diagonal" };
  $("gen-symmetry").innerHTML = info.symmetries.map((s) => `<option value="${s}">${names[s] || s}</option>`).join("");
  levelsFor();
}

function onButtonDone(e) {  // focus back to the board after a button, so keys keep playing
  const b = e.target.closest("button");
  if (!b || b.id === "choose-file") return;
  const back = () => {
    const a = document.activeElement;
    if (!a || a === document.body || a.disabled || a === b) $("board").focus();
  };
  back();
  setTimeout(back, 0);
}

async function start() {
  document.addEventListener("keydown", onKey);
  document.addEventListener("click", onButtonDone);
  for (const m of ["pen", "corner", "centre", "colour"]) $(`mode-${m}`).addEventListener("click", () => setMode(m));
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("show-candidates").addEventListener("change", (e) => { S.showCands = e.target.checked; update(); });
  $("restart").addEventListener("click", () => { record(); S.givens.forEach((g, c) => { S.values[c] = g; S.marks[c].clear(); S.centre[c].clear(); }); S.excluded.clear(); S.struck.clear(); update(); });
  $("hint").addEventListener("click", hint);
  $("check").addEventListener("click", check);
  $("solve").addEventListener("click", () => solve(1));
  $("count").addEventListener("click", () => solve(2));
  $("grade").addEventListener("click", grade);
  $("show-path").addEventListener("click", showPath);
  $("cancel").addEventListener("click", cancel);
  $("generate").addEventListener("click", generate);
  $("gen-size").addEventListener("change", levelsFor);
  $("open").addEventListener("click", () => { if (confirmReplace("Opening a puzzle")) openText($("paste").value, null, "Opened"); });
  $("choose-file").addEventListener("click", () => $("file").click());
  $("blank").addEventListener("click", blank);
  $("done-editing").addEventListener("click", doneEditing);
  $("file").addEventListener("change", (e) => { if (e.target.files[0]) readFile(e.target.files[0]); e.target.value = ""; });
  $("pick").addEventListener("change", (e) => { if (confirmReplace("Another puzzle of the file")) load(found[Number(e.target.value)], `Puzzle ${Number(e.target.value) + 1}.`); });
  $("copy").addEventListener("click", () => copyText(lineOf(S.values), $("copy"), "Copy"));
  $("share").addEventListener("click", () => copyText(shareLink($("share-position").checked), $("share"), "Copy a link"));
  document.addEventListener("paste", (e) => {
    const t = e.target;
    if (t && (t.tagName === "TEXTAREA" || t.tagName === "INPUT")) return;
    const text = e.clipboardData && e.clipboardData.getData("text");
    if (text && confirmReplace("The pasted puzzle")) { e.preventDefault(); $("paste").value = text.slice(0, 100000); openText(text, null, "Pasted"); }
  });
  window.addEventListener("resize", () => { if (S.n) { fit(); drawLinks(); } });
  document.addEventListener("visibilitychange", () => { if (document.hidden) pauseTimer(); else resumeTimer(); save(); });
  window.addEventListener("pagehide", () => {  // a reload or a closed tab: stop this page's job
    save();
    if (S.busy) fetch("api/cancel", { method: "POST", keepalive: true, headers: { "Content-Type": "application/json" }, body: JSON.stringify({ job: S.busy.job }) });
  });
  window.addEventListener("hashchange", () => { const link = fromHash(); if (link && link.text !== lineOf(S.givens) && confirmReplace("The link's puzzle")) openLink(link); });
  document.addEventListener("dragover", (e) => e.preventDefault());
  document.addEventListener("drop", (e) => {
    e.preventDefault();
    if (e.dataTransfer.files[0]) readFile(e.dataTransfer.files[0]);
  });
  setInterval(showTimer, 500);
  try {
    const r = await fetch("api/info");
    S.info = await r.json();
  } catch (err) {
    S.info = { shapes: [[3, 3]], symmetries: ["none"], levels: [], max_body: 1 << 20 };
  }
  fillMenus(S.info);
  const link = fromHash();
  const opened = (link && await openLink(link))
    || (S.info.initial && await openText(S.info.initial, S.info.initial_box, "Opened"))
    || restoreSaved();
  if (!opened) await openText(SAMPLE, null, "A sample puzzle to start with");
  $("board").focus();
}

start();
