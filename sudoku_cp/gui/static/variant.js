// sudoku-cp gui: variant puzzles (f-puzzles, ISS strings, variant JSON). Loaded after ask.js
// and before app.js. The server reads the text (api/variant/open) and answers every
// constraint as data; this file draws them in one SVG layer over the board, adds the rules
// that make cells differ to the board's houses, and checks the simple rules as the player
// types. Every other rule is checked by the server (Check: every paradigm, every rule).
"use strict";

const LINE_COLOURS = {
  whisper: "#3fae3f", renban: "#b05ad8", palindrome: "#8c8c8c", between: "#4f8fd6",
  lockout: "#d9822b", region_sum_line: "#2f6fd0", zipper: "#a070c0", entropic: "#d89a30",
  modular: "#c9935a", double_arrow: "#8a8a8a",
  nabner: "#d06060",
  regex: "#7a9cc6", nfa: "#6aa39a",  // sequence lines (an or / and is named under the board, not drawn)
};
// Rules over the whole grid: named under the board, drawn only where they have a picture.
const GLOBAL_NAMES = {
  anti_knight: "anti-knight", anti_king: "anti-king", non_consecutive: "non-consecutive",
  disjoint_groups: "disjoint groups", negative_dots: "no dot means no kropki pair",
  negative_xv: "no letter means no X or V pair",
  knightmare: "knightmare", chess: "chess (leaper) rule",
  diagonal_non_consecutive: "diagonal non-consecutive",
  region_same_values: "the largest houses hold the same values", doppelganger: "doppelganger",
  connected_values: "connected values", full_rank_ties: "full-rank ties",
};

// Clues written outside the grid: the board keeps a margin for them (outsideClues, app.css).
const OUTSIDE = new Set(["little_killer", "sandwich", "x_sum", "skyscraper", "full_rank"]);
const outsideClues = () => !!S.variant && S.variant.constraints.some((c) => OUTSIDE.has(c.type));

// -- opening ------------------------------------------------------------------------------------
// A text of several lines holds variants as JSON lines (the shared variant sets) or one ISS or
// f-puzzles string a line (listed in the pick menu), or one f-puzzles string wrapped over lines
// (as a mail or a chat breaks it). variantLines: the pick menu's puzzles when it lists variants.
let variantLines = [];
const BASE64_LINE = /^[A-Za-z0-9+/=_-]+$/;

// null: not a variant (open it as a classic puzzle); true: opened; false: refused (said why).
async function openVariant(text, where, name) {
  const t = text.trim();
  if (!t || t.length > 200000) return null;
  const lines = t.split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !l.startsWith("#"));
  if (isJsonDocument(t)) return openOneVariant(t, where, name);
  if (lines.length < 2) return lines.length ? openOneVariant(lines[0], where, name) : null;
  if (lines.every((l) => BASE64_LINE.test(l)) && /[A-Za-z]/.test(t)) {  // wrapped: joined again
    const joined = lines.join("");
    const d = await post("variant/open", { puzzle: joined }).catch(() => null);
    if (d && d.variant) return showVariant(joined, d, where, " Joined from its lines.", false);
  }
  let first;
  try { first = await post("variant/open", { puzzle: lines[0] }); } catch (err) { first = err; }
  if (first.variant === false) return null;  // a classic file (its first line no variant format)
  variantLines = lines;  // one puzzle a line: the menu lists them, even when the first is refused
  const pick = $("pick");
  pick.innerHTML = lines.map((l, i) => `<option value="${i}">Puzzle ${i + 1} of ${lines.length}${esc(titleOf(l))}</option>`).join("");
  pick.hidden = false;
  if (first instanceof Error) return refuse(first, name);
  return showVariant(lines[0], first, where, ` The first of ${lines.length} puzzles: the menu beside Open lists them all.`, true);
}

function refuse(err, name) {  // said under Open; the board keeps its game
  $("paste-error").textContent = `${name ? `${name}: ` : ""}${upper(err.message)}`;
  $("gen-info").textContent = `${name || "The text"} was not opened; the board still holds the game before.`;
  return false;
}

