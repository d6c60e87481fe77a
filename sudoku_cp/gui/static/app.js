// sudoku-cp gui, 4 of 4: opening, sharing and copying puzzles, and the start: the page keeps
// the player's state; the server answers questions about it.
"use strict";

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
  const variant = await openVariant(kept, where, name);  // f-puzzles, ISS, JSON: variant.js
  if (variant !== null) return variant;
  let d;
  try { d = await post("parse", box ? { text: kept, box } : { text: kept }); } catch (err) {
    const said = kept.trim().includes("\n") ? err.message : err.message.replace(/^line 1: /i, "");  // one line: no number
    $("paste-error").textContent = `${name ? `${name}: ` : ""}${upper(said)}`;
    $("gen-info").textContent = `${name || "The text"} was not opened; the board still holds the game before.`;
    return false;
  }
  found = d.puzzles; variantLines = [];
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
  return h.get("p") ? { text: h.get("p"), box: h.get("box"), values: h.get("v"), edit: h.has("edit") } : null;
}

async function openLink(link) {
  const g = saved();
  if (g && g.n && (g.variant ? g.variant.text === link.text.trim() : lineOf(g.givens) === link.text.replace(/0/g, ".")) && !link.values) return restoreSaved();
  const kept = g && g.n && !g.solved && ((g.undo || []).length || g.values.some((v, c) => v && !g.givens[c]));
  if (kept && !window.confirm("The link opens another puzzle, which replaces your saved game in progress. Go on?")) return restoreSaved();
  if (!await openText(link.text, link.box, "Opened from the link", "The link")) return false;
  if (link.values && link.values.length === S.n * S.n) {
    const vals = [...link.values].map((ch) => Math.max(0, SYM.indexOf(ch.toUpperCase()) + 1));
    vals.forEach((v, c) => { if (v && !S.givens[c] && v <= S.n) S.values[c] = v; });
    update();
  }
  return true;
}

function shareLink(withPosition) {
  const base = `${location.origin}${location.pathname}#p=${encodeURIComponent(puzzleText())}${S.variant ? "" : boxPart()}`;
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

function oops(message) {  // an error nothing caught: said beside the board, never silent
  setOutput(`<p class="verdict bad" id="page-error">Something went wrong on this page: ${esc(message)}. That is a bug in sudoku-cp; reload the page to go on.</p>`);
}

async function start() {
  window.addEventListener("error", (e) => oops(e.message || "an error"));
  window.addEventListener("unhandledrejection", (e) => oops((e.reason && e.reason.message) || String(e.reason)));
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
  $("possible").addEventListener("click", allPossibilities);
  $("cancel").addEventListener("click", cancel);
  $("generate").addEventListener("click", generate);
  $("gen-size").addEventListener("change", levelsFor);
  $("open").addEventListener("click", () => { if (confirmReplace("Opening a puzzle")) openText($("paste").value, null, "Opened"); });
  $("choose-file").addEventListener("click", () => $("file").click());
  $("blank").addEventListener("click", blank);
  $("done-editing").addEventListener("click", doneEditing);
  $("file").addEventListener("change", (e) => { if (e.target.files[0]) readFile(e.target.files[0]); e.target.value = ""; });
  $("pick").addEventListener("change", (e) => {
    const i = Number(e.target.value);
    if (!confirmReplace("Another puzzle of the file")) return;
    $("paste-error").textContent = "";
    if (variantLines.length) openOneVariant(variantLines[i], `Puzzle ${i + 1} of ${variantLines.length}`, `Puzzle ${i + 1}`, "", true);
    else load(found[i], `Puzzle ${i + 1}.`);
  });
  $("copy").addEventListener("click", () => copyText(lineOf(S.values), $("copy"), "Copy"));
  $("share").addEventListener("click", () => copyText(shareLink($("share-position").checked), $("share"), "Copy a link"));
  document.addEventListener("paste", (e) => {
    const t = e.target;
    if (t && (t.tagName === "TEXTAREA" || t.tagName === "INPUT")) return;
    const text = e.clipboardData && e.clipboardData.getData("text");
    if (text && confirmReplace("The pasted puzzle")) { e.preventDefault(); $("paste").value = text.slice(0, 100000); openText(text, null, "Pasted"); }
  });
  window.addEventListener("resize", () => { if (S.n) { fit(); drawLinks(); if (S.variant) drawVariant(); } });
  document.addEventListener("visibilitychange", () => { if (document.hidden) pauseTimer(); else resumeTimer(); save(); });
  window.addEventListener("pagehide", () => {  // a reload or a closed tab: stop this page's job
    save();
    if (S.busy) fetch("api/cancel", { method: "POST", keepalive: true, headers: { "Content-Type": "application/json" }, body: JSON.stringify({ job: S.busy.job }) });
  });
  window.addEventListener("hashchange", () => { const link = fromHash(); if (link && link.text.trim() !== puzzleText() && confirmReplace("The link's puzzle")) openLink(link); });
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
  const linked = link && await openLink(link);
  const refused = link && !linked ? $("paste-error").textContent : "";
  const opened = linked
    || (S.info.initial && await openText(S.info.initial, S.info.initial_box, "Opened"))
    || restoreSaved();
  if (!opened) await openText(SAMPLE, null, "A sample puzzle to start with");
  if (refused) {  // a broken link must not pass for a puzzle the page chose: say so by the board
    $("paste-error").textContent = refused;
    setOutput(`<p class="verdict bad" id="link-refused">${esc(refused)}. The board holds ${opened ? "the game before" : "a sample puzzle"} instead.</p>`);
  }
  setterStart(linked ? link : null);  // a link with edit=1, or the draft edited before a reload
  $("board").focus();
}

start();
