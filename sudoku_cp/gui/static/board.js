// sudoku-cp gui, 1 of 4: the state, the board's geometry and its drawing.
// Plain JavaScript in four classic scripts sharing one global scope (index.html loads
// board.js, game.js, ask.js, app.js in that order); no build step, nothing from the network.
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
  elapsed: 0, since: null, rating: null, path: [], preview: null,
  game: 0,  // counts the puzzles loaded
};

function emptyHighlights() {
  return { cells: new Set(), houses: new Set(), targets: new Map(), elim: new Map(),
           keys: new Set(), wrong: new Set(), differ: new Set(), conflict: new Set(), links: [],
           linked: new Map(), area: new Set(), shapes: [] };  // area, shapes: a variant step's groups and constraints (vhint.js)
}

// -- geometry (the same numbering as sudoku_cp.board: rows, columns, boxes) ------------------
function setGeometry(n, br, bc) {
  S.n = n; S.br = br; S.bc = bc;
  S.allowed = null;  // a variant's given candidates: cell -> the values it may take (variant.js)
  const houses = [];
  for (let r = 0; r < n; r++) houses.push([...Array(n).keys()].map((c) => r * n + c));
  for (let c = 0; c < n; c++) houses.push([...Array(n).keys()].map((r) => r * n + c));
  const tiles = br * bc === n;  // a variant of prime side (7x7) has regions, no boxes
  for (let r0 = 0; tiles && r0 < n; r0 += br)
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
  const { values, excluded } = S.preview || S;
  if (S.possible) return possibleCandidates(c, values);
  const seen = new Set([...S.peers[c]].map((p) => values[p]));
  for (let v = 1; v <= S.n; v++) if (!seen.has(v) && !excluded.has(`${c}:${v}`)) out.push(v);
  return S.allowed && S.allowed[c] ? out.filter((v) => S.allowed[c].has(v)) : out;
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
  if (S.variant) for (const c of variantClashes()) bad.add(c);
  return bad;
}

// -- drawing ---------------------------------------------------------------------------------
function update() {
  const { n } = S;
  const bad = clashes();
  const sel = S.sel;
  const shown = (S.preview || S).values;  // a solve-path step shows the board before it
  const selValue = sel === null ? 0 : shown[sel];
  const houseCells = new Set([...S.hl.houses].flatMap((h) => S.houses[h] || []).concat([...S.hl.area]));
  for (let c = 0; c < n * n; c++) {
    const d = S.cells[c];
    const v = shown[c];
    const cls = d.classList;
    cls.toggle("preview", v !== S.values[c]);
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
    cls.toggle("conflict", !!S.hl.conflict && S.hl.conflict.has(c));  // rules that cannot hold together
    for (let k = 1; k <= COLOURS; k++) cls.toggle(`colour-${k}`, S.colours[c] === k);
    drawCell(d, c, v);
  }
  const board = $("board");
  if (sel !== null) board.setAttribute("aria-activedescendant", `cell-${sel}`);
  else board.removeAttribute("aria-activedescendant");
  drawLinks();
  drawHintShapes();  // vhint.js
  $("line").value = lineOf(S.values);
  $("undo").disabled = !S.undo.length;
  $("redo").disabled = !S.redo.length;
  $("print-info").textContent = `${S.n}×${S.n} · ${lineOf(S.givens)}${S.rating != null ? ` · rating ${S.rating}` : ""}`;
  status(bad);
  showTimer();
  linkHere();
  save();
}

function drawCell(d, c, v) {
  d.innerHTML = "";
  const colour = S.colours[c] ? `, colour ${S.colours[c]}` : "";
  if (v) {  // in a span over the variant drawing (variant.js), whose bulbs and circles would dim it
    const t = document.createElement("span");
    t.className = "value";
    t.textContent = sym(v);
    d.appendChild(t);
    d.setAttribute("aria-label", `${cellName(c)} ${sym(v)}${S.givens[c] ? " given" : ""}${colour}`);
    return;
  }
  const elim = S.hl.elim.get(c);
  const target = S.hl.targets.get(c);
  let shown = S.showCands ? candidates(c) : [...S.marks[c]];
  const centre = S.showCands ? [] : [...S.centre[c]].sort((a, b) => a - b);
  const allowed = S.allowed && S.allowed[c];  // given candidates: always in sight
  const own = shown;
  // empty cells: a description for screen readers, the drawn marks hidden from them
  d.removeAttribute("aria-label");
  const said = document.createElement("span");
  said.className = "sr-only";
  said.textContent = `${cellName(c)} empty${allowed ? `, given candidates ${[...allowed].sort((a, b) => a - b).map(sym).join(" ")}` : ""}${own.length ? `, ${S.showCands ? "candidates" : "marks"} ${own.filter((k) => !(S.showCands && S.struck.has(`${c}:${k}`))).map(sym).join(" ")}` : ""}${centre.length ? `, centre ${centre.map(sym).join(" ")}` : ""}${colour}`;
  d.appendChild(said);
  if (allowed && !S.showCands) shown = [...new Set([...shown, ...allowed])];
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
    if (allowed && !S.showCands && allowed.has(k) && !S.marks[c].has(k)) s.className = "allowed";
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
