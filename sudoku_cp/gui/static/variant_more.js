// sudoku-cp gui: the pictures of the rarer variant rules (ISS's sets and sequences, dclamage's
// leaper rule). Loaded after variant.js, whose drawVariant calls drawMore for each constraint
// before its own cases: a cage-like set is a cage with its mark in the first cell, a sequence
// rule a line with a small tag at its start, a clue outside the grid as the other clues. An or /
// and (drawVariant) draws its parts through the same code, faded, and tags the first cell.
"use strict";

// Cage-like sets: the mark written where a killer cage writes its sum.
const CAGE_MARKS = {
  sum: (c) => `${c.weights && c.weights.length ? "Σw" : "Σ"}${c.total}`,
  rellik_cage: (c) => `≠${c.total}`,
  equality_cage: () => "=",
  contain_exact: (c) => `∋${c.values.map(sym).join("")}`,
  lunchbox: (c) => `▭${c.total}`,
};
// Lines with a tag at their start (the colour from variant.js's LINE_COLOURS or here).
const MORE_COLOURS = { sum_line: "#3f9f5f", value_indexing: "#8888cc", pair: "#8c7ad0", equal_sum: "#c0803a" };
Object.assign(GLOBAL_NAMES, { anti_taxicab: "anti-taxicab", global_mod: "global modular",
  global_entropy: "global entropy", dutch_flatmates: "Dutch flatmates",
  chaos_construction: "chaos construction (regions unknown)" });
OUTSIDE.add("hidden_skyscraper");

const pairsText = (allowed) => {
  const out = [];
  for (let i = 0; i + 1 < allowed.length; i += 2) out.push(`${sym(allowed[i])}${sym(allowed[i + 1])}`);
  return out.join(" ");
};
const clip = (text, k) => (text.length > k ? `${text.slice(0, k - 1)}…` : text);

function leaperName(con) {  // "leaper (1,2) (2,2) on 1 3": a chess rule's moves, as Also: names it
  const moves = [];
  for (let i = 0; i + 1 < con.moves.length; i += 2) moves.push(`(${con.moves[i]},${con.moves[i + 1]})`);
  const on = con.values && con.values.length ? ` on values ${con.values.map(sym).join(" ")}` : "";
  const where = con.cells && con.cells.length ? ` near ${con.cells.slice(0, 4).map(cellName).join(" ")}${con.cells.length > 4 ? " …" : ""}` : "";
  return `leaper ${moves.join(" ")}${on}${where}`;
}

// A small label at the bottom left of a cell (centre xy), on the paper colour, grown on a phone.
function drawTag(add, [x, y], text, cls) {
  const k = grow(0.2, MIN_SMALL_PX), h = 0.2 * k, w = 0.105 * [...text].length * k;  // its width fixed: no font overflows it
  const x0 = x - 0.46, y0 = y + 0.46 - h;
  add("rect", { x: x0, y: y0, width: w + 0.06 * k, height: h, rx: 0.03, class: `tag-back ${cls}` });
  add("text", { x: x0 + 0.03 * k, y: y0 + 0.16 * k, class: `tag ${cls}`, style: `font-size: ${0.17 * k}px`, textLength: w, lengthAdjust: "spacingAndGlyphs" }, text);
}

// The segments of an equal-sum or multi-segment NFA: ``lengths`` cells each, in order.
function segmentsOf(cells, lengths) {
  if (!lengths || !lengths.length) return [cells];
  const out = [];
  let at = 0;
  for (const k of lengths) { out.push(cells.slice(at, at + k)); at += k; }
  return out;
}

