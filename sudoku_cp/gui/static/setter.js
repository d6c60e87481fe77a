// sudoku-cp gui: the setter's edit mode. Loaded after variant.js and before app.js.
//
// The draft is the project's variant JSON ({size, box, givens, constraints}), kept here (E.draft);
// after every change the page loads it as a variant puzzle (load(), so the same drawing code as
// play mode draws it) and, debounced, asks the server for the cross-check verdict, cancelling the
// check before. The answer shows under the tools: the verdict, the count to two and, for several
// solutions, the cells where two of them differ with both values written in them.
//
// Pointer: choose a tool, then drag over the cells (a cage's cells, a line from its start, an arrow
// from its bulb, a dot from one cell to its neighbour, an outside clue from the edge cell inwards);
// release adds the constraint. Keyboard: arrows move, Shift+arrows extend the selection, Space adds
// a cell to it, Enter adds the constraint, digits type a given (Given tool) or the value of the
// constraint just added or picked (a cage's sum, a clue's total, a dot's number), Backspace takes
// a digit back, Delete removes, Ctrl+Z and Ctrl+Y undo and redo, Escape clears the selection.
"use strict";

// tool: [label, the value field (null: none), its default (null: must be typed), fewest cells]
// A paradigm's claim (the record's word: docs/json.md) as the setter reads it.
const CLAIMED = {unique: "exactly one", multiple: "several solutions", none: "no solution",
                 unknown: "not settled in time"};
const TOOLS = {
  given: ["Given (type its value)", null, null, 1],
  killer_cage: ["Killer cage (sum optional)", "total", undefined, 1],
  thermometer: ["Thermometer (from the bulb)", null, null, 2],
  slow_thermometer: ["Slow thermometer (from the bulb)", null, null, 2],
  arrow: ["Arrow (bulb, then the shaft)", null, null, 2],
  pill_arrow: ["Pill arrow (bulb length in the box, then bulb and shaft)", "bulb length", 2, 3],
  whisper: ["German whisper line (difference)", "difference", 5, 2],
  renban: ["Renban line", null, null, 2],
  palindrome: ["Palindrome line", null, null, 2],
  between: ["Between line", null, null, 3],
  region_sum_line: ["Region-sum line", null, null, 2],
  zipper: ["Zipper line", null, null, 2],
  entropic: ["Entropic line", null, null, 2],
  lockout: ["Lockout line (difference)", "difference", 4, 3],
  modular: ["Modular line (modulus)", "modulus", 3, 2],
  double_arrow: ["Double arrow line", null, null, 3],
  difference_dot: ["White dot (difference)", "difference", 1, 2],
  ratio_dot: ["Black dot (ratio)", "ratio", 2, 2],
  x: ["X (sum 10)", null, null, 2],
  v: ["V (sum 5)", null, null, 2],
  greater_than: ["Greater than (first cell greater)", null, null, 2],
  odd: ["Odd cell", null, null, 1],
  even: ["Even cell", null, null, 1],
  minimum: ["Minimum cell (less than its neighbours)", null, null, 1],
  maximum: ["Maximum cell (more than its neighbours)", null, null, 1],
  quadruple: ["Quadruple (a 2×2 block; type its values)", "values", null, 1],
  extra_region: ["Extra region", null, null, 1],
  region: ["Region (jigsaw): drag from a region over the cells it takes", null, null, 2],
  little_killer: ["Little killer (edge cell, then along the diagonal)", "total", null, 1],
  sandwich: ["Sandwich (edge cell of the row or column)", "total", null, 1],
  x_sum: ["X-sum (edge cell, reading inwards)", "total", null, 1],
  skyscraper: ["Skyscraper (edge cell, looking inwards)", "count", null, 1],
  erase: ["Erase (anything on the cells)", null, null, 1],
};
const GLOBAL_RULES = [["anti_knight", "Anti-knight"], ["anti_king", "Anti-king"],
  ["non_consecutive", "Non-consecutive"], ["disjoint_groups", "Disjoint groups"],
  ["diagonal_down", "Diagonal ↘"], ["diagonal_up", "Diagonal ↗"],
  ["negative_dots", "No dot: no kropki pair"], ["negative_xv", "No X or V: no such pair"]];
const DRAFT_KEY = "sudoku-cp.draft.v1";
const SIZES = { 4: [2, 2], 6: [2, 3], 8: [2, 4], 9: [3, 3] };
const DEBOUNCE_MS = 80;  // typing "1" "2" for a sum of 12 asks once; a slower second digit cancels the first check

const E = { on: false, draft: null, sel: [], cursor: 0, undo: [], redo: [], last: null, typed: false,
  timer: null, job: null, seq: 0, changed: 0, drag: false, answer: null, latencies: [] };

const tool = () => $("edit-tool").value;
const typeOf = (t) => (t === "x" || t === "v" ? "xv" : t === "pill_arrow" ? "arrow" : t);
const cellsOf = (con) => [...(con.cell !== undefined ? [con.cell] : []), ...(con.cells || []), ...(con.copy || []),
  ...(con.bulb || []), ...(con.shaft || []), ...(con.branches || con.parts || []).flatMap(cellsOf)];
