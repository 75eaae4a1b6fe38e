// The arena pages. On the form, choosing a game puts its default engines
// in the engine fields the user has not changed. On a match's page, the
// script polls the match's status JSON every half second until the match
// ends, and shows the games done, A's wins, draws and losses, score and
// Elo with their intervals (as the server computes them), a chart of the
// running score with its interval band, the SPRT's log-likelihood ratio
// with its bounds and a chart of it, if the match runs one, and the games
// ended; the Stop button stops the match. Clicking a game replays it on
// its board, a position at a time with ◀ ▶ or the arrow keys, and lists
// its moves, each with a "tree" button that runs that move's search again
// and opens its viewer.
import * as B from "../lib/board.js";
import { label, svg } from "../lib/chart.js";
import { byId as $, cell } from "../lib/dom.js";
import { t } from "../lib/words.js";

// ---- the form ----

const game = document.querySelector("#arena-form #game");
if (game) {
  const a = document.getElementById("engine-a");
  const b = document.getElementById("engine-b");
  let prev = game.selectedOptions[0];
  game.addEventListener("change", () => {
    const opt = game.selectedOptions[0];
    if (!opt) return;
    // A field still holding the previous game's default takes the new one.
    if (!prev || a.value.trim() === "" || a.value === prev.dataset.a) a.value = opt.dataset.a || "";
    if (!prev || b.value.trim() === "" || b.value === prev.dataset.b) b.value = opt.dataset.b || "";
    prev = opt;
  });
}

// outcomeWord says A's result, "win", "draw" or "loss", in the page's
// language.
function outcomeWord(outcome) {
  switch (outcome) {
    case "win": return t("win");
    case "draw": return t("draw");
    case "loss": return t("loss");
  }
  return outcome;
}

// ---- a match ----

const main = document.getElementById("arena-match");
if (main) watch();

