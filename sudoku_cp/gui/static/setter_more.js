// sudoku-cp gui: the setter's catalogue (every model type with no tool of its own, from
// gui/catalogue.py via /api/info) and the types no selection alone gives. Loaded after setter.js
// and before app.js.
//
// A catalogue type's shape says how it is drawn: a selection (cells, cell+cells, cells+copy,
// cell), a switch (global), or, for the TYPED ones, a line and a text (cells+text: a regex's
// pattern, a pair rule's pairs, an automaton), a text alone (text: a leaper rule's moves),
// segments (each selection one more segment of the equal sum in hand) or a group (or / and of
// the constraints ticked in the list). A typed text is read here and the constraint checked by
// the model (api/variant/open) before it is added: a bad one is said in one line, not added.
"use strict";

const TEXT_SHAPES = new Set(["cells+text", "text"]);
const isTyped = (t) => !!(GENERIC[t] && (TEXT_SHAPES.has(GENERIC[t].shape) || ["segments", "arms"].includes(GENERIC[t].shape)));

function genericOf(g, sel, value) {  // a selection as a constraint of a catalogue type (its shape)
  let con;
  if (g.shape === "cell+cells") con = { type: g.type, cell: sel[0], cells: sel.slice(1) };
  else if (g.shape === "cells+copy") {
    if (sel.length % 2) return say(`${upper(g.label)}: select the cells, then as many copies in the same order (an even number of cells).`);
    con = { type: g.type, cells: sel.slice(0, sel.length / 2), copy: sel.slice(sel.length / 2) };
  } else con = { type: g.type, cells: sel.slice() };
  Object.assign(con, JSON.parse(JSON.stringify(g.extra || {})));  // as the model writes it back
  if (g.number && Number.isInteger(value)) con[g.number] = value;
  else if (g.number && g.default !== null) con[g.number] = g.default;
  if (g.digits) con.values = [];
  return con;
}

function addCatalogue(types) {  // every model type with no tool of its own, from /api/info
  const more = [], globals = [];
  const known = new Set([...Object.keys(TOOLS).map(typeOf), ...GLOBAL_RULES.map(([k]) => globalOf(k).type)]);
  for (const g of types || []) {
    if (known.has(g.type) || GENERIC[g.type]) continue;
    if (g.shape === "global") { globals.push([g.type, g.label, g.extra]); continue; }
    if (!g.shape) continue;
    GENERIC[g.type] = g;
    if (g.shape === "group") { $(`edit-group-${g.type}`).hidden = false; continue; }  // buttons by the list
    const fewest = g.shape === "cell+cells" || g.shape === "cells+copy" ? 2 : g.shape === "text" ? 0 : 1;
    TOOLS[g.type] = [g.label, g.number || (g.digits ? "values" : null), g.default, fewest];
    if ((g.number && g.default === null) || g.digits) NEEDS_VALUE.add(g.type);
    more.push(g);
  }
  if (more.length) {
    const group = document.createElement("optgroup");
    group.label = "More types";
    for (const g of more) {
      const o = document.createElement("option");
      o.value = g.type; o.textContent = g.label; o.title = g.rule;
      group.appendChild(o);
    }
    $("edit-tool").appendChild(group);
  }
  for (const [k, label, extra] of globals) {
    GLOBAL_RULES.push([k, label]);
    GLOBAL_EXTRA[k] = extra || {};
    $("edit-globals").insertAdjacentHTML("beforeend", `<label class="switch"><input type="checkbox" id="edit-g-${k}"> ${esc(label)}</label>`);
    $(`edit-g-${k}`).addEventListener("change", (e) => onGlobal(k, e.target.checked));
  }
}

// -- texts read as constraints (each returns the constraint, or a string: what is wrong) --------
const valueOf = (ch) => { const v = SYM.indexOf(ch.toUpperCase()) + 1; return v >= 1 && v <= E.draft.size ? v : null; };
const numbers = (text) => text.trim().split(/[\s,]+/).filter(Boolean).map(Number);

function pairsOf(text) {  // "12 23 31" (or "1-2 ..."): allowed pairs, sorted and once each; "all ..." every two cells
  let words = text.trim().split(/[\s,;]+/).filter(Boolean);
  const all = words[0] && words[0].toLowerCase() === "all";
  if (all) words = words.slice(1);
  if (!words.length) return "type the pairs allowed, e.g. 12 23 31";
  const seen = new Map();
  for (const w of words) {
    const m = /^(\w)-?(\w)$/.exec(w);
    const a = m && valueOf(m[1]), b = m && valueOf(m[2]);
    if (!a || !b) return `'${w}' is not a pair of values 1 to ${sym(E.draft.size)}`;
    seen.set(a * 100 + b, [a, b]);
  }
  const allowed = [...seen.keys()].sort((x, y) => x - y).flatMap((k) => seen.get(k));
  return { allowed, all_pairs: all };
}