function isJsonDocument(t) {
  if (!t.startsWith("{")) return false;
  try { JSON.parse(t); return true; } catch (err) { return false; }
}
function titleOf(line) {  // a JSON line's title (or id), for the pick menu
  if (!line.startsWith("{")) return "";
  try { const r = JSON.parse(line); return r.title || r.id ? `: ${r.title || r.id}` : ""; } catch (err) { return ""; }
}

// One puzzle's text; ``more`` is said after the note; ``listed``: one of the pick menu's puzzles.
async function openOneVariant(t, where, name, more = "", listed = false) {
  let d;
  try { d = await post("variant/open", { puzzle: t }); } catch (err) { return refuse(err, name); }
  if (!d.variant) return null;
  return showVariant(t, d, where, more, listed);
}

function showVariant(t, d, where, more, listed) {
  if (d.shown_only) return showShown(t, d, where, more, listed);  // a grid the board cannot play (variant_view.js)
  if (!listed) { variantLines = []; $("pick").hidden = true; }
  const rules = [...(d.irregular ? ["irregular regions"] : []), ...new Set(d.constraints.map((c) => c.type.replace(/_/g, " ")))];
  const ignored = d.ignored.length ? ` Ignored (cosmetic): ${d.ignored.join(", ")}.` : "";
  load(variantPuzzle(t, d), `${where || "Opened"}: ${d.title ? `“${d.title}”, ` : ""}a ${d.n}×${d.n} variant (${d.format}), ${plural(d.clues, "given")}${rules.length ? `; ${rules.join(", ")}` : ""}.${ignored}${more}`);
  return true;
}

function variantPuzzle(text, d) {  // the puzzle as load() takes it
  // No box (irregular regions): rows x columns of the candidate grid, room for all n values.
  const rows = Math.max(1, Math.floor(Math.sqrt(d.n)));
  const box = d.box || [rows, Math.ceil(d.n / rows)];
  return { n: d.n, box, givens: d.givens, variant: { text, ...d } };
}

const puzzleText = () => (S.shown ? S.shown.text : S.variant ? S.variant.text : lineOf(S.givens));

// -- geometry: regions, diagonals, extra regions, cages and anti-chess rules make cells differ --
function variantGeometry() {
  const V = S.variant, n = S.n;
  const houses = S.houses.slice(0, 2 * n);  // rows and columns; boxes replaced by the regions
  const regions = new Map();
  V.region.forEach((k, c) => { if (k) { if (!regions.has(k)) regions.set(k, []); regions.get(k).push(c); } });
  houses.push(...regions.values());
  const pairs = [];
  const steps = (moves) => {
    for (let c = 0; c < n * n; c++) for (const [dr, dc] of moves) {
      const r = Math.floor(c / n) + dr, k = (c % n) + dc;
      if (r >= 0 && r < n && k >= 0 && k < n) pairs.push([c, r * n + k]);
    }
  };
  for (const con of V.constraints) {
    if (con.type === "diagonal") houses.push([...Array(n).keys()].map((i) => (con.slope > 0 ? (n - 1 - i) * n + i : i * n + i)));
    else if (con.type === "extra_region" || con.type === "killer_cage" || con.type === "renban") houses.push(con.cells);
    else if (con.type === "anti_knight") steps([[1, 2], [2, 1], [1, -2], [2, -1]]);
    else if (con.type === "anti_king") steps([[1, 1], [1, -1]]);
    else if (con.type === "disjoint_groups" && S.br * S.bc === n && !V.irregular)
      for (let i = 0; i < S.br; i++) for (let j = 0; j < S.bc; j++) {
        const g = [];
        for (let r0 = 0; r0 < n; r0 += S.br) for (let c0 = 0; c0 < n; c0 += S.bc) g.push((r0 + i) * n + c0 + j);
        houses.push(g);
      }
  }
  S.houses = houses;
  for (const con of V.constraints) {  // given candidates: the values a cell may take
    if (con.type !== "candidates") continue;
    if (!S.allowed) S.allowed = Array(n * n).fill(null);
    const had = S.allowed[con.cell];
    S.allowed[con.cell] = new Set(con.values.filter((v) => !had || had.has(v)));
  }
  S.peers = [...Array(n * n)].map(() => new Set());
  for (const h of houses) for (const a of h) for (const b of h) if (a !== b) S.peers[a].add(b);
  for (const [a, b] of pairs) { S.peers[a].add(b); S.peers[b].add(a); }
  S.pairClash = pairs;
}