// Types drawn from the model's catalogue (gui/catalogue.py, sent in /api/info): type -> entry
const GENERIC = {};
const valueKey = (con) => ({ killer_cage: "total", little_killer: "total", sandwich: "total", x_sum: "total",
  skyscraper: "count", whisper: "difference", lockout: "difference", modular: "modulus",
  difference_dot: "difference", ratio_dot: "ratio", quadruple: "values" })[con.type]
  || (GENERIC[con.type] && (GENERIC[con.type].number || (GENERIC[con.type].digits ? "values" : null))) || null;
const NEEDS_VALUE = new Set(["little_killer", "sandwich", "x_sum", "skyscraper", "quadruple"]);
const complete = (con) => !NEEDS_VALUE.has(con.type) || (valueKey(con) === "values" ? con.values.length > 0 : Number.isInteger(con[valueKey(con)]));

// -- the draft as text and as a drawing ---------------------------------------------------------
function draftText() {
  const d = E.draft;
  const out = { size: d.size, box: d.box, givens: d.givens, constraints: d.constraints.filter(complete) };
  if (d.regions) out.regions = d.regions;
  if (d.title) out.title = d.title;
  return JSON.stringify(out);
}

function drawingOf(d) {
  const n = d.size, region = Array(n * n).fill(0), givens = Array(n * n).fill(0);
  if (d.regions) d.regions.forEach((r, k) => r.forEach((c) => { region[c] = k + 1; }));
  else if (d.box) for (let c = 0; c < n * n; c++) region[c] = Math.floor(Math.floor(c / n) / d.box[0]) * (n / d.box[1]) + Math.floor((c % n) / d.box[1]) + 1;
  for (const [c, v] of d.givens) givens[c] = v;
  return { variant: true, n, box: d.box, irregular: !!d.regions, region, givens, clues: d.givens.length,
           title: d.title || "", format: "json", ignored: [], constraints: d.constraints.filter(complete) };
}

function draftOf() {  // the puzzle on the board as a draft (a variant's rules, or a classic grid)
  const n = S.n, V = S.variant;
  const givens = [];
  (V ? V.givens : S.givens).forEach((v, c) => { if (v) givens.push([c, v]); });
  if (!V) return { size: n, box: [S.br, S.bc], givens, constraints: [] };
  let regions = null;
  if (V.irregular) {
    const m = new Map();
    V.region.forEach((k, c) => { if (!m.has(k)) m.set(k, []); m.get(k).push(c); });
    regions = [...m.values()];
  }
  const constraints = JSON.parse(JSON.stringify(V.constraints));
  for (const x of constraints) if (x.type === "killer_cage" && x.total === null) delete x.total;  // no sum
  return { size: n, box: V.irregular ? null : V.box, regions, givens, title: V.title || "", constraints };
}

// -- entering and leaving edit mode -------------------------------------------------------------
function startEdit(draft, note) {
  E.on = true;
  E.draft = draft || draftOf();
  E.undo = []; E.redo = []; E.sel = []; E.cursor = 0; E.last = null;
  showEditing();
  render(note || "Edit mode: draw constraints on the board; the verdict follows every change.");
}

function stopEdit() {
  E.on = false;
  cancelCheck();
  showEditing();
  saveDraft();
  const text = draftText();
  load(variantPuzzle(text, drawingOf(E.draft)), `Your puzzle, to play: ${plural(E.draft.givens.length, "given")}, ${plural(E.draft.constraints.filter(complete).length, "constraint")}.`);
}

function newDraft() {
  if (E.on && (E.draft.givens.length || E.draft.constraints.length) && !window.confirm("A new draft replaces this one (undo cannot bring it back). Go on?")) return;
  if (!E.on && !confirmReplace("A new draft")) return;
  const n = Number($("edit-size").value);
  startEdit({ size: n, box: SIZES[n], givens: [], constraints: [] }, `A new ${n}×${n} draft: choose a tool and draw on the board.`);
}

function showEditing() {
  $("edit-start").hidden = E.on;
  $("edit-stop").hidden = !E.on;
  $("edit-tools").hidden = !E.on;
  $("board").classList.toggle("setting", E.on);
  document.body.classList.toggle("setting", E.on);
}

// -- changes --------------------------------------------------------------------------------
function change(fn) {  // every edit: undo point, the change, a new drawing and a new check
  E.undo.push(JSON.stringify(E.draft));
  if (E.undo.length > 300) E.undo.shift();
  E.redo = [];
  fn(E.draft);
  render();
}

function editUndo() {
  if (!E.undo.length) return;
  E.redo.push(JSON.stringify(E.draft));
  E.draft = JSON.parse(E.undo.pop());
  E.last = null;
  render("Undone.");
}
function editRedo() {
  if (!E.redo.length) return;
  E.undo.push(JSON.stringify(E.draft));
  E.draft = JSON.parse(E.redo.pop());
  E.last = null;
  render("Redone.");
}

