// The panels beside the tree: the board, the pseudocode, the variables,
// the event log, the beam, the node selected, and the step controls.
import * as B from "../lib/board.js";
import { byId as $ } from "../lib/dom.js";
import { t } from "../lib/words.js";
import { panelsShown, root, st } from "./state.js";
import { announceStep } from "./announce.js";
import { drawVisits } from "./visits.js";

// drawPanels shows what frame f says beside the tree.
export function drawPanels(f) {
  if (f.decision) $("decision").textContent = f.decision;
  drawCode(f.code);
  lightLine(f.line);
  drawLog(f.log, f.step);
  announceStep(f.log, f.step);
  drawVars(f.vars);
  $("vars-note").hidden = f.current >= 0;
  drawBoard($("board"), $("board-title"), f.board || null);
  drawBeam(f.beam || null);
  drawVisits(f.visits || null);
  drawSelected(f.selected || null);
}

// outcomeLine shows what chance gave on the way to a node, as a die
// face ("3-6", the faces that land on one cell) and its probability.
function outcomeLine(outcome, probability) {
  const p = document.createElement("p");
  p.className = "outcome";
  p.dataset.testid = "outcome";
  const face = document.createElement("span");
  face.className = "die";
  face.textContent = outcome;
  p.append(face, " " + t("chance gave {outcome}, p = {p}", { outcome, p: probability }));
  return p;
}

// drawBoard draws a position as its game declares it (see lib/board.js),
// with the move just played and, in one-player games, the way there.
export function drawBoard(el, titleEl, board) {
  if (!el) return;
  el.innerHTML = "";
  if (titleEl) titleEl.textContent = board ? board.title : "";
  if (!board) return;
  if (board.caption) el.appendChild(B.caption(board.caption));
  if (board.score) el.appendChild(B.caption(t("score so far: {score}", { score: board.score })));
  if (board.outcome) el.appendChild(outcomeLine(board.outcome, board.probability));
  if (board.pending) el.appendChild(B.caption(t("{pending}: chance has not decided yet; each outcome is a child", { pending: board.pending })));
  el.appendChild(B.grid(board, (k, cell) => {
    const td = document.createElement("td");
    let words = B.words(cell);
    if (board.changed && board.changed[k]) {
      B.fill(td, cell, "changed");
      words = t("{cell}: the move just played", { cell: words });
    } else if (board.trail && board.trail[k]) {
      B.fill(td, cell, "trail");
      words = t("{cell}: on the way here", { cell: words });
    } else {
      B.fill(td, cell);
    }
    B.labelled(td, words);
    return td;
  }));
}

// drawFacts lists facts, each a name and a value, in el.
function drawFacts(el, facts) {
  el.innerHTML = "";
  for (const f of facts || []) {
    const dt = document.createElement("dt");
    dt.textContent = f.name;
    const dd = document.createElement("dd");
    dd.textContent = f.value;
    el.append(dt, dd);
  }
}

// drawVars shows the current node's variables, those that changed since
// the last frame marked: presentation mode shows only them, or every
// variable when none changed.
function drawVars(facts) {
  const el = $("vars");
  drawFacts(el, facts);
  const before = st.vars;
  panelsShown({ vars: new Map((facts || []).map((f) => [f.name, f.value])) });
  let changed = 0;
  for (const dt of el.querySelectorAll("dt")) {
    if (!before.size || before.get(dt.textContent) === st.vars.get(dt.textContent)) continue;
    dt.classList.add("changed");
    dt.nextElementSibling.classList.add("changed");
    changed++;
  }
  el.classList.toggle("some-changed", changed > 0 && changed < st.vars.size);
}

// drawLog shows the event log's lines, step's lit.
function drawLog(lines, step) {
  const log = $("log");
  log.innerHTML = "";
  for (const l of lines || []) {
    const li = document.createElement("li");
    li.dataset.step = String(l.step);
    const n = document.createElement("span");
    n.className = "n";
    n.textContent = l.step;
    li.append(n, document.createTextNode(l.text));
    if (l.step === step) li.className = "now";
    log.appendChild(li);
  }
}