// -- the simple rules, checked as the player types -------------------------------------------------
// Houses (above) and: given candidates, cage sums, thermometers, arrows, kropki dots, X/V, odd/even, whispers,
// palindromes, little killers. The rest waits for the server's Check.
function variantClashes() {
  const bad = new Set();
  const v = S.values;
  const mark = (cells) => cells.forEach((c) => bad.add(c));
  const full = (cells) => cells.every((c) => v[c]);
  const sum = (cells) => cells.reduce((s, c) => s + v[c], 0);
  for (const [a, b] of S.pairClash || []) if (v[a] && v[a] === v[b]) mark([a, b]);
  for (const con of S.variant.constraints) {
    const cs = con.cells || [];
    const t = con.type;
    if ((t === "killer_cage" || t === "little_killer") && con.total != null) {
      if ((full(cs) && sum(cs) !== con.total) || sum(cs.filter((c) => v[c])) > con.total) mark(cs.filter((c) => v[c]));
    } else if (t === "thermometer") {
      for (let i = 0; i < cs.length; i++) for (let j = i + 1; j < cs.length; j++)
        if (v[cs[i]] && v[cs[j]] && v[cs[j]] - v[cs[i]] < j - i) mark([cs[i], cs[j]]);
    } else if (t === "arrow") {
      const cells = [...con.bulb, ...con.shaft];
      if (con.bulb.length === 1 && full(cells) && v[con.bulb[0]] !== sum(con.shaft)) mark(cells);
    } else if (t === "difference_dot" || t === "ratio_dot" || t === "xv") {
      const [a, b] = cs;
      if (!v[a] || !v[b]) continue;
      const ok = t === "xv" ? v[a] + v[b] === con.total
        : t === "difference_dot" ? Math.abs(v[a] - v[b]) === con.difference
        : v[a] === con.ratio * v[b] || v[b] === con.ratio * v[a];
      if (!ok) mark([a, b]);
    } else if (t === "candidates") {
      if (v[con.cell] && !con.values.includes(v[con.cell])) mark([con.cell]);
    } else if (t === "odd" || t === "even") {
      if (v[con.cell] && (v[con.cell] % 2 === 1) !== (t === "odd")) mark([con.cell]);
    } else if (t === "whisper") {
      for (let i = 0; i + 1 < cs.length; i++)
        if (v[cs[i]] && v[cs[i + 1]] && Math.abs(v[cs[i]] - v[cs[i + 1]]) < con.difference) mark([cs[i], cs[i + 1]]);
    } else if (t === "palindrome") {
      for (let i = 0; i < cs.length / 2; i++) {
        const a = cs[i], b = cs[cs.length - 1 - i];
        if (v[a] && v[b] && v[a] !== v[b]) mark([a, b]);
      }
    }
  }
  return bad;
}