function render(note) {
  const text = draftText();
  load({ ...variantPuzzle(text, drawingOf(E.draft)), draft: true }, note);
  S.sel = E.cursor;
  S.values = S.givens.slice();
  $("edit-undo").disabled = !E.undo.length;
  $("edit-redo").disabled = !E.redo.length;
  if (SIZES[E.draft.size]) $("edit-size").value = String(E.draft.size);
  showValueField();
  listConstraints();
  syncGlobals();
  update();
  paintSel();
  saveDraft();
  E.changed = performance.now();
  scheduleCheck();
}

function afterLoad(p) {  // load() calls it: a puzzle opened while editing is opened to edit
  if (E.on && !p.draft) startEdit(draftOf(), "Opened to edit: every constraint can be changed or removed.");
}

function paintSel() {
  const inSel = new Set(E.sel);
  const lastCells = new Set(E.last ? cellsOf(E.last) : []);
  S.cells.forEach((d, c) => {
    d.classList.toggle("esel", E.on && inSel.has(c));
    d.classList.toggle("elast", E.on && lastCells.has(c));
  });
}

// The selection as one constraint of the current tool (null, with a reason said, when it cannot be)
function constraintOf(t, sel) {
  const n = E.draft.size;
  const rc = (c) => [Math.floor(c / n), c % n];
  const adjacent = (a, b) => { const [r1, c1] = rc(a), [r2, c2] = rc(b); return Math.abs(r1 - r2) + Math.abs(c1 - c2) === 1; };
  const [, key, dflt] = TOOLS[t];
  const typed = Number($("edit-value").value);
  const value = $("edit-value").value !== "" && Number.isInteger(typed) ? typed : dflt;
  if (["difference_dot", "ratio_dot", "x", "v", "greater_than"].includes(t)) {
    if (sel.length !== 2 || !adjacent(sel[0], sel[1])) return say("A dot or a sign goes between two neighbouring cells: drag from one to the other.");
    const con = { type: typeOf(t), cells: sel.slice() };
    if (t === "x" || t === "v") con.total = t === "x" ? 10 : 5;
    else if (key) con[key] = value ?? dflt;
    return con;
  }
  if (["little_killer", "sandwich", "x_sum", "skyscraper"].includes(t)) {
    const ray = rayOf(t, sel);
    if (!ray) return say(t === "little_killer" ? "A little killer starts on an edge cell and runs along a diagonal: drag from the edge cell to its diagonal neighbour." : "An outside clue starts on an edge cell: click it, or drag from it inwards.");
    const con = { type: t, cells: ray };
    con[key] = Number.isInteger(value) ? value : null;
    return con;
  }
  if (t === "arrow") return { type: "arrow", bulb: [sel[0]], shaft: sel.slice(1) };
  if (t === "pill_arrow") {  // the first k cells the bulb (k in the value box, 2 unless typed)
    const k = Number.isInteger(value) && value >= 1 ? value : 2;
    if (sel.length <= k) return say(`A pill arrow of a ${k}-cell bulb needs at least ${k + 1} cells: the bulb, then the shaft.`);
    return { type: "arrow", bulb: sel.slice(0, k), shaft: sel.slice(k) };
  }
  if (GENERIC[t]) return genericOf(GENERIC[t], sel, value);
  const con = { type: t, cells: sel.slice() };
  if (key) { if (value !== undefined && value !== null) con[key] = value; }
  return con;
}

function rayOf(t, sel) {
  const n = E.draft.size;
  const [r, c] = [Math.floor(sel[0] / n), sel[0] % n];
  let dr, dc;
  if (sel.length > 1) {  // towards the last cell of the drag (a diagonal drag grazes other cells' corners)
    const last = sel[sel.length - 1], Dr = Math.floor(last / n) - r, Dc = (last % n) - c;
    if (t === "little_killer") { dr = Math.sign(Dr); dc = Math.sign(Dc); }
    else if (Math.abs(Dr) >= Math.abs(Dc)) { dr = Math.sign(Dr); dc = 0; } else { dr = 0; dc = Math.sign(Dc); }
  } else if (t === "little_killer") {
    dr = r === n - 1 ? -1 : 1; dc = c === n - 1 ? -1 : 1;
    if (r !== 0 && r !== n - 1 && c !== 0 && c !== n - 1) return null;
  } else {
    [dr, dc] = c === 0 ? [0, 1] : c === n - 1 ? [0, -1] : r === 0 ? [1, 0] : r === n - 1 ? [-1, 0] : [0, 0];
  }
  const diagonal = Math.abs(dr) === 1 && Math.abs(dc) === 1, straight = Math.abs(dr) + Math.abs(dc) === 1;
  if (t === "little_killer" ? !diagonal : !straight) return null;
  const pr = r - dr, pc = c - dc;  // the clue sits one step before the first cell: outside the grid
  if (pr >= 0 && pr < n && pc >= 0 && pc < n) return null;
  const cells = [];
  for (let i = r, k = c; i >= 0 && i < n && k >= 0 && k < n; i += dr, k += dc) cells.push(i * n + k);
  if (t === "little_killer" && cells.length < 2) return null;
  return cells;
}