// scrollLog shows the log's last line. Reading the log's height lays the
// page out, so a frame does it last, after every change to the drawing.
export function scrollLog() {
  const log = $("log");
  log.scrollTop = log.scrollHeight;
}

// watchCode shows the lit line again whenever the pseudocode's panel
// changes size, as the panels above it grow or give up room.
export function watchCode() {
  const code = $("code");
  if (code) new ResizeObserver(() => showLit()).observe(code);
}

// showLit scrolls the pseudocode within itself, and then the side
// panels, never the page, just enough to show the lit line; a frame does
// it last, as scrollLog. The pseudocode scrolls within its room first so
// that the side panels, and the board at their top, move as little as
// they can.
export function showLit() {
  fitBoard();
  const lit = document.querySelector("#code li.lit");
  if (!lit) return;
  const boxes = [lit.closest("#code")];
  if (!st.present) boxes.push(lit.closest(".side"));
  for (const box of boxes) {
    if (!box || getComputedStyle(box).overflowY === "visible") continue;
    const r = lit.getBoundingClientRect(), s = box.getBoundingClientRect();
    if (r.bottom > s.bottom) box.scrollTop += r.bottom - s.bottom;
    else if (r.top < s.top) box.scrollTop -= s.top - r.top;
  }
}

// A board's cell in presentation mode, in CSS pixels: as big as the side
// column leaves room for, up to PRESENT_CELL_MAX, and never below
// PRESENT_CELL_MIN, under which a mark no longer reads at the back of a
// room; a board too big even then scrolls in its panel.
const PRESENT_CELL_MAX = 40, PRESENT_CELL_MIN = 24;

// PRESENT_LOG_LINES is how many lines of the step in words the board
// leaves room for whatever the step says, so that it keeps its size
// from step to step.
const PRESENT_LOG_LINES = 3;

// fitBoard sizes the board's cells in presentation mode so that the whole
// board shows in its panel, beside the step in words and the pseudocode's
// lit line: the side column's other panels are given the least height
// they can take (a panel that shrinks, its min-height; the pseudocode,
// its lit line; the others, what they hold), the board the rest. Out of
// presentation mode the cells are as app.css draws them.
export function fitBoard() {
  const panel = $("board-panel");
  const table = panel && $("board").querySelector("table");
  if (!table) return;
  const side = panel.parentElement;
  if (!st.present || panel.offsetParent === null) { // off, or the panel not shown
    setStyle(table, "--cell", "");
    setStyle(panel, "min-height", "");
    return;
  }
  const room = side.clientHeight - othersNeed(side, panel);
  const cells = table.querySelectorAll("td");
  const first = cells[0];
  if (!first) return;
  const rows = table.rows.length - (table.querySelector("th.coord[scope=col]") ? 1 : 0);
  const cols = cells.length / Math.max(1, rows);
  const now = first.getBoundingClientRect();
  // The title, captions, names of columns, padding and borders: the
  // height of the panel down to the board's end, less the cells'.
  const ps = getComputedStyle(panel);
  const natural = $("board").getBoundingClientRect().bottom + panel.scrollTop - panel.getBoundingClientRect().top + parseFloat(ps.paddingBottom) + parseFloat(ps.borderBottomWidth);
  const chrome = natural - rows * now.height;
  const wide = panel.clientWidth - (table.getBoundingClientRect().width - cols * now.width) - 2 * parseFloat(ps.paddingLeft);
  const cell = Math.floor(Math.min(PRESENT_CELL_MAX, (room - chrome) / rows, wide / cols));
  setStyle(table, "--cell", Math.max(PRESENT_CELL_MIN, cell) + "px");
  setStyle(panel, "min-height", Math.min(room, chrome + rows * Math.max(PRESENT_CELL_MIN, cell)) + "px");
}