// -- drawing -----------------------------------------------------------------------------------
function drawVariant() {
  const board = $("board");
  const old = board.querySelector("svg.variant");
  if (old) old.remove();
  const V = S.variant;
  if (!V) return;
  const n = S.n;
  const svg = document.createElementNS(SVG, "svg");
  svg.classList.add("variant");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("viewBox", `0 0 ${n} ${n}`);
  svg.setAttribute("preserveAspectRatio", "none");
  let into = svg;  // an or / and draws its parts into a group of their own
  const add = (name, attrs, text) => {
    const el = document.createElementNS(SVG, name);
    for (const [k, val] of Object.entries(attrs)) el.setAttribute(k, val);
    if (text !== undefined) el.textContent = text;
    into.appendChild(el);
    return el;
  };
  const xy = (c) => [(c % n) + 0.5, Math.floor(c / n) + 0.5];
  const path = (cells) => cells.map((c, i) => `${i ? "L" : "M"}${xy(c).join(" ")}`).join(" ");
  const unknown = new Set();
  const globals = [];
  board.style.setProperty("--sum-h", 0.27 * grow(0.22, MIN_SUM_PX));  // marks below a cage's sum
  if (V.irregular || !V.box) {  // thick borders between regions
    for (const cell of S.cells) cell.classList.remove("br", "bb");
    let d = "";
    for (let c = 0; c < n * n; c++) {
      const r = Math.floor(c / n), k = c % n;
      if (k + 1 < n && V.region[c] !== V.region[c + 1]) d += `M${k + 1} ${r}V${r + 1}`;
      if (r + 1 < n && V.region[c] !== V.region[c + n]) d += `M${k} ${r + 1}H${k + 1}`;
    }
    if (d) add("path", { d, class: "region" });
  }
  const drawOne = (con) => {
    const t = con.type, cs = con.cells || [];
    if (t === "or" || t === "and") {  // its parts' own marks, faded and grouped, the word at the first cell
      const g = document.createElementNS(SVG, "g"), was = into;
      g.setAttribute("class", `composite ${t}`);
      into.appendChild(g); into = g;
      const parts = con.branches || con.parts || [];
      parts.forEach(drawOne);
      into = was;
      const first = parts.map(constraintCells).find((x) => x.length);
      if (first) drawTag(add, xy(first[0]), t === "or" ? `or ×${parts.length}` : "and", `composite-tag ${t}`);
      else globals.push(`${t} of ${parts.map((x) => x.type.replace(/_/g, " ")).join(", ")}`);
      return;
    }
    if (drawMore(add, xy, path, n, con)) return;
    if (t === "killer_cage") drawCage(add, n, cs, con.total);
    else if (t === "extra_region") drawCage(add, n, cs, null, "extra");
    else if (t === "thermometer" || t === "slow_thermometer") {
      const [x, y] = xy(cs[0]);
      add("circle", { cx: x, cy: y, r: 0.36, class: `thermo ${t}` });
      add("path", { d: path(cs), class: `thermo-line ${t}` });
    } else if (t === "arrow") {
      const bulb = con.bulb;
      if (bulb.length === 1) { const [x, y] = xy(bulb[0]); add("circle", { cx: x, cy: y, r: 0.4, class: "arrow-bulb" }); }
      else add("path", { d: path(bulb), class: "arrow-pill" });
      const [bx, by] = xy(bulb[bulb.length - 1]), [nx, ny] = xy(con.shaft[0]);
      const k = 0.4 / (Math.hypot(nx - bx, ny - by) || 1);  // the shaft leaves the bulb at its rim
      const line = add("path", { d: `M${bx + (nx - bx) * k} ${by + (ny - by) * k}` + path(con.shaft).replace(/^M/, "L"), class: "arrow-line" });
      line.setAttribute("marker-end", "url(#arrowhead)");
    } else if (LINE_COLOURS[t]) {
      add("path", { d: path(cs), class: `line ${t}`, stroke: LINE_COLOURS[t] });
      if (t === "between" || t === "double_arrow") for (const c of [cs[0], cs[cs.length - 1]]) { const [x, y] = xy(c); add("circle", { cx: x, cy: y, r: 0.38, class: `ends ${t}` }); }
      if (t === "lockout") for (const c of [cs[0], cs[cs.length - 1]]) { const [x, y] = xy(c); add("rect", { x: x - 0.3, y: y - 0.3, width: 0.6, height: 0.6, transform: `rotate(45 ${x} ${y})`, class: `ends ${t}` }); }
    } else if (t === "difference_dot" || t === "ratio_dot") {
      const [x, y] = mid(xy, cs);
      const k = t === "ratio_dot" ? con.ratio : con.difference;
      const labelled = k !== (t === "ratio_dot" ? 2 : 1), g = labelled ? grow(0.16, MIN_SMALL_PX) : 1;
      add("circle", { cx: x, cy: y, r: 0.13 * g, class: t === "ratio_dot" ? "dot black" : "dot white" });
      if (labelled) add("text", { x, y: y + 0.07 * g, class: t === "ratio_dot" ? "dot-label on-black" : "dot-label", style: `font-size: ${0.16 * g}px` }, String(k));
    } else if (t === "xv" || t === "greater_than") {
      const [x, y] = mid(xy, cs);
      const label = t === "greater_than" ? greaterSign(n, cs) : con.total === 10 ? "X" : con.total === 5 ? "V" : String(con.total);
      add("rect", { x: x - 0.16, y: y - 0.16, width: 0.32, height: 0.32, class: "xv-back" });
      add("text", { x, y: y + 0.11, class: "xv" }, label);
    } else if (t === "odd") { const [x, y] = xy(con.cell); add("circle", { cx: x, cy: y, r: 0.36, class: "parity" }); }
    else if (t === "even") { const [x, y] = xy(con.cell); add("rect", { x: x - 0.34, y: y - 0.34, width: 0.68, height: 0.68, class: "parity" }); }
    else if (OUTSIDE.has(t)) {
      drawOutside(add, xy, n, cs, t === "skyscraper" ? con.count : t === "full_rank" ? `#${con.rank}` : con.total, t);
    } else if (t === "same_values") {  // each set a cage marked ≡: the sets hold the same values
      const k = cs.length / con.sets;
      for (let i = 0; i < con.sets; i++) drawCage(add, n, cs.slice(i * k, (i + 1) * k), "≡");
    } else if (t === "diagonal") {
      add("path", { d: con.slope > 0 ? `M0 ${n}L${n} 0` : `M0 0L${n} ${n}`, class: "diagonal" });
    } else if (t === "quadruple") {
      const xs = cs.map((c) => xy(c)), x = xs.reduce((s, p) => s + p[0], 0) / xs.length, y = xs.reduce((s, p) => s + p[1], 0) / xs.length;
      const g = grow(0.16, MIN_SMALL_PX);  // on a phone the circle grows with its values
      add("circle", { cx: x, cy: y, r: 0.3 * g, class: "quad" });
      add("text", { x, y: y + 0.07 * g, class: "quad-label", style: `font-size: ${0.16 * g}px` }, con.values.join(""));
    } else if (t === "minimum" || t === "maximum" || t === "clone") {
      for (const c of [...cs, ...(con.copy || [])]) { const [x, y] = xy(c); add("rect", { x: x - 0.5, y: y - 0.5, width: 1, height: 1, class: `shade ${t}` }); }
    } else if (t === "candidates") return;  // written in the cell, as marks (board.js)
    else if (t === "chess") globals.push(leaperName(con));
    else if (GLOBAL_NAMES[t]) globals.push(GLOBAL_NAMES[t]);
    else unknown.add(t.replace(/_/g, " "));
  };
  V.constraints.forEach(drawOne);
  const defs = document.createElementNS(SVG, "defs");
  defs.innerHTML = '<marker id="arrowhead" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse"><path d="M0 0L10 5L0 10" fill="none" class="arrow-head"/></marker>';
  svg.prepend(defs);
  board.appendChild(svg);
  const notes = [];
  if (globals.length) notes.push(`Also: ${[...new Set(globals)].join(", ")}.`);
  if (unknown.size) notes.push(`Not drawn (checked by the server): ${[...unknown].join(", ")}.`);
  $("variant-rules").textContent = notes.join(" ");
}