function say(text) { $("edit-said").textContent = text; return null; }

function commit() {  // the selection becomes a constraint of the current tool
  const t = tool();
  if (isTyped(t)) return commitTyped(t, E.sel.slice());  // setter_more.js: a pattern, pairs, moves, segments
  if (!E.sel.length) return say("Select cells first.");
  if (t === "given") return say("Type a value to make it a given.");
  if (t === "erase") return removeOn(E.sel, true);
  if (E.sel.length < TOOLS[t][3]) return say(`${TOOLS[t][0]} needs at least ${TOOLS[t][3]} cells.`);
  if (t === "region") return paintRegion(E.sel.slice());
  if (t === "odd" || t === "even") {
    const cells = E.sel.slice();
    change((d) => { d.constraints = d.constraints.filter((x) => !((x.type === "odd" || x.type === "even") && cells.includes(x.cell))); for (const c of cells) d.constraints.push({ type: t, cell: c }); });
    return say("");
  }
  if (t === "minimum" || t === "maximum") {
    const cells = E.sel.slice();
    change((d) => { d.constraints = d.constraints.filter((x) => !((x.type === "minimum" || x.type === "maximum") && cells.includes(x.cells[0]))); for (const c of cells) d.constraints.push({ type: t, cells: [c] }); });
    return say("");
  }
  if (t === "quadruple") {  // the 2x2 block whose top-left is the selection's top-left cell
    const n = E.draft.size, top = Math.min(...E.sel);
    if (top % n === n - 1 || Math.floor(top / n) === n - 1) return say("A quadruple's block starts left of the last column and above the last row.");
    const con = { type: "quadruple", cells: [top, top + 1, top + n, top + n + 1], values: [] };
    E.typed = false;
    change((d) => { d.constraints = d.constraints.filter((x) => !(x.type === "quadruple" && x.cells[0] === top)); d.constraints.push(con); });
    E.last = con; E.sel = [];
    paintSel(); showValueField();
    return say("Type its values (digits, or the keypad).");
  }
  if (GENERIC[t] && GENERIC[t].shape === "cell") {  // one per selected cell (given candidates: one cell, then its values)
    const cells = E.sel.slice(), g = GENERIC[t];
    const one = (c) => ({ type: t, cell: c, ...(g.digits ? { values: [] } : {}) });
    change((d) => { d.constraints = d.constraints.filter((x) => !(x.type === t && cells.includes(x.cell))); for (const c of cells) d.constraints.push(one(c)); });
    E.last = one(cells[cells.length - 1]); E.sel = []; E.typed = false;
    paintSel(); showValueField();
    return say(g.digits ? "Type its values (digits, or the keypad)." : "");
  }
  const con = constraintOf(t, E.sel);
  if (!con) return;
  const same = (x) => x.type === con.type && JSON.stringify(cellsOf(x)) === JSON.stringify(cellsOf(con));
  E.typed = false;
  change((d) => { d.constraints = d.constraints.filter((x) => !same(x)); d.constraints.push(con); });
  E.last = con;
  E.sel = [];
  say(complete(con) ? "" : `Type the ${TOOLS[t][1]} of the ${TOOLS[t][0].split(" (")[0].toLowerCase()} (digits, or the keypad).`);
  paintSel();
  showValueField();
}

function paintRegion(cells) {  // the cells after the first join the first cell's region (boxes become regions)
  change((d) => {
    const n = d.size;
    if (!d.regions) {
      const m = new Map();
      for (let c = 0; c < n * n; c++) {
        const k = d.box ? Math.floor(Math.floor(c / n) / d.box[0]) * (n / d.box[1]) + Math.floor((c % n) / d.box[1]) : 0;
        if (!m.has(k)) m.set(k, []);
        m.get(k).push(c);
      }
      d.regions = [...m.values()];
    }
    d.box = null;
    const target = d.regions.find((r) => r.includes(cells[0]));
    for (const c of cells.slice(1)) {
      const from = d.regions.find((r) => r.includes(c));
      if (from === target) continue;
      from.splice(from.indexOf(c), 1);
      target.push(c);
    }
    d.regions = d.regions.filter((r) => r.length).map((r) => r.sort((a, b) => a - b));
  });
  E.sel = [];
  paintSel();
  const sizes = E.draft.regions.map((r) => r.length);
  say(sizes.every((k) => k === E.draft.size) ? "" : `Regions of ${[...new Set(sizes)].sort((a, b) => a - b).join(", ")} cells: a jigsaw needs ${E.draft.size} in each.`);
}