// othersNeed returns the height the side column's panels other than
// panel need at least, with the gaps between the panels shown.
function othersNeed(side, panel) {
  let need = 0, shown = 0;
  for (const p of side.children) {
    const s = getComputedStyle(p);
    if (p.hidden || s.display === "none" || s.position === "absolute") continue;
    shown++;
    if (p === panel) continue;
    const lit = p.querySelector("li.lit"), now = p.querySelector("#log li.now");
    if (now) {
      const ns = getComputedStyle(now);
      const line = parseFloat(ns.lineHeight) || 1.4 * parseFloat(ns.fontSize);
      const text = now.clientHeight - parseFloat(ns.paddingTop) - parseFloat(ns.paddingBottom);
      need += p.offsetHeight + Math.max(0, PRESENT_LOG_LINES * line - text);
    } else if (lit) {
      const top = p.getBoundingClientRect().top, code = p.querySelector("ol.code");
      need += Math.max(parseFloat(s.minHeight) || 0, code.getBoundingClientRect().top - top + lit.offsetHeight + parseFloat(s.paddingBottom) + parseFloat(s.borderBottomWidth));
    } else if (parseFloat(s.flexShrink) > 0 && parseFloat(s.minHeight) > 0) {
      need += parseFloat(s.minHeight);
    } else {
      need += p.offsetHeight;
    }
  }
  return need + Math.max(0, shown - 1) * (parseFloat(getComputedStyle(side).rowGap) || 0);
}

// setStyle sets property name of el's style to value, "" removing it,
// only if that changes it, so that a ResizeObserver sees no change.
function setStyle(el, name, value) {
  if (el.style.getPropertyValue(name) === value) return;
  if (value) el.style.setProperty(name, value);
  else el.style.removeProperty(name);
}

// drawBeam shows the beam's kept and dropped nodes, or hides its panel.
function drawBeam(beam) {
  const panel = $("beam-panel");
  if (!panel) return;
  panel.hidden = !beam;
  if (!beam) return;
  $("beam-title").textContent = beam.pass
    ? t("at depth {depth}, pass {pass} (step {step})", beam)
    : t("at depth {depth} (step {step})", beam);
  const fill = (ol, rows) => {
    ol.innerHTML = "";
    for (const r of rows) {
      const li = document.createElement("li");
      li.dataset.node = String(r.node);
      const name = document.createElement("span");
      name.textContent = r.name;
      const score = document.createElement("b");
      score.textContent = r.score;
      li.append(name, score);
      ol.appendChild(li);
    }
    if (!rows.length) {
      const li = document.createElement("li");
      li.className = "none";
      li.textContent = t("none");
      ol.appendChild(li);
    }
  };
  fill($("beam-kept"), beam.kept);
  fill($("beam-dropped"), beam.dropped);
  $("beam-more").textContent = beam.more ? t("{more} more not listed.", beam) : "";
}

// lightLine lights line n of the pseudocode, none for 0.
function lightLine(n) {
  const code = $("code");
  if (!code) return;
  const old = code.querySelector("li.lit");
  if (old) old.classList.remove("lit");
  if (n > 0) {
    const li = $("line" + n);
    if (li) li.classList.add("lit");
  }
}

// drawCode replaces the pseudocode's lines with those of the form a
// full frame sends: the form goes with the point of view.
function drawCode(lines) {
  const code = $("code");
  if (!code || !lines) return;
  code.replaceChildren(...lines.map((text, i) => {
    const li = document.createElement("li");
    li.id = "line" + (i + 1);
    li.appendChild(document.createElement("code")).textContent = text;
    return li;
  }));
}

