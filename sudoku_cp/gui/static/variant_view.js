// sudoku-cp gui: puzzles the board shows but does not play (issue 37's grids): a non-square
// grid (ISS's Shape~RxC), a raw grid (no houses), cells beyond the grid (ISS's Var cells,
// Doppelganger's DGR/DGC/DGB). The board plays square grids of houses; rather than draw such
// a grid wrongly, the page shows the server's picture of it (the one Jupyter shows:
// sudoku_cp.variants.picture) in the board's place, read-only. Check, Solve and Count work
// as for any variant, and the solution is drawn in the picture, extra cells included;
// hints, grading, the solve path, all possibilities and the editor need the board, and are
// hidden meanwhile (body.shown in app.css). Loaded after variant_more.js; opening any other
// puzzle (load) leaves this view.
"use strict";

// The puzzle shown: { text, d } (d: the server's answer to variant/open), or null.
S.shown = null;

function showShown(t, d, where, more, listed) {
  if (!listed) { variantLines = []; $("pick").hidden = true; }
  S.game += 1;  // answers asked about the puzzle before no longer apply
  if (S.busy) post("cancel", { job: S.busy.job }).catch(() => {});
  if (E.on) { E.on = false; showEditing(); }  // the editor draws on the board: not on this grid
  S.shown = { text: t, d };
  document.body.classList.add("shown");
  $("shown").hidden = false;
  drawShown(d.picture);
  const size = `${d.rows}×${d.cols}`;
  $("shown-note").textContent = `Shown read-only: the board plays square grids of houses, and this puzzle has ${d.shown_only}. Check, Solve and Count work; the solution is drawn here.`;
  const extra = d.extra.length ? `, ${plural(d.extra.length, "cell")} beyond the grid` : "";
  const rules = [...new Set(d.constraints.map((c) => c.type.replace(/_/g, " ")))];
  const ignored = d.ignored.length ? ` Ignored (cosmetic): ${d.ignored.join(", ")}.` : "";
  $("gen-info").textContent = `${where || "Opened"}: ${d.title ? `“${d.title}”, ` : ""}a ${size} variant (${d.format})${extra}, ${plural(d.clues, "given")}${rules.length ? `; ${rules.join(", ")}` : ""}.${ignored}${more}`;
  setOutput("");
  $("path").innerHTML = "";
  const hash = `#p=${encodeURIComponent(t)}`;
  if (location.hash !== hash) history.replaceState(null, "", hash);
  return true;
}

function leaveShown() {  // load() calls it: the board is back
  if (!S.shown) return;
  S.shown = null;
  document.body.classList.remove("shown");
  $("shown").hidden = true;
  $("shown-picture").innerHTML = "";
}

function drawShown(svg) {  // the server's SVG (its text escaped, no script), grown to a board's size
  if (!svg) return;
  const box = $("shown-picture");
  box.innerHTML = svg;
  const pic = box.firstElementChild, w = Number(pic.getAttribute("width")) || 400;
  pic.style.width = `${Math.min(Math.max(w, 480), 2 * w)}px`;  // (CSS keeps it within the window)
}

async function shownCheck() {
  let d;
  try { d = await work("variant/check", { puzzle: S.shown.text }, "Checking with every solver"); } catch (err) { return fail(err); }
  if (!d) return;
  const [tone, say] = VERDICTS[d.verdict] || ["bad", () => d.verdict];
  let html = `<p class="verdict ${tone}" id="verdict">${esc(say(d))}</p>`;
  if (d.picture) { drawShown(d.picture); html += "<p id=\"shown-solved\">The solution is drawn in the picture (blue).</p>"; }
  if (d.differ_names && d.differ_names.length) html += `<p>Two solutions differ in ${esc(d.differ_names.join(", "))}.</p>`;
  for (const line of d.evidence || []) html += `<p class="stats">${esc(line)}</p>`;
  html += backendTable(d.backends) + `<p class="stats">Total ${ms(d.time_s)}; every solution was confirmed by an independent checker.</p>`;
  setOutput(html);
  announce(say(d));
}

async function shownSolve(limit) {
  let d;
  try { d = await work("variant/solve", { puzzle: S.shown.text, limit: 2 }, limit === 1 ? "Solving" : "Counting solutions"); } catch (err) { return fail(err); }
  if (!d) return;
  const how = `${d.backend}, ${ms(d.time_s)}`;
  if (!d.solutions.length) {
    setOutput(`<p class="verdict bad" id="count-result">${d.status === "none" ? "This puzzle has no solution" : "No answer within the time limit"} (${how}).</p>`);
  } else if (d.solutions.length > 1) {
    const names = d.differ_names.slice(0, 12).join(", ");
    setOutput(`<p class="verdict bad" id="count-result">${limit === 1 ? "Not drawn: this puzzle has several solutions" : "At least two solutions"} (${how}).</p>
      <p>Two of them differ in ${esc(names)}${d.differ_names.length > 12 ? ", …" : ""}.</p>`);
    announce("The puzzle has several solutions");
  } else if (limit === 1) {
    drawShown(d.picture);
    setOutput(`<p class="verdict good" id="solved">Solved (${how}); the solution, drawn in the picture (blue), passed the independent check.</p>`);
  } else {
    setOutput(`<p class="verdict good" id="count-result">Exactly one solution (${how}, whole search done).</p>`);
  }
}