function removeOn(cells, everything) {  // the constraints of the tool (or all) touching the cells, and their givens
  const t = tool(), touched = new Set(cells);
  const hit = (x) => (everything || typeOf(t) === x.type) && cellsOf(x).some((c) => touched.has(c));
  const givens = (everything || t === "given") && E.draft.givens.some(([c]) => touched.has(c));
  if (!givens && !E.draft.constraints.some(hit)) return say("Nothing of that kind on the selected cells.");
  change((d) => {
    d.constraints = d.constraints.filter((x) => !hit(x));
    if (givens) d.givens = d.givens.filter(([c]) => !touched.has(c));
  });
  E.last = null;
  say("Removed.");
}

function setGiven(c, v) {
  change((d) => {
    d.givens = d.givens.filter(([x]) => x !== c);
    if (v) d.givens.push([c, v]);
    d.givens.sort((a, b) => a[0] - b[0]);
  });
}

function digit(v) {  // a digit (keyboard or keypad): a given, or the value of the constraint in hand
  if (tool() === "given") { if (v <= E.draft.size) setGiven(E.cursor, v); return; }
  const con = E.last && E.draft.constraints.find((x) => JSON.stringify(x) === JSON.stringify(E.last));
  const key = con && valueKey(con);
  if (!key) return say("Pick a constraint with a value first (add one, or click its cells), or choose the Given tool.");
  if (key === "values") {  // a quadruple: each digit one more value, Backspace takes the last back
    if (v !== null && (v < 1 || v > E.draft.size || (con.type === "quadruple" && con.values.length >= 4))) return;
    setValue(con, key, v === null ? con.values.slice(0, -1) : [...con.values, v]);
    return;
  }
  const before = E.typed && Number.isInteger(con[key]) ? String(con[key]) : "";
  const next = v === null ? before.slice(0, -1) : before + String(v);
  setValue(con, key, next === "" ? null : Number(next));
  E.typed = true;
}

function setValue(con, key, value) {
  const i = E.draft.constraints.findIndex((x) => JSON.stringify(x) === JSON.stringify(con));
  if (i < 0) return;
  change((d) => {
    const x = d.constraints[i];
    if (value === null && (key === "total" && x.type === "killer_cage")) delete x[key];
    else if (value === null && !NEEDS_VALUE.has(x.type)) x[key] = TOOLS[x.type][2];
    else x[key] = value;
    E.last = JSON.parse(JSON.stringify(x));
  });
  say(complete(E.last) ? "" : "Type its value.");
  paintSel();
}

function pick(c) {  // a click on a constraint of the current tool: it is the one digits now change
  const t = typeOf(tool());
  const found = [...E.draft.constraints].reverse().find((x) => x.type === t && cellsOf(x).includes(c));
  E.last = found ? JSON.parse(JSON.stringify(found)) : null;
  E.typed = false;
  showValueField();
  return !!found;
}

function showValueField() {  // (a pill arrow's box is the next arrow's bulb length, never the last one's)
  const con = tool() !== "pill_arrow" && E.last && E.draft.constraints.find((x) => JSON.stringify(x) === JSON.stringify(E.last));
  const key = con ? valueKey(con) : TOOLS[tool()][1];
  $("edit-value-box").hidden = !key;
  $("edit-value-label").textContent = con ? `${upper(TOOLS[con.type] ? TOOLS[con.type][0].split(" (")[0] : con.type)}: ${key}` : `New: ${key}`;
  $("edit-value").value = con && Number.isInteger(con[key]) ? con[key] : con && Array.isArray(con[key]) ? con[key].join("") : "";
  showTextField();
}

function onValueField() {  // the value field: the constraint in hand, or the next one's value
  const con = tool() !== "pill_arrow" && E.last && E.draft.constraints.find((x) => JSON.stringify(x) === JSON.stringify(E.last));
  if (!con) return;
  const raw = $("edit-value").value, key = valueKey(con);
  if (key === "values") setValue(con, key, [...raw].map(Number).filter((v) => v >= 1 && v <= E.draft.size).slice(0, con.type === "quadruple" ? 4 : undefined));
  else setValue(con, key, raw === "" ? null : Number(raw));
}

// -- pointer ----------------------------------------------------------------------------------
function cellAt(x, y) {
  const el = document.elementFromPoint(x, y);
  const d = el && el.closest && el.closest("#board .cell");
  return d ? Number(d.dataset.cell) : null;
}

function extend(c) {  // the selection follows the pointer; cells skipped by a fast move are filled in
  const last = E.sel[E.sel.length - 1], n = E.draft.size;
  if (c === last) return;
  if (E.sel.length > 1 && E.sel[E.sel.length - 2] === c) { E.sel.pop(); return; }  // back over the last cell
  if (E.sel.includes(c)) return;
  let [r, k] = [Math.floor(last / n), last % n];
  const [r2, k2] = [Math.floor(c / n), c % n];
  while (r !== r2 || k !== k2) {
    r += Math.sign(r2 - r); k += Math.sign(k2 - k);
    const x = r * n + k;
    if (!E.sel.includes(x)) E.sel.push(x);
  }
}