// drawMatrix shows a simultaneous-move node's children: A's actions by
// rows, B's by columns, each cell's visits and A's mean result.
function drawMatrix(el, m) {
  el.innerHTML = "";
  if (!m) return;
  const table = document.createElement("table");
  const cap = document.createElement("caption");
  cap.textContent = t("visits (A's mean result): A's actions down, B's across");
  table.appendChild(cap);
  const head = document.createElement("tr");
  head.appendChild(document.createElement("th"));
  m.cols.forEach((c, j) => {
    const th = document.createElement("th");
    th.textContent = "B " + c + " (" + m.col_n[j] + ")";
    head.appendChild(th);
  });
  table.appendChild(head);
  m.rows.forEach((r, i) => {
    const tr = document.createElement("tr");
    const th = document.createElement("th");
    th.textContent = "A " + r + " (" + m.row_n[i] + ")";
    tr.appendChild(th);
    m.cols.forEach((_, j) => {
      const td = document.createElement("td");
      td.textContent = m.n[i][j] + (m.mean[i][j] ? " (" + m.mean[i][j] + ")" : "");
      if (m.on_path[i][j]) {
        td.className = "on-path";
        td.title = t("the pair chosen on the current path");
      }
      tr.appendChild(td);
    });
    table.appendChild(tr);
  });
  el.appendChild(table);
}

// drawSelected shows the details of the node selected, or hides them.
function drawSelected(sel) {
  const panel = $("node-panel");
  if (!sel) {
    panel.hidden = true;
    return;
  }
  panel.hidden = false;
  const fold = $("node-collapse");
  fold.hidden = sel.children === 0;
  fold.textContent = sel.collapsed ? t("Show its children") : t("Collapse");
  $("node-reroot").hidden = sel.children === 0 || (st.nav && st.nav.root === sel.node);
  const filtering = !!st.nav && st.nav.filter === sel.node;
  $("node-filter").setAttribute("aria-pressed", String(filtering));
  $("node-filter").textContent = filtering ? t("Step through every event") : t("Steps of this subtree");
  $("node-title").textContent = sel.title;
  $("node-reason").textContent = sel.reason || "";
  drawFacts($("node-facts"), sel.facts);
  drawMatrix($("node-matrix"), sel.matrix || null);
  drawBoard($("node-board"), null, sel.board);
}

// showControls shows the step, the play button, the point of view and
// the exports' links as the state has them.
export function showControls() {
  $("step").textContent = st.step;
  $("scrubber").value = String(st.step);
  const play = $("play");
  play.textContent = st.playing ? "⏸" : "▶";
  play.setAttribute("aria-label", st.playing ? t("pause") : t("play"));
  for (const b of document.querySelectorAll(".view-toggle button")) {
    b.setAttribute("aria-pressed", String(b.dataset.view === st.view));
  }
  const q = "?step=" + st.step + "&view=" + st.view;
  $("export-svg").href = $("export-svg").href.split("?")[0] + q;
  $("export-dot").href = $("export-dot").href.split("?")[0] + q;
  root.dataset.current = String(st.lastCurrent);
  root.dataset.shownStep = String(st.step);
}

// drawGrains shows the server's counter and, from a full frame, the
// grains the trace has and the scrubber's marks: iterations above, cuts
// below.
export function drawGrains(f) {
  $("counter-text").textContent = f.counter;
  if (!f.grains) return;
  const sel = $("grain");
  for (const o of sel.options) o.hidden = !f.grains.includes(o.value);
  if (sel.selectedOptions[0].hidden) sel.value = "event";
  $("counter-steps").hidden = !f.grains.includes("iteration");
  const strip = $("marks");
  strip.textContent = "";
  const marks = [];
  for (const [cls, steps] of [["it", f.marks.iterations], ["cut", f.marks.cuts]]) {
    for (const k of steps) {
      const i = document.createElement("i");
      i.className = cls;
      i.dataset.step = k;
      i.style.left = (100 * k) / Math.max(1, f.steps - 1) + "%";
      strip.append(i);
      marks.push(k);
    }
  }
  panelsShown({ marks });
}