// Draws ``con`` when it is one of these rules (true), else leaves it to drawVariant (false).
function drawMore(add, xy, path, n, con) {
  const t = con.type, cs = con.cells || [];
  const line = (cells, colour, cls) => {
    if (cells.length > 1) add("path", { d: path(cells), class: `line ${cls || t}`, stroke: colour });
    else if (cells.length) { const [x, y] = xy(cells[0]); add("circle", { cx: x, cy: y, r: 0.12, class: `line-dot ${t}`, fill: colour }); }
  };
  if (CAGE_MARKS[t]) { drawCage(add, n, cs, CAGE_MARKS[t](con), t); return true; }
  if (t === "count_distinct") {  // its cells in a dotted outline of their own, the counting cell ringed and marked #
    drawCage(add, n, cs, null, "distinct");
    const [x, y] = xy(con.cell);
    add("circle", { cx: x, cy: y, r: 0.4, class: "ring distinct" });
    drawTag(add, [x, y], "#≠", "distinct");
    return true;
  }
  if (t === "chaos_count") {  // the counted cells in a dotted outline, the control cell ringed and marked =
    drawCage(add, n, [...new Set(cs)], null, "chaos");
    const [x, y] = xy(con.cell);
    add("circle", { cx: x, cy: y, r: 0.4, class: "ring distinct" });
    drawTag(add, [x, y], "=reg", "chaos");
    return true;
  }
  if (t === "chaos_same") {  // the cells in a dotted outline, marked: one region holds them all
    const k = con.size || 1;  // sets of several cells: each outlined, marked: they meet the regions alike
    if (k === 1) drawCage(add, n, [...new Set(cs)], "1 reg", "chaos");
    else for (let i = 0; i < cs.length; i += k) drawCage(add, n, [...new Set(cs.slice(i, i + k))], "≡reg", "chaos");
    return true;
  }
  if (t === "chaos_regions") {  // the cells in a dotted outline, the counting cell ringed and marked #reg
    drawCage(add, n, [...new Set(cs)], null, "chaos");
    const [x, y] = xy(con.cell);
    add("circle", { cx: x, cy: y, r: 0.4, class: "ring distinct" });
    drawTag(add, [x, y], "#reg", "chaos");
    return true;
  }
  if (t === "chaos_arrow") {  // the control cell ringed, each arm a line from the shared start
    let at = 0;
    for (const k of con.lengths || []) { line(cs.slice(at, at + k), "#b49ad0"); at += k; }
    const [x, y] = xy(con.cell);
    add("circle", { cx: x, cy: y, r: 0.4, class: "ring indexing" });
    drawTag(add, [x, y], "run", "indexing");
    return true;
  }
  if (t === "counting_circles") { for (const c of cs) { const [x, y] = xy(c); add("circle", { cx: x, cy: y, r: 0.4, class: "ring counting" }); } return true; }
  if (t === "indexing") {
    const [x, y] = xy(con.cell);
    add("circle", { cx: x, cy: y, r: 0.4, class: "ring indexing" });
    drawTag(add, [x, y], `→${sym(con.value)}`, "indexing");
    return true;
  }
  if (t === "hidden_skyscraper") { drawOutside(add, xy, n, cs, `|${con.value}|`, t); return true; }
  if (t === "regex" || t === "nfa") {  // a sequence line per segment, the pattern (or "NFA") at its start
    const segs = segmentsOf(cs, con.lengths);
    segs.forEach((s) => line(s, LINE_COLOURS[t], `${t} sequence`));
    if (cs.length) drawTag(add, xy(cs[0]), t === "regex" ? clip(con.pattern, 10) : `NFA${segs.length > 1 ? ` ×${segs.length}` : ""}`, t);
    return true;
  }
  if (t === "equal_sum") {  // each segment its own line, each marked =Σ
    for (const s of segmentsOf(cs, con.lengths)) if (s.length) { line(s, MORE_COLOURS[t]); drawTag(add, xy(s[0]), "=Σ", t); }
    return true;
  }
  if (t === "pair") {  // consecutive cells: a line; every two cells: a dotted outline; the pairs at the start
    if (con.all_pairs) drawCage(add, n, cs, null, "pair-all"); else line(cs, MORE_COLOURS[t]);
    if (cs.length) drawTag(add, xy(cs[0]), clip(`${con.all_pairs ? "all " : ""}${pairsText(con.allowed)}`, 12), t);
    return true;
  }
  if (t === "sum_line" || t === "value_indexing") {
    line(con.loop ? [...cs, cs[0]] : cs, MORE_COLOURS[t]);
    if (cs.length) drawTag(add, xy(cs[0]), t === "sum_line" ? `Σ${con.total}` : "idx", t);
    return true;
  }
  return false;
}