function onPointerDown(e) {
  if (!E.on) return;
  const c = cellAt(e.clientX, e.clientY);
  if (c === null) return;
  e.preventDefault();
  E.drag = true;
  E.cursor = c;
  E.sel = [c];
  S.sel = c;
  $("board").focus();
  update(); paintSel();
}
function onPointerMove(e) {
  if (!E.on || !E.drag) return;
  const c = cellAt(e.clientX, e.clientY);
  if (c === null) return;
  const before = E.sel.length;
  extend(c);
  if (E.sel.length !== before || E.cursor !== c) { E.cursor = c; paintSel(); }
}
function onPointerUp() {
  if (!E.on || !E.drag) return;
  E.drag = false;
  const t = tool();
  if (t === "given" || (GENERIC[t] && GENERIC[t].shape === "text")) return;  // a leaper rule: Add, no cells
  if (E.sel.length === 1 && !["odd", "even", "minimum", "maximum", "erase", "little_killer", "sandwich", "x_sum", "skyscraper"].includes(t)
      && !(GENERIC[t] && GENERIC[t].shape === "cell")
      && !(t === "quadruple" && !pick(E.sel[0]))) {
    if (pick(E.sel[0])) { paintSel(); say(isTyped(t) ? "Picked: change its text and press Enter; Delete removes it." : "Picked: type to change its value, Delete removes it."); }
    return;
  }
  if (E.sel.length === 1 && ["little_killer", "sandwich", "x_sum", "skyscraper"].includes(t) && pick(E.sel[0])
      && cellsOf(E.last)[0] === E.sel[0]) { paintSel(); return; }
  commit();
}

// -- keys -------------------------------------------------------------------------------------
function onEditKey(e) {
  if (!E.on) return;
  const t = e.target;
  if (t && (t.tagName === "TEXTAREA" || t.tagName === "SELECT" || t.tagName === "BUTTON" || (t.tagName === "INPUT" && t.type !== "checkbox"))) return;
  if (t && t.tagName === "INPUT") return;
  const ctrl = e.ctrlKey || e.metaKey;
  const stop = () => { e.preventDefault(); e.stopImmediatePropagation(); };
  if (ctrl && e.key.toLowerCase() === "z") { stop(); if (e.shiftKey) editRedo(); else editUndo(); return; }
  if (ctrl && e.key.toLowerCase() === "y") { stop(); editRedo(); return; }
  if (e.altKey || ctrl) return;
  const n = E.draft.size;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[e.key]) {
    stop();
    const c = E.cursor;
    const r = Math.min(n - 1, Math.max(0, Math.floor(c / n) + moves[e.key][0]));
    const k = Math.min(n - 1, Math.max(0, (c % n) + moves[e.key][1]));
    E.cursor = r * n + k;
    if (e.shiftKey) { if (!E.sel.length) E.sel = [c]; extend(E.cursor); } else E.sel = [E.cursor];
    S.sel = E.cursor; update(); paintSel();
    return;
  }
  if (e.key === " ") { stop(); if (!E.sel.includes(E.cursor)) E.sel.push(E.cursor); else E.sel = E.sel.filter((x) => x !== E.cursor); paintSel(); return; }
  if (e.key === "Enter") { stop(); if (E.sel.length === 0) E.sel = [E.cursor]; commit(); return; }
  if (e.key === "Escape") { stop(); E.sel = []; E.last = null; paintSel(); showValueField(); return; }
  if (e.key === "Delete") { stop(); if (E.last) removeLast(); else removeOn(E.sel.length ? E.sel : [E.cursor], false); return; }
  if (e.key === "Backspace") { stop(); if (tool() === "given") setGiven(E.cursor, 0); else digit(null); return; }
  if (e.key === "p" || e.key === "P") { stop(); if (pick(E.cursor)) { paintSel(); say("Picked: type to change its value, Delete removes it."); } return; }
  const v = keyValue(e);
  if (v !== null) { stop(); if (v === 0 && tool() === "given") setGiven(E.cursor, 0); else digit(v); }
}

function removeLast() {
  const s = JSON.stringify(E.last);
  change((d) => { d.constraints = d.constraints.filter((x) => JSON.stringify(x) !== s); });
  E.last = null;
  say("Removed.");
}

// -- the list of constraints and the global rules -----------------------------------------------
function describe(con) {
  if (con.type === "or" || con.type === "and") return describeGroup(con);
  const name = (TOOLS[con.type] ? TOOLS[con.type][0].split(" (")[0] : con.type.replace(/_/g, " "));
  const key = valueKey(con);
  const val = key && con[key] !== undefined && con[key] !== null ? ` ${con[key]}` : key && NEEDS_VALUE.has(con.type) ? " (no value yet)" : "";
  const cs = cellsOf(con);
  const where = (textOf(con) !== null ? ` “${clip(textOf(con), 24)}”` : "") + (cs.length ? `: ${cs.slice(0, 6).map(cellName).join(" ")}${cs.length > 6 ? " …" : ""}` : "");
  return `${con.type === "xv" ? (con.total === 10 ? "X" : con.total === 5 ? "V" : `XV ${con.total}`) : name}${con.type === "xv" ? "" : val}${where}`;
}

