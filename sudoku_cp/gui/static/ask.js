// sudoku-cp gui, 3 of 4: questions to the server (hint, solve path, grade, check, solve,
// count, generate) and how their answers are shown.
"use strict";

// -- talking to the server ---------------------------------------------------------------------
function puzzleBody() {
  if (S.variant) return { puzzle: S.variant.text, values: S.values };
  return { puzzle: S.givens, box: `${S.br}x${S.bc}`, values: S.values };
}
const excludedList = () => [...S.excluded, ...S.struck].map((k) => k.split(":").map(Number));

// fetch's own words for a server that is gone ("Failed to fetch") mean nothing to a player
const GONE = "the server did not answer: is sudoku-cp gui still running? Start it again, then reload the page (your game is kept)";
const offline = (err) => (err instanceof TypeError ? new Error(GONE) : err);

async function post(path, body) {
  const r = await fetch(`api/${path}`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  }).catch((err) => { throw offline(err); });
  let data;
  try { data = await r.json(); } catch (err) { data = { error: `the server answered ${r.status}` }; }
  if (!r.ok) throw Object.assign(new Error(data.error || r.statusText), { data });
  return data;
}

// Long work: a job id the Cancel button can name, a timer, and the buttons locked meanwhile.
async function work(path, body, label) {
  if (S.busy) return null;
  const job = `page-${PAGE}-${Date.now()}`;
  const game = S.game;
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
    if (S.game !== game) {  // another puzzle was opened meanwhile (and its job cancelled): this answer is about the last one
      throw Object.assign(new Error("another puzzle was opened while this was worked out, so its answer is not shown: ask again"), { data: {} });
    }
    if (!r.ok) throw Object.assign(new Error(data.error || r.statusText), { data, status: r.status });
    return data;
  } catch (err) {
    if (err.name === "AbortError") throw Object.assign(new Error("Cancelled."), { data: { cancelled: true } });
    throw offline(err);
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
  for (const id of ["hint", "check", "solve", "count", "grade", "show-path", "generate", "open", "choose-file", "blank", "possible", "pick"]) $(id).disabled = on;
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
    d = await work(hintPath("hint"), { ...puzzleBody(), excluded: excludedList() }, "Looking for the next step");
  } catch (err) { return fail(err); }
  if (!d) return;
  if (positionKey() !== asked) {  // the player moved while it was worked out: it may not hold
    setOutput(`<p class="verdict bad" id="stale">The board changed while this hint was worked out, so it may no longer apply: ask again.</p>`);
    return;
  }
  if (d.done) { setOutput("<p>The board is full: nothing left to explain.</p>"); return; }
  if (!d.step) return noVariantStep(d);  // (vhint.js: the variant engine found no step)
  S.preview = null;
  showStep({ ...d.step, asked, unhandled: d.unhandled }, 1);
}