const mid = (xy, cs) => { const [a, b] = [xy(cs[0]), xy(cs[1])]; return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2]; };
function greaterSign(n, cs) {  // the first cell is the greater
  const [a, b] = cs;
  if (Math.floor(a / n) === Math.floor(b / n)) return a < b ? ">" : "<";
  return a < b ? "∨" : "∧";
}

// Small print in cell units, grown on a small board (a phone) to stay readable: the factor that
// brings ``size`` cells to at least ``px`` pixels.
const MIN_SUM_PX = 9, MIN_CLUE_PX = 10, MIN_SMALL_PX = 8;  // the last: quadruples, dot numbers
const grow = (size, px) => Math.max(1, px / (size * (S.cellPx || 52)));

function drawCage(add, n, cells, total, extra) {
  const inside = new Set(cells);
  const m = 0.08;  // the dashed line runs inside the cells
  let d = "";
  for (const c of cells) {
    const r = Math.floor(c / n), k = c % n;
    const up = inside.has(c - n) && r > 0, down = inside.has(c + n) && r + 1 < n;
    const left = inside.has(c - 1) && k > 0, right = inside.has(c + 1) && k + 1 < n;
    const x0 = k + (left ? 0 : m), x1 = k + 1 - (right ? 0 : m), y0 = r + (up ? 0 : m), y1 = r + 1 - (down ? 0 : m);
    if (!up) d += `M${x0} ${r + m}H${x1}`;
    if (!down) d += `M${x0} ${r + 1 - m}H${x1}`;
    if (!left) d += `M${k + m} ${y0}V${y1}`;
    if (!right) d += `M${k + 1 - m} ${y0}V${y1}`;
  }
  add("path", { d, class: extra ? `cage ${extra}` : "cage" });
  if (total != null) {
    const first = Math.min(...cells);
    S.cells[first].classList.add("cage-label");  // its marks move down, clear of the sum
    const k = grow(0.22, MIN_SUM_PX);
    const x = (first % n) + 0.05, y = Math.floor(first / n) + 0.04;
    add("rect", { x, y, width: (0.13 + 0.13 * String(total).length) * k, height: 0.26 * k, class: "cage-back" });
    add("text", { x: x + 0.02 * k, y: y + 0.21 * k, class: "cage-sum", style: `font-size: ${0.22 * k}px` }, String(total));
  }
}