// watch polls the match on this page and shows how it stands.
function watch() {
  const statusURL = main.dataset.status;
  let shownGames = -1; // the games listed
  let selected = -1; // the game whose moves are shown

  async function poll() {
    let st;
    try {
      const res = await fetch(statusURL, { cache: "no-store" });
      if (!res.ok) {
        showError((await res.text()).trim() || res.statusText);
        return; // the match is gone: stop polling
      }
      st = await res.json();
    } catch (err) {
      $("arena-state").textContent = t("cannot reach the server ({why}); retrying…", { why: err.message });
      setTimeout(poll, 2000);
      return;
    }
    show(st);
    if (!st.finished) setTimeout(poll, 500);
  }

  function showError(msg) {
    const e = $("arena-error");
    e.textContent = msg;
    e.hidden = false;
  }

  // The Stop button asks the server to stop the match, then polls at
  // once; without the script, its form does the same and reloads.
  const stopForm = $("arena-stop-form");
  stopForm.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    $("arena-stop").disabled = true;
    $("arena-state").textContent = t("stopping…");
    try {
      const res = await fetch(stopForm.action, { method: "POST" });
      if (!res.ok) showError((await res.text()).trim() || res.statusText);
    } catch (err) {
      showError(t("Cannot reach the server to stop the match: {why}", { why: err.message }));
      $("arena-stop").disabled = false;
    }
  });

  function show(st) {
    $("arena-done").textContent = t("{done} of {games} games", st);
    let state = t("playing…");
    if (st.finished) {
      const seconds = st.seconds.toFixed(1);
      if (st.sprt && st.sprt.decision !== "undecided") state = t("decided in {seconds} s: {decision} accepted", { seconds, decision: st.sprt.decision });
      else state = st.stopped ? t("stopped") : t("done in {seconds} s", { seconds });
    }
    $("arena-state").textContent = state;
    main.dataset.finished = String(st.finished);
    main.dataset.stopped = String(st.stopped);
    stopForm.hidden = st.finished;
    if (st.error && st.error.startsWith("stopped: ")) {
      const note = $("arena-note");
      note.textContent = t("Stopped after {done} of {games} games: {why}. The results are those of the games that ended.", { done: st.done, games: st.games, why: st.error.slice("stopped: ".length) });
      note.hidden = false;
    } else if (st.error) showError(st.error);
    $("arena-wdl").textContent = `${st.wins} / ${st.draws} / ${st.losses}`;
    $("arena-score").textContent = st.score_text;
    $("arena-elo").textContent = st.elo_text;
    drawChart(st.points, st.games);
    if (st.sprt) showSPRT(st);
    if (st.list.length !== shownGames) listGames(st.list);
  }

  // showSPRT shows the test's log-likelihood ratio, its bounds and its
  // decision, and draws the ratio after each game.
  function showSPRT(st) {
    const sp = st.sprt;
    if (sp.pairs) $("arena-pairs").textContent = st.pairs.join(" / ");
    $("arena-llr").textContent = t("LLR {llr}, bounds {lower} and {upper}", { llr: fixed(sp.llr), lower: fixed(sp.llr_lower), upper: fixed(sp.llr_upper) });
    const d = $("arena-decision");
    d.textContent = sp.decision === "undecided" ? (st.finished ? t("undecided: the match ended first") : t("undecided: playing on")) : sp.words;
    d.className = "decision-" + sp.decision;
    drawLLR(st.points, st.games, sp);
  }

  // ---- the chart ----

  // drawChart draws A's running score after each game, its 95% interval
  // as a band, and the even score 0.5, as an inline SVG.
  function drawChart(points, games) {
    const W = 640, H = 220, L = 44, R = 12, T = 10, B = 30;
    const n = Math.max(games, 1);
    const x = (k) => L + (k / n) * (W - L - R);
    const y = (v) => T + (1 - v) * (H - T - B);
    const chart = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "arena-svg", role: "img",
      "aria-label": t("A's running score with its {level} interval", { level: "95%" }) });
    for (const v of [0, 0.25, 0.5, 0.75, 1]) {
      chart.append(svg("line", { x1: L, x2: W - R, y1: y(v), y2: y(v), class: v === 0.5 ? "even" : "grid" }));
      chart.append(label(L - 6, y(v) + 4, v.toFixed(2), "end", "label"));
    }
    const ticks = Math.min(n, 10);
    for (let i = 0; i <= ticks; i++) {
      const k = Math.round((i * n) / ticks);
      chart.append(label(x(k), H - B + 16, String(k), "middle", "label"));
    }
    chart.append(label((L + W - R) / 2, H - 2, t("games"), "middle", "label"));
    if (points.length > 0) {
      const upper = points.map((p) => `${x(p.n)},${y(p.high)}`);
      const lower = points.map((p) => `${x(p.n)},${y(p.low)}`).reverse();
      chart.append(svg("polygon", { points: upper.concat(lower).join(" "), class: "band" }));
      chart.append(svg("polyline", { points: points.map((p) => `${x(p.n)},${y(p.score)}`).join(" "), class: "score" }));
      for (const p of points) {
        const c = svg("circle", { cx: x(p.n), cy: y(p.score), r: 2.5, class: "point", "data-n": p.n });
        const tip = svg("title", {});
        tip.textContent = t("after {n} games: {score} [{low}, {high}]", { n: p.n, score: p.score.toFixed(3), low: p.low.toFixed(3), high: p.high.toFixed(3) });
        c.append(tip);
        chart.append(c);
      }
    }
    $("arena-chart").replaceChildren(chart);
  }

  // drawLLR draws the SPRT's log-likelihood ratio after each game between
  // its two bounds, as an inline SVG.
  function drawLLR(points, games, sp) {
    const W = 640, H = 170, L = 44, R = 12, T = 10, B = 30;
    const n = Math.max(games, 1);
    const llrs = points.filter((p) => p.llr !== undefined);
    const top = Math.max(sp.llr_upper, ...llrs.map((p) => p.llr)) * 1.1;
    const bottom = Math.min(sp.llr_lower, ...llrs.map((p) => p.llr)) * 1.1;
    const x = (k) => L + (k / n) * (W - L - R);
    const y = (v) => T + ((top - v) / (top - bottom)) * (H - T - B);
    const chart = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "arena-svg", role: "img",
      "aria-label": t("The SPRT's log-likelihood ratio after each game, between its bounds") });
    chart.append(svg("line", { x1: L, x2: W - R, y1: y(0), y2: y(0), class: "grid" }));
    chart.append(label(L - 6, y(0) + 4, "0", "end", "label"));
    for (const [v, name] of [[sp.llr_upper, "H1"], [sp.llr_lower, "H0"]]) {
      chart.append(svg("line", { x1: L, x2: W - R, y1: y(v), y2: y(v), class: "bound" }));
      chart.append(label(L - 6, y(v) + 4, fixed(v), "end", "label"));
      chart.append(label(W - R - 4, y(v) + (v > 0 ? 15 : -6), t("{name} accepted", { name }), "end", "label")); // inside the band, clear of the axis
    }
    const ticks = Math.min(n, 10);
    for (let i = 0; i <= ticks; i++) {
      const k = Math.round((i * n) / ticks);
      chart.append(label(x(k), H - B + 16, String(k), "middle", "label"));
    }
    chart.append(label((L + W - R) / 2, H - 2, t("games"), "middle", "label"));
    if (llrs.length > 0) {
      chart.append(svg("polyline", { points: [`${x(0)},${y(0)}`, ...llrs.map((p) => `${x(p.n)},${y(p.llr)}`)].join(" "), class: "llr" }));
    }
    $("arena-llr-chart").replaceChildren(chart);
  }

  function fixed(v) {
    return (v < 0 ? "−" : "") + Math.abs(v).toFixed(2);
  }

  // ---- the games and their moves ----

  function listGames(list) {
    shownGames = list.length;
    const rows = list.map((g) => {
      const tr = document.createElement("tr");
      tr.dataset.game = g.index;
      tr.dataset.testid = "arena-game";
      tr.className = "arena-game" + (g.index === selected ? " selected" : "");
      const btn = document.createElement("button");
      btn.type = "button";
      btn.className = "link-button";
      btn.textContent = t("game {n}", { n: g.index });
      btn.addEventListener("click", () => openGame(g.index));
      const res = document.createElement("span");
      res.className = "outcome " + g.outcome;
      res.textContent = outcomeWord(g.outcome);
      tr.append(cell(btn), cell(g.first), cell(res), cell(String(g.moves)));
      return tr;
    });
    $("arena-games").replaceChildren(...rows);
  }

  // The game replayed: its moves, its boards (before each move, then the
  // end) and the position shown.
  const replay = { game: null, k: 0 };

  async function openGame(i) {
    selected = i;
    for (const tr of document.querySelectorAll("#arena-games tr")) tr.classList.toggle("selected", tr.dataset.game === String(i));
    const title = $("arena-moves-title");
    title.textContent = t("Game {n}", { n: i });
    let g;
    try {
      const res = await fetch(`${location.pathname.replace(/\/$/, "")}/game/${i}`, { cache: "no-store" });
      if (!res.ok) throw new Error((await res.text()).trim() || res.statusText);
      g = await res.json();
    } catch (err) {
      $("arena-moves-help").textContent = t("Cannot load the game: {why}", { why: err.message });
      return;
    }
    if (selected !== i) return;
    $("arena-moves-help").textContent = t("{first} moved first; A's result: {outcome}. Each move's “tree” runs its search again with the recorded position and seed.", { first: g.first, outcome: outcomeWord(g.outcome) });
    const rows = [];
    for (const m of g.moves) {
      m.turns.forEach((turn, k) => {
        const tr = document.createElement("tr");
        tr.dataset.testid = "arena-move";
        tr.dataset.ply = String(m.ply);
        tr.title = t("show the position after this move");
        tr.addEventListener("click", (ev) => {
          if (!ev.target.closest("form")) go(m.ply + 1);
        });
        const form = document.createElement("form");
        form.method = "post";
        form.action = turn.tree;
        form.target = "_blank"; // the match stays open, as the play page's game does
        const btn = document.createElement("button");
        btn.type = "submit";
        btn.className = "tree-link";
        btn.dataset.testid = "arena-tree";
        btn.textContent = t("tree");
        btn.title = t("run {algo} on this position with seed as recorded", { algo: turn.algo });
        form.append(btn);
        const engine = document.createElement("span");
        engine.textContent = `${turn.engine} `;
        const algo = document.createElement("code");
        algo.textContent = turn.algo;
        const who = document.createElement("span");
        who.append(engine, algo);
        const move = turn.fallback ? t("{move} (its first legal move: its node budget ran out before it searched any move to the end)", { move: turn.label }) : turn.label;
        tr.append(cell(k === 0 ? String(m.ply) : ""), cell(String(turn.side)), cell(who), cell(move),
          cell(k === m.turns.length - 1 ? m.chance || "" : ""), cell(formatMS(turn.ms)), cell(form));
        rows.push(tr);
      });
    }
    $("arena-moves-body").replaceChildren(...rows);
    document.querySelector(".arena-moves-table").hidden = false;
    replay.game = g;
    $("arena-replay").hidden = !g.boards;
    go(0);
    $("arena-moves").scrollIntoView({ block: "nearest" });
  }

  // go shows position k of the game replayed: 0 its start, k after its
  // k-th move, the last its end.
  function go(k) {
    const g = replay.game;
    if (!g || !g.boards) return;
    const n = g.boards.length - 1;
    replay.k = Math.max(0, Math.min(n, k));
    k = replay.k;
    const b = g.boards[k], prev = k > 0 ? g.boards[k - 1] : null;
    const el = $("arena-board");
    el.replaceChildren();
    if (b.caption) el.append(B.caption(b.caption));
    el.append(B.grid(b, (i, c) => {
      const td = document.createElement("td");
      const changed = prev && prev.rows === b.rows && prev.cols === b.cols && !B.same(prev.cells[i], c);
      B.fill(td, c, ...(changed ? ["changed"] : []));
      B.labelled(td, changed ? t("{cell}: changed by the last move", { cell: B.words(c) }) : B.words(c));
      return td;
    }));
    el.dataset.k = String(k);
    $("arena-ply").textContent = k === 0 ? t("start (of {n} moves)", { n }) : t("after move {k} of {n}", { k, n });
    $("arena-prev").disabled = k === 0;
    $("arena-next").disabled = k === n;
    let last = t("{first} moves first.", { first: g.first });
    if (k > 0) {
      const m = g.moves[k - 1];
      const parts = m.turns.map((turn) => t("{engine} (side {side}) played {move}", { engine: turn.engine, side: turn.side, move: turn.label }));
      if (m.chance) parts.push(t("the dice: {face}", { face: m.chance }));
      last = t("{moves}.", { moves: parts.join(t("; ")) });
    }
    if (k === n) last += " " + t("The game is over: A's result is a {outcome}.", { outcome: outcomeWord(g.outcome) });
    $("arena-last").textContent = last;
    for (const tr of document.querySelectorAll("#arena-moves-body tr")) tr.classList.toggle("current", tr.dataset.ply === String(k - 1));
  }

  $("arena-prev").addEventListener("click", () => go(replay.k - 1));
  $("arena-next").addEventListener("click", () => go(replay.k + 1));
  document.addEventListener("keydown", (ev) => {
    if (!replay.game || $("arena-replay").hidden || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    if (ev.target.closest("input, select, textarea")) return;
    if (ev.key === "ArrowLeft") go(replay.k - 1);
    else if (ev.key === "ArrowRight") go(replay.k + 1);
    else return;
    ev.preventDefault();
  });

  function formatMS(ms) {
    if (ms < 1) return `${(ms * 1000).toFixed(0)} µs`;
    if (ms < 1000) return `${ms.toFixed(1)} ms`;
    return `${(ms / 1000).toFixed(2)} s`;
  }

  poll();
}
