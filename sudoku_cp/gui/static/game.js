// sudoku-cp gui, 2 of 4: the game as the player changes it: loading, the timer, keeping it
// in localStorage, playing (values, marks, colours, undo) and the keys.
"use strict";

// -- loading a puzzle ---------------------------------------------------------------------------
function load(p, note) {
  S.game += 1;  // answers asked about the puzzle before no longer apply (ask.js, work)
  leaveShown();  // a puzzle the board only showed (variant_view.js) gives way to this one
  if (S.busy) post("cancel", { job: S.busy.job }).catch(() => {});  // so free the server of its job
  setGeometry(p.n, p.box[0], p.box[1]);
  S.variant = p.variant || null; S.possible = null;  // a variant: its rules (variant.js)
  if (S.variant) variantGeometry();
  $("possible").hidden = !S.variant;
  $("variant-rules").textContent = "";
  S.givens = p.givens.slice();
  S.values = p.givens.slice();
  S.marks = S.values.map(() => new Set());
  S.centre = S.values.map(() => new Set());
  S.colours = S.values.map(() => 0);
  S.excluded = new Set(); S.struck = new Set();
  S.undo = []; S.redo = []; S.sel = null; S.step = null; S.solved = false; S.digit = 0;
  S.elapsed = 0; S.since = document.hidden ? null : performance.now();
  S.rating = p.rating ?? null; S.path = []; S.preview = null;
  setEditing(false);
  S.hl = emptyHighlights();
  buildBoard();
  buildKeypad();
  setOutput("");
  $("path").innerHTML = "";
  const size = $("gen-size");
  if ([...size.options].some((o) => o.value === `${S.br}x${S.bc}`)) { size.value = `${S.br}x${S.bc}`; levelsFor(); }
  if (note !== undefined) $("gen-info").textContent = note;
  update();
  afterLoad(p);  // a puzzle opened while editing is opened to edit (setter.js)
}
function linkHere() {  // the address names the puzzle being played (its givens)
  const hash = `#p=${encodeURIComponent(puzzleText())}${S.variant ? "" : boxPart()}${E.on ? "&edit=1" : ""}`;
  if (location.hash !== hash && !(location.hash.startsWith(hash) && location.hash.includes("&v="))) history.replaceState(null, "", hash);
}
const boxPart = () => (S.br === S.bc || S.n === 9 || S.n === 4 || S.n === 16 || S.n === 25 ? "" : `&box=${S.br}x${S.bc}`);

function buildBoard() {
  const board = $("board");
  const { n, br, bc } = S;
  document.documentElement.style.setProperty("--n", n);
  // a margin of OUT cells around the board for clues outside it, the labels beyond them
  document.documentElement.style.setProperty("--out", outsideClues() ? OUT : 0);
  board.style.setProperty("--br", br);
  board.style.setProperty("--bc", bc);
  board.style.setProperty("--cand", bc >= 4 ? 0.76 : 0.62);  // four or more a row: fill the slot
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
  if (S.variant) drawVariant();  // after fit: its small print is sized from the cell
}

const OUT = 0.8;  // the margin for outside clues, in cells (variant.js draws them 0.4 out)
function fit() {  // the board as large as the window allows, keypad and tools below it
  if (!S.n) return;
  // the layout viewport: a phone's innerWidth grows with whatever overflowed (the board at its
  // first size), which would keep the board too wide for the screen
  const root = document.documentElement;
  const w = root.clientWidth || window.innerWidth, h = root.clientHeight || window.innerHeight;
  const wide = w >= 980;  // the panels go beside the board
  const roomW = wide ? w - Math.min(520, Math.max(360, w * 0.3)) - 110 : w - 52;
  const keypadRows = S.n <= 9 ? 1 : 2;
  const roomH = wide ? h - 190 - 45 * keypadRows : Math.max(h * 0.62, 280);
  const side = S.n + 2 * (outsideClues() ? OUT : 0);  // cells across, with the clue margins
  const cell = Math.max(22, Math.min(120, Math.floor(Math.min(roomW, roomH) / side)));
  document.documentElement.style.setProperty("--cell", `${cell}px`);
  S.cellPx = cell;
}

function buildKeypad() {
  const pad = $("keypad");
  pad.innerHTML = "";
  const keys = E.on && S.mode !== "colour" ? Math.max(S.n, 9) + 2 : S.n + 1;  // values (the setter's digits and 0), Erase
  pad.style.setProperty("--keys", keys <= 11 ? keys : Math.ceil(keys / 2));
  const colour = S.mode === "colour";
  const count = colour ? COLOURS : E.on ? Math.max(S.n, 9) : S.n;  // the setter types sums: 1 to 9 and 0
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
  if (E.on && !colour) {  // the setter's 0, for sums such as 10 and 20
    const zero = document.createElement("button");
    zero.textContent = "0"; zero.dataset.value = 0; zero.setAttribute("aria-label", "Digit 0");
    zero.addEventListener("click", () => digit(0));
    pad.appendChild(zero);
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
      elapsed: elapsed(), editing: S.editing, solved: S.solved, rating: S.rating, variant: S.variant,
    }));
  } catch (err) { /* storage full or off: the game still plays */ }
}
function restoreSaved() {
  let g;
  try { g = JSON.parse(localStorage.getItem(SAVE_KEY) || "null"); } catch (err) { return false; }
  if (!g || !g.n || !Array.isArray(g.givens) || g.givens.length !== g.n * g.n) return false;
  load({ n: g.n, box: g.box, givens: g.givens, rating: g.rating, variant: g.variant }, "Your game, as you left it.");
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
  S.preview = null;
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
  if (E.on) { if (v) digit(v); else if (tool() === "given") setGiven(E.cursor, 0); else digit(null); return; }  // the setter's (setter.js)
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
  if (S.shown) return;  // a picture, not a board (variant_view.js)
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