function leaperOf(text) {  // "1 2, 2 2; values 1 3"
  const [moveText, ...rest] = text.split(";");
  const moves = numbers(moveText);
  if (!moves.length || moves.length % 2 || moves.some((x) => !Number.isInteger(x) || x < 0)) return "type the leaper's moves as pairs of whole numbers, e.g. 1 2 for a knight";
  let values = [];
  for (const part of rest) {
    const m = /^\s*values?\s+(.*)$/i.exec(part);
    if (!m) return `'${part.trim()}': after the moves only 'values ...' is read`;
    values = [...m[1].replace(/[\s,]+/g, "")].map(valueOf);
    if (values.some((v) => !v)) return `'${m[1].trim()}' are not values 1 to ${sym(E.draft.size)}`;
  }
  return { moves, values, cells: [] };
}

function connectedOf(text) {  // "1 2 3; size 12"
  const [valueText, ...rest] = text.split(";");
  const values = [...valueText.replace(/[\s,]+/g, "")].map(valueOf);
  if (!values.length || values.some((v) => !v)) return `type the values, 1 to ${sym(E.draft.size)}, e.g. 1 2 3`;
  let size = 0;
  for (const part of rest) {
    const m = /^\s*size\s+(\d+)\s*$/i.exec(part);
    if (!m) return `'${part.trim()}': after the values only 'size k' is read`;
    size = Number(m[1]);
  }
  return { values: [...new Set(values)].sort((a, b) => a - b), size };
}

function automatonOf(text, cells) {  // "start 0; accept 1; 0 5 2, 2 3 1; segments 2 3"
  let start = [0], accept = null, lengths = [];
  const moves = [];
  for (const part of text.split(";").map((x) => x.trim()).filter(Boolean)) {
    const m = /^(start|accept|segments|moves)\s*(.*)$/i.exec(part);
    const key = m ? m[1].toLowerCase() : "moves", body = m ? m[2] : part;
    if (key !== "moves") {
      const xs = numbers(body);
      if (xs.some((x) => !Number.isInteger(x) || x < 0)) return `${key}: whole numbers, not '${body}'`;
      if (key === "start") start = xs; else if (key === "accept") accept = xs; else lengths = xs;
      continue;
    }
    for (const triple of body.split(",").map((x) => x.trim()).filter(Boolean)) {
      const w = triple.split(/\s+/);
      const v = w.length === 3 && (w[1] === "/" ? E.draft.size + 1 : valueOf(w[1]));
      if (!v || !/^\d+$/.test(w[0]) || !/^\d+$/.test(w[2])) return `'${triple}' is no move 'state value next' (a value 1 to ${sym(E.draft.size)}, or / between segments)`;
      moves.push([Number(w[0]), v - 1, Number(w[2])]);
    }
  }
  if (!accept) return "say which states accept: e.g. accept 1";
  if (lengths.length && lengths.reduce((a, b) => a + b, 0) !== cells.length) return `segments of ${lengths.join(" ")} cells do not cut the ${cells.length} cells selected`;
  return { ...canonicalAutomaton(start, accept, moves), lengths };
}

// The automaton as ISS's string gives it back: only states reached from a start and reaching an
// accept, numbered start states first, then the other accepting ones, then the rest; moves sorted.
function canonicalAutomaton(start, accept, moves) {
  const reach = (seeds, from, to) => {
    const seen = new Set(seeds), stack = [...seeds];
    while (stack.length) { const q = stack.pop(); for (const m of moves) if (m[from] === q && !seen.has(m[to])) { seen.add(m[to]); stack.push(m[to]); } }
    return seen;
  };
  const ahead = reach(start, 0, 2), back = reach(accept, 2, 0);
  const live = [...ahead].filter((q) => back.has(q)).sort((a, b) => a - b);
  const starts = [...new Set(start)].filter((q) => live.includes(q));
  const others = [...new Set(accept)].filter((q) => live.includes(q) && !starts.includes(q));
  const order = [...starts, ...others, ...live.filter((q) => !starts.includes(q) && !others.includes(q))];
  const id = new Map(order.map((q, i) => [q, i]));
  const kept = moves.filter(([q, , t]) => id.has(q) && id.has(t)).map(([q, s, t]) => [id.get(q), s, id.get(t)]);
  kept.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
  return { states: order.length, start: starts.map((q, i) => i),
           accept: [...starts.map((q, i) => (accept.includes(q) ? i : -1)).filter((i) => i >= 0), ...others.map((q, i) => starts.length + i)],
           moves: [...new Set(kept.map((m) => m.join(",")))].flatMap((m) => m.split(",").map(Number)) };
}