function lookAt(step) {  // level 1: the technique and where to look, nothing more
  const rule = S.variant && !(step.house_names || []).length ? variantLook(step) : null;  // vhint.js
  if (rule) return `${upper(rule)}.`;
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
  variantHighlights(step, level);  // a variant's cage, line or dot, and the groups it reads
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
  const rating = step.rating == null ? "" : ` · rating ${step.rating}`;
  const sentence = step.text.toLowerCase().startsWith(`${title.toLowerCase()}:`)
    ? step.text.slice(title.length + 1).trim() : step.text;
  const blockers = (step.blockers || []).length && level >= 2
    ? ` The ${step.technique === "naked_single" ? "values" : "givens"} that rule out the other places are outlined in amber.` : "";
  let body;
  if (level === 1) body = `<p id="step-look">${esc(lookAt(step))}</p>`;
  else if (level === 2) body = `<p id="step-look">${esc(lookAt(step))} The cells that matter are shaded.${blockers}</p>`;
  else body = `<p id="step-text">${esc(upper(sentence).replace(/\.$/, ""))}.${blockers}</p>`;
  if (level === 2 && (step.constraints || []).length) body = body.replace("The cells that matter are shaded.", "The rule is outlined and the cells that matter are shaded.");
  body += unhandledNote(step.unhandled);
  const more = level < 3 ? `<button id="more" class="primary">${level === 1 ? "Show the cells" : "Show the step"}</button>` : `<button id="apply" class="primary">Apply</button>`;
  setOutput(`<div class="step" id="step" data-level="${level}"><div class="tech" id="step-title">${esc(title)}</div>
    ${body}<div class="actions">${more}<span class="meta">from the ${S.variant ? "variant " : ""}logic engine${rating}${level >= 2 ? variantNote(step) : ""}</span></div></div>`);
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
  try { d = await work(hintPath("path"), { ...puzzleBody(), excluded: excludedList() }, "Working out the solve path"); } catch (err) { return fail(err); }
  if (!d) return;
  S.path = d.steps.map((st) => ({ ...st, asked }));
  const hardest = S.path.reduce((a, st) => (a && a.rating >= st.rating ? a : st), null);
  let html = `<p id="path-summary">${plural(S.path.length, "step")} from here${d.complete ? "" : " (stopped at the time limit)"}`;
  if (hardest) html += `; the hardest: ${esc(hardest.title)} (rating ${hardest.rating})`;
  if (d.stuck) html += "; then no technique of the engine applies: the path stops short of the solution";
  html += `.</p>${unhandledNote(d.unhandled)}<ol id="path-list">` + S.path.map((st, i) =>
    `<li><button class="link" data-i="${i}">${esc(st.title)}</button> <span class="stats">${esc(st.text)}</span></li>`).join("") + "</ol>";
  $("path").innerHTML = html;
  for (const b of $("path").querySelectorAll("button.link")) {
    b.addEventListener("click", () => {
      const i = Number(b.dataset.i);
      S.preview = i ? before(i) : null;
      showStep(S.path[i], 3);
      if (i > 0) { $("apply").disabled = true; $("apply").title = "Only the first step of the path applies to this position"; }
    });
  }
}

function before(i) {  // the board as the path has it before step i: its values shown in grey
  const values = S.values.slice();
  const excluded = new Set(S.excluded);
  for (const st of S.path.slice(0, i)) {
    for (const [c, v] of st.placements) values[c] = v;
    for (const [c, v] of st.eliminations) excluded.add(`${c}:${v}`);
  }
  return { values, excluded };
}

async function grade() {
  if (S.variant) return variantGrade();  // vhint.js
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
  if (S.shown) return shownCheck();  // variant_view.js
  let d;
  const asked = lineOf(S.values);
  try { d = await work(S.variant ? "variant/check" : "check", puzzleBody(), "Checking with every solver"); } catch (err) { return fail(err); }
  if (!d) return;
  S.hl = emptyHighlights();
  const [tone, say] = VERDICTS[d.verdict] || ["bad", () => d.verdict];
  let html = `<p class="verdict ${tone}" id="verdict">${esc(say(d))}</p>`;
  d.differ.forEach((c) => S.hl.differ.add(c));  // (where two solutions differ: the givens' matter)
  if (lineOf(S.values) !== asked) {  // the player moved meanwhile: the verdict on the givens stands, not the marks
    html += `<p class="verdict bad" id="stale">The board changed while this was checked, so your values were not compared with the solution: check again.</p>`;
  } else if (d.wrong.length) {
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
  if (S.shown) return shownSolve(limit);  // variant_view.js
  let d;
  const label = limit === 1 ? "Solving" : "Counting solutions";
  try { d = await work(S.variant ? "variant/solve" : "solve", { ...puzzleBody(), values: undefined, limit: 2 }, label); } catch (err) { return fail(err); }
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
    if (err.data && err.data.running) fail(err);  // the server is busy: offer to stop its jobs
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