function listConstraints() {
  const items = E.draft.constraints.map((con, i) => `<li><label><input type="checkbox" data-tick="${i}"> ${esc(describe(con))}</label> <button class="quiet small" data-remove="${i}" aria-label="Remove ${esc(describe(con))}">Remove</button></li>`);
  $("edit-count").textContent = `${plural(E.draft.constraints.length, "constraint")}, ${plural(E.draft.givens.length, "given")}`;
  $("edit-list").innerHTML = items.join("");
}

function onListClick(e) {
  const b = e.target.closest("button[data-remove]");
  if (!b) return;
  const i = Number(b.dataset.remove);
  change((d) => { d.constraints.splice(i, 1); });
  E.last = null;
}

function globalOf(key) {
  if (key === "diagonal_down") return { type: "diagonal", slope: -1 };
  if (key === "diagonal_up") return { type: "diagonal", slope: 1 };
  if (key === "negative_dots") return { type: key, white: true, black: true };
  if (key === "negative_xv") return { type: key, x: true, v: true };
  return { type: key, ...JSON.parse(JSON.stringify(GLOBAL_EXTRA[key] || {})) };
}
const GLOBAL_EXTRA = {};  // a catalogue rule's other fields, as the model writes them back
const sameGlobal = (a, b) => a.type === b.type && (a.type !== "diagonal" || a.slope === b.slope);
function syncGlobals() {
  for (const [key] of GLOBAL_RULES) $(`edit-g-${key}`).checked = E.draft.constraints.some((x) => sameGlobal(x, globalOf(key)));
}
function onGlobal(key, on) {
  const g = globalOf(key);
  change((d) => { d.constraints = d.constraints.filter((x) => !sameGlobal(x, g)); if (on) d.constraints.push(g); });
}

// -- live answers -----------------------------------------------------------------------------
function cancelCheck() {
  clearTimeout(E.timer);
  if (E.job) post("cancel", { job: E.job }).catch(() => {});
  E.job = null;
}

function scheduleCheck() {
  cancelCheck();
  const v = $("edit-verdict");
  v.className = "verdict pending";
  v.textContent = "Checking…";
  v.dataset.state = "pending";
  E.timer = setTimeout(runCheck, DEBOUNCE_MS);
}

async function runCheck(retry = 0) {
  const seq = ++E.seq, text = draftText(), changed = E.changed;
  const job = `setter-${PAGE}-${seq}`;
  E.job = job;
  let d, err = null;
  try { d = await post("variant/check", { puzzle: text, job, time_limit: 20 }); } catch (x) { err = x; }
  if (seq !== E.seq || !E.on) return;  // a newer change asked again
  E.job = null;
  if (err && err.data && err.data.running && retry < 50) { setTimeout(() => { if (seq === E.seq) runCheck(retry + 1); }, 100 + 10 * retry); return; }  // cancelled jobs still winding down (up to ~17 s on a loaded machine)
  if (err && err.data && err.data.cancelled) return;
  showAnswer(d, err, performance.now() - changed);
}

const SETTER_VERDICTS = {
  unique: ["good", () => "Unique: exactly one solution."],
  multiple: ["bad", (d) => `Not unique: at least two solutions; they differ in ${plural(d.differ.length, "cell")} (outlined, both values shown).`],
  none: ["bad", (d) => d.conflict && d.conflict.items.length
    ? `No solution: ${d.conflict.sentence}.`
    : "No solution: a rule or a given contradicts the others."],
  disagree: ["bad", () => "The solvers disagree: a bug in sudoku-cp (details under Help)."],
  unknown: ["", () => "Not settled within the time limit."],
};

function showAnswer(d, err, ms_) {
  const v = $("edit-verdict");
  E.answer = d || null;
  S.hl.differ = new Set();
  S.hl.conflict = new Set();
  drawDiffer([]);
  $("edit-differ").textContent = "";
  if (err) {
    v.className = "verdict bad";
    v.textContent = `Not checked: ${err.message}`;
    v.dataset.state = "error";
  } else {
    const [tone, words] = SETTER_VERDICTS[d.verdict] || ["bad", () => d.verdict];
    const ran = Object.entries(d.backends).filter(([, r]) => r.status !== "declined").map(([k]) => k);
    v.className = `verdict ${tone}`;
    v.dataset.state = d.verdict;
    v.textContent = `${words(d)} (${ran.join(", ")}; ${Math.round(ms_)} ms)`;
    d.differ.forEach((c) => S.hl.differ.add(c));
    drawDiffer(d.differ_values || []);
    S.hl.conflict = new Set((d.conflict ? d.conflict.items : []).flatMap((i) => i.cells));
    if (d.verdict !== "unique" && d.verdict !== "multiple") {  // what the paradigms found
      const said = Object.entries(d.backends).map(([k, r]) => `${k}: ${CLAIMED[r.claim] || r.claim}`).join("; ");
      $("edit-differ").textContent = `${said}.${(d.evidence || []).length ? ` ${d.evidence.join(" ")}` : ""}`;
    }
    update(); paintSel();
  }
  v.dataset.ms = String(Math.round(ms_));
  E.latencies.push(ms_);
  announce(v.textContent);
}

