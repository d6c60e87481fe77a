// sudoku-cp gui: hints, the solve path and the grade of a variant puzzle (the variant logic
// engine, api/variant/hint|path|grade). Loaded after variant.js. ask.js asks and shows the
// step as for a classic puzzle; this file adds what a variant step carries besides: the
// constraints it applies (a cage, a line, a dot), outlined in their own layer over the board,
// the groups it reads (shaded like a classic hint's house), the format's names for its rules,
// and the honest answer when the engine has no step (or no logic for one of the rules).
"use strict";

const hintPath = (name) => (S.variant ? `variant/${name}` : name);

// The extra highlights of a variant step, at the level showStep (ask.js) has reached.
function variantHighlights(step, level) {
  if (level < 2) return;
  for (const area of step.areas || []) for (const c of area) S.hl.area.add(c);
  S.hl.shapes = (step.constraints || []).filter((i) => S.variant && S.variant.constraints[i]);
}

// Where to look (hint level 1) for a step of a rule: "the Thermo from r9c4".
function variantLook(step) {
  const con = S.variant && (step.constraints || []).map((i) => S.variant.constraints[i]).find(Boolean);
  if (!con) return null;
  const cells = constraintCells(con);
  const name = (step.rules && step.rules[0]) || con.type.replace(/_/g, " ");
  return cells.length ? `look at the ${name} at ${cellName(cells[0])}` : `look at the ${name}`;
}

// What the step's panel says besides the sentence: the format's names for its rules, and the
// rules the engine has no step logic for (its hints use the other rules only).
function variantNote(step) {
  const said = [];
  if (step.rules && step.rules.length) said.push(`rule: ${step.rules.join(", ")}`);
  return said.length ? ` · ${esc(said.join(" · "))}` : "";
}
function unhandledNote(names) {
  if (!names || !names.length) return "";
  return `<p class="note" id="no-logic">No step logic for ${esc(names.join(", "))} yet: the steps use the other rules only.</p>`;
}

// No step: the board is stuck for the engine (said with the rules it cannot reason about).
function noVariantStep(d) {
  let why;
  if (d.complete === false) why = "No step found within the time limit.";
  else if (d.unhandled && d.unhandled.length) why = `No step found: the engine has no step logic for ${d.unhandled.join(", ")}, and nothing else applies here.`;
  else why = "No step found: none of the engine's techniques applies to this position.";
  if (d.complete !== false && d.classic_seconds) why += ` (A hint gives the classic chains ${d.classic_seconds} s; Solve path gives them longer.)`;
  setOutput(`<p class="verdict bad" id="no-step">${esc(why)}</p>`);
  announce(why);
}

function constraintCells(con) {
  if (con.cells) return con.cells;
  if (con.bulb) return [...con.bulb, ...(con.shaft || [])];
  if (con.cell != null) return [con.cell];
  if (con.branches || con.parts) return [...new Set((con.branches || con.parts).flatMap(constraintCells))];  // an or / and
  return [];
}

const AREA_TYPES = new Set(["killer_cage", "extra_region", "renban"]);
const PAIR_TYPES = new Set(["difference_dot", "ratio_dot", "xv", "greater_than", "clone"]);

// The hinted constraints outlined in their own SVG layer (drawn on every update, over svg.variant).
function drawHintShapes() {
  const board = $("board");
  const old = board.querySelector("svg.hint-shapes");
  if (old) old.remove();
  if (!S.variant || !S.hl.shapes || !S.hl.shapes.length) return;
  const n = S.n;
  const svg = document.createElementNS(SVG, "svg");
  svg.classList.add("hint-shapes");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("viewBox", `0 0 ${n} ${n}`);
  svg.setAttribute("preserveAspectRatio", "none");
  const add = (name, attrs) => {
    const el = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    svg.appendChild(el);
  };
  const xy = (c) => [(c % n) + 0.5, Math.floor(c / n) + 0.5];
  for (const i of S.hl.shapes) {
    const con = S.variant.constraints[i];
    const cells = constraintCells(con);
    if (!cells.length) continue;
    const kind = con.type;
    if (AREA_TYPES.has(kind) && kind !== "renban" || cells.length === 1) {
      add("path", { d: outlinePath(n, cells), class: "hint-outline", "data-type": kind, "data-index": i });
    } else if (PAIR_TYPES.has(kind) && cells.length === 2) {
      const [a, b] = [xy(cells[0]), xy(cells[1])];
      add("circle", { cx: (a[0] + b[0]) / 2, cy: (a[1] + b[1]) / 2, r: 0.24, class: "hint-ring", "data-type": kind, "data-index": i });
    } else {
      const d = cells.map((c, k) => `${k ? "L" : "M"}${xy(c).join(" ")}`).join(" ");
      add("path", { d, class: "hint-line", "data-type": kind, "data-index": i });
    }
  }
  board.appendChild(svg);
}

function outlinePath(n, cells) {  // the border of a set of cells, just inside it
  const inside = new Set(cells);
  const m = 0.04;
  let d = "";
  for (const c of cells) {
    const r = Math.floor(c / n), k = c % n;
    const up = r > 0 && inside.has(c - n), down = r + 1 < n && inside.has(c + n);
    const left = k > 0 && inside.has(c - 1), right = k + 1 < n && inside.has(c + 1);
    const x0 = k + (left ? 0 : m), x1 = k + 1 - (right ? 0 : m), y0 = r + (up ? 0 : m), y1 = r + 1 - (down ? 0 : m);
    if (!up) d += `M${x0} ${r + m}H${x1}`;
    if (!down) d += `M${x0} ${r + 1 - m}H${x1}`;
    if (!left) d += `M${k + m} ${y0}V${y1}`;
    if (!right) d += `M${k + 1 - m} ${y0}V${y1}`;
  }
  return d;
}

// The grade of a variant: the engine's path from the givens (its scale is provisional).
async function variantGrade() {
  let d;
  try { d = await work("variant/grade", { puzzle: S.variant.text }, "Grading"); } catch (err) { return fail(err); }
  if (!d) return;
  const facts = [d.solved ? `Level ${d.level}` : d.complete === false ? `Stopped at the time limit after ${plural(d.steps, "step")}` : `Not solved by the engine: stuck after ${plural(d.steps, "step")}`];
  if (d.rating != null) facts.push(`rating ${d.rating}${d.solved ? "" : " so far"}`);
  if (d.hardest_title) facts.push(`hardest technique: ${d.hardest_title}`);
  if (d.solved) facts.push(d.by_logic ? "by logic alone" : plural(d.trials, "trial step"));
  if (d.solved) S.rating = d.rating;
  const used = Object.entries(d.techniques || {}).map(([t, k]) => `${t} ${k}`).join(", ");
  setOutput(`<p class="verdict" id="grade-result">${esc(facts.join(" · "))}.</p>
    ${used ? `<p class="stats" id="grade-techniques">${esc(used)} (a provisional variant scale).</p>` : ""}${unhandledNote(d.unhandled)}`);
  announce(facts.join(", "));
  update();
}