function drawOutside(add, xy, n, cells, value, type) {  // the clue one step before the first cell
  const [x0, y0] = xy(cells[0]);
  const [x1, y1] = cells.length > 1 ? xy(cells[1]) : [x0 + (x0 < n / 2 ? 1 : -1), y0];
  const dx = x1 - x0, dy = y1 - y0;
  const x = x0 - dx * (type === "little_killer" ? 0.85 : 0.9), y = y0 - dy * (type === "little_killer" ? 0.85 : 0.9);
  const size = 0.28 * grow(0.28, MIN_CLUE_PX);
  add("text", { x, y: y + 0.43 * size, class: `outside ${type}`, style: `font-size: ${size}px` }, String(value));
  if (type === "little_killer") add("path", { d: `M${x + dx * 0.25} ${y + dy * 0.25}L${x + dx * 0.5} ${y + dy * 0.5}`, class: "lk-arrow", "marker-end": "url(#arrowhead)" });
}

// -- all possibilities -----------------------------------------------------------------------------
async function allPossibilities() {
  if (!S.variant) return;
  let d;
  try { d = await work("variant/possibilities", { puzzle: S.variant.text }, "Finding every value some solution allows"); } catch (err) { return fail(err); }
  if (!d) return;
  S.possible = d.cells;
  S.showCands = true;
  $("show-candidates").checked = true;
  const open = d.cells.filter((vals, c) => !S.values[c]).length;
  const one = d.cells.every((vals) => vals.length === 1);
  setOutput(`<p class="verdict ${d.complete ? "good" : ""}" id="possible-result">${d.complete
    ? (one ? "Every cell has exactly one possible value: the puzzle has one solution, shown as candidates." : `The candidates shown are the values some solution gives each cell (${plural(open, "empty cell")}).`)
    : "Stopped at the time limit: the candidates shown are those found so far, not all."}
    ${d.solutions_seen ? ` ${plural(d.solutions_seen, "solution")} met on the way, each checked by the independent checker.` : ""}</p>`);
  update();
}

function possibleCandidates(c, values) {  // All possibilities, less what the player's values rule out
  const seen = new Set([...S.peers[c]].map((p) => values[p]));
  return S.possible[c].filter((v) => !seen.has(v));
}