// The constraint of a typed tool from the selection and the text box (or what is wrong, said).
function typedOf(t, sel, text) {
  const g = GENERIC[t];
  if (g.shape === "cells+text" && sel.length < 1) return "select the cells of its line first";
  if (t === "regex") return text.trim() ? { type: t, cells: sel, pattern: text.trim() } : "type the pattern first, e.g. 1[2-4]+";
  const read = { pair: pairsOf, chess: leaperOf, nfa: (x) => automatonOf(x, sel), connected_values: connectedOf }[t];
  const got = read ? read(text) : "no text reader";
  if (typeof got === "string") return got;
  return g.shape === "text" ? { type: t, ...got } : { type: t, cells: sel, ...got };
}

async function modelSays(con) {  // null when the model reads the constraint, else its one line
  const d = E.draft, one = { size: d.size, givens: [], constraints: [con] };
  if (d.regions) one.regions = d.regions; else one.box = d.box;
  try { await post("variant/open", { puzzle: JSON.stringify(one) }); return null; } catch (err) { return err.message; }
}

async function commitTyped(t, sel) {  // a typed tool's Add (Enter, a release on the board, Enter in its text)
  const g = GENERIC[t];
  if (g.shape === "segments") return addSegment(t, sel);
  if (g.shape === "arms") return addArm(t, sel);
  const held = E.last && E.last.type === t ? E.draft.constraints.findIndex((x) => JSON.stringify(x) === JSON.stringify(E.last)) : -1;
  const onHeld = held >= 0 && (!sel.length || (sel.length === 1 && cellsOf(E.last).includes(sel[0])));
  const again = held >= 0 && (onHeld || g.shape === "text");  // the picked one (a click on it), its text changed
  const con = typedOf(t, again && g.shape !== "text" ? E.last.cells : sel, $("edit-text").value);
  if (typeof con === "string") return say(`${upper(t.replace(/_/g, " "))}: ${con}.`);
  const why = await modelSays(con);
  if (why) return say(`Not added: ${why}.`);
  const same = JSON.stringify(con);
  change((d) => {
    if (again) d.constraints.splice(held, 1);
    d.constraints = d.constraints.filter((x) => JSON.stringify(x) !== same);
    d.constraints.push(con);
  });
  E.last = con; E.sel = [];
  paintSel();
  say(`${again ? "Changed" : "Added"}: ${describe(con)}.`);
}

function addSegment(t, sel) {  // an equal sum: the first selection its first segment, each next one more
  if (!sel.length) return say("Select the cells of a segment first.");
  const i = E.last && E.last.type === t ? E.draft.constraints.findIndex((x) => JSON.stringify(x) === JSON.stringify(E.last)) : -1;
  if (i >= 0 && sel.some((c) => E.last.cells.includes(c))) return say("A segment takes cells of no other segment.");
  let con;
  change((d) => {
    if (i >= 0) { con = d.constraints[i]; con.cells.push(...sel); con.lengths.push(sel.length); } else { con = { type: t, cells: sel.slice(), lengths: [sel.length] }; d.constraints.push(con); }
  });
  E.last = JSON.parse(JSON.stringify(con)); E.sel = [];
  paintSel();
  say(`Equal sum of ${plural(con.lengths.length, "segment")} (${con.lengths.join(", ")} cells): select the next segment, or Escape to start another.`);
}

function addArm(t, sel) {  // a chaos arrow: its control cell and first arm, then each next arm from the same start
  const i = E.last && E.last.type === t ? E.draft.constraints.findIndex((x) => JSON.stringify(x) === JSON.stringify(E.last)) : -1;
  if (i < 0 && sel.length < 2) return say("Select the control cell first, then an arm from its start cell.");
  if (i >= 0 && (!sel.length || sel[0] !== E.last.cells[0])) return say("An arm starts at the start cell of the others.");
  let con;
  change((d) => {
    if (i >= 0) { con = d.constraints[i]; con.cells.push(...sel); con.lengths.push(sel.length); } else { con = { type: t, cell: sel[0], cells: sel.slice(1), lengths: [sel.length - 1], offset: 0 }; d.constraints.push(con); }
  });
  E.last = JSON.parse(JSON.stringify(con)); E.sel = [];
  paintSel();
  say(`Chaos arrow of ${plural(con.lengths.length, "arm")}: select the next arm from its start cell, or Escape to start another.`);
}