function drawDiffer(pairs) {  // both values of two solutions in each cell where they differ
  const board = $("board");
  const old = board.querySelector("svg.differ-values");
  if (old) old.remove();
  if (!pairs.length) return;
  const n = S.n;
  const svg = document.createElementNS(SVG, "svg");
  svg.classList.add("differ-values");
  svg.setAttribute("viewBox", `0 0 ${n} ${n}`);
  svg.setAttribute("preserveAspectRatio", "none");
  svg.setAttribute("aria-hidden", "true");
  for (const [c, a, b] of pairs) {
    const t = document.createElementNS(SVG, "text");
    t.setAttribute("x", (c % n) + 0.5); t.setAttribute("y", Math.floor(c / n) + 0.62);
    t.setAttribute("class", "differ-pair");
    t.textContent = `${sym(a)}|${sym(b)}`;
    svg.appendChild(t);
  }
  board.appendChild(svg);
  $("edit-differ").textContent = `Where two solutions differ: ${pairs.slice(0, 12).map(([c, a, b]) => `${cellName(c)} ${sym(a)} or ${sym(b)}`).join("; ")}${pairs.length > 12 ? "; …" : ""}.`;
}

// -- out and back -----------------------------------------------------------------------------
async function exportAs(kind) {
  let d;
  try { d = await post("variant/export", { puzzle: draftText() }); } catch (err) { $("export-out").value = ""; return say(`Not exported: ${err.message}`); }
  const text = kind === "fpuzzles" ? d.fpuzzles_link : kind === "iss" ? d.iss_link : d.json;
  const why = kind === "fpuzzles" ? d.fpuzzles_error : kind === "iss" ? d.iss_error : null;
  $("export-out").value = text || "";
  $("export-said").textContent = text ? `${{ fpuzzles: "An f-puzzles link", iss: "An ISS link", json: "The project's JSON" }[kind]}: copied, and shown here.` : `Not in that format: ${why}`;
  if (text) copyText(text, $(`export-${kind}`), $(`export-${kind}`).textContent);
}

function saveDraft() {
  try { localStorage.setItem(DRAFT_KEY, JSON.stringify({ on: E.on, draft: E.draft, undo: E.undo.slice(-50) })); } catch (err) { /* storage off: the draft still edits */ }
}

function setterStart(link) {  // at the page's start: a link's edit=1, or a draft being edited before the reload
  addCatalogue(S.info && S.info.types);
  if (link && link.edit) { if (S.variant || S.n) startEdit(draftOf(), "Opened from the link, to edit."); return; }
  let g = null;
  try { g = JSON.parse(localStorage.getItem(DRAFT_KEY) || "null"); } catch (err) { g = null; }
  if (!link && g && g.on && g.draft && g.draft.size) {
    startEdit(g.draft, "Your draft, as you left it.");
    E.undo = g.undo || [];
    $("edit-undo").disabled = !E.undo.length;
  }
}

function setterInit() {
  $("edit-tool").innerHTML = Object.entries(TOOLS).map(([k, [label]]) => `<option value="${k}">${esc(label)}</option>`).join("");
  $("edit-tool").value = "killer_cage";
  $("edit-globals").innerHTML = GLOBAL_RULES.map(([k, label]) => `<label class="switch"><input type="checkbox" id="edit-g-${k}"> ${label}</label>`).join("");
  for (const [k] of GLOBAL_RULES) $(`edit-g-${k}`).addEventListener("change", (e) => onGlobal(k, e.target.checked));
  $("edit-tool").addEventListener("change", () => { E.last = null; E.sel = []; paintSel(); showValueField(); say(""); });
  $("edit-start").addEventListener("click", () => startEdit());
  $("edit-stop").addEventListener("click", stopEdit);
  $("edit-new").addEventListener("click", newDraft);
  $("edit-add").addEventListener("click", commit);
  $("edit-remove").addEventListener("click", () => { if (E.last) removeLast(); else removeOn(E.sel.length ? E.sel : [E.cursor], false); });
  $("edit-undo").addEventListener("click", editUndo);
  $("edit-redo").addEventListener("click", editRedo);
  $("edit-value").addEventListener("change", onValueField);
  $("edit-list").addEventListener("click", onListClick);
  $("edit-possible").addEventListener("click", allPossibilities);
  for (const k of ["fpuzzles", "iss", "json"]) $(`export-${k}`).addEventListener("click", () => exportAs(k));
  const board = $("board");
  board.addEventListener("pointerdown", onPointerDown, true);
  board.addEventListener("pointermove", onPointerMove);
  window.addEventListener("pointerup", onPointerUp);
  document.addEventListener("keydown", onEditKey, true);
}

setterInit();