function showTextField() {  // the text box: a typed tool's pattern, pairs, automaton or moves
  showJson();
  const g = GENERIC[tool()];
  const on = !!(g && TEXT_SHAPES.has(g.shape));
  $("edit-text-box").hidden = !on;
  if (!on) return;
  $("edit-text-label").textContent = upper(g.text);
  $("edit-text").placeholder = g.example;
  $("edit-text").title = g.syntax;
  const held = E.last && E.last.type === g.type ? textOf(E.last) : null;
  if (held !== null) $("edit-text").value = held;
}

function textOf(con) {  // a typed constraint written back as its text
  if (con.type === "regex") return con.pattern;
  if (con.type === "pair") return `${con.all_pairs ? "all " : ""}${pairsText(con.allowed)}`;
  if (con.type === "chess") { const m = []; for (let i = 0; i < con.moves.length; i += 2) m.push(`${con.moves[i]} ${con.moves[i + 1]}`); return `${m.join(", ")}${con.values.length ? `; values ${con.values.map(sym).join(" ")}` : ""}`; }
  if (con.type === "connected_values") return `${con.values.map(sym).join(" ")}${con.size ? `; size ${con.size}` : ""}`;
  if (con.type === "nfa") {
    const m = [];
    for (let i = 0; i < con.moves.length; i += 3) m.push(`${con.moves[i]} ${con.moves[i + 1] === E.draft.size ? "/" : sym(con.moves[i + 1] + 1)} ${con.moves[i + 2]}`);
    return `start ${con.start.join(" ")}; accept ${con.accept.join(" ")}; ${m.join(", ")}${con.lengths.length ? `; segments ${con.lengths.join(" ")}` : ""}`;
  }
  return null;
}

// -- or / and: the constraints ticked in the list, grouped (or a group taken apart) ------------
function ticked() { return [...document.querySelectorAll("#edit-list input[data-tick]:checked")].map((b) => Number(b.dataset.tick)); }

function groupTicked(kind) {
  const picked = ticked();
  if (picked.length < 2) return say(`Tick two or more constraints in the list to make an ${kind} of them.`);
  const field = kind === "or" ? "branches" : "parts";
  let con;
  change((d) => {
    con = { type: kind, [field]: picked.map((i) => d.constraints[i]) };
    d.constraints = d.constraints.filter((x, i) => !picked.includes(i));
    d.constraints.push(con);
  });
  E.last = JSON.parse(JSON.stringify(con));
  paintSel();
  say(`Added: ${describe(con)}.`);
}

function ungroupTicked() {
  const picked = ticked().filter((i) => ["or", "and"].includes(E.draft.constraints[i].type));
  if (!picked.length) return say("Tick an or / and in the list to take it apart.");
  change((d) => { d.constraints = d.constraints.flatMap((x, i) => (picked.includes(i) ? x.branches || x.parts : [x])); });
  E.last = null;
  say("Taken apart: its parts are constraints of their own again (each must now hold).");
}

function describeGroup(con) {  // "or: (thermometer: R1C1 R1C2) | (killer cage 9: R1C1 R1C2)"
  const parts = con.branches || con.parts || [];
  return `${con.type}: ${parts.map((x) => `(${describe(x)})`).join(con.type === "or" ? " | " : " & ")}`;
}

// -- the last resort: one constraint as JSON (any field of any type), read by the model --------
async function addJson() {
  let con;
  try { con = JSON.parse($("edit-json").value); } catch (err) { return say(`Not added: not JSON (${err.message}).`); }
  if (!con || typeof con !== "object" || Array.isArray(con) || typeof con.type !== "string") return say('Not added: one constraint is one JSON object with a "type".');
  const why = await modelSays(con);
  if (why) return say(`Not added: ${why}.`);
  const cells = JSON.stringify(cellsOf(con));  // the same type on the same cells: replaced, as Add does
  const same = (x) => x.type === con.type && JSON.stringify(cellsOf(x)) === cells;
  const had = E.draft.constraints.some(same);
  change((d) => { d.constraints = d.constraints.filter((x) => !same(x)); d.constraints.push(con); });
  E.last = JSON.parse(JSON.stringify(con));
  say(`${had ? "Replaced" : "Added"}: ${describe(con)}.`);
}

function showJson() {  // the picked (or last added) constraint, to copy or change
  if (document.activeElement !== $("edit-json")) $("edit-json").value = E.last ? JSON.stringify(E.last) : "";
}

function setterMoreInit() {
  $("edit-json-add").addEventListener("click", addJson);
  $("edit-text").addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); commitTyped(tool(), E.sel.slice()); } });
  $("edit-group-or").addEventListener("click", () => groupTicked("or"));
  $("edit-group-and").addEventListener("click", () => groupTicked("and"));
  $("edit-ungroup").addEventListener("click", ungroupTicked);
}

setterMoreInit();
