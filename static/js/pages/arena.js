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
      $("arena-state").textContent = "cannot reach the server (" + err.message + "); retrying…";
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
    $("arena-state").textContent = "stopping…";
    try {
      const res = await fetch(stopForm.action, { method: "POST" });
      if (!res.ok) showError((await res.text()).trim() || res.statusText);
    } catch (err) {
      showError("Cannot reach the server to stop the match: " + err.message);
      $("arena-stop").disabled = false;
    }
  });

  function show(st) {
    $("arena-done").textContent = `${st.done} of ${st.games} games`;
    let state = "playing…";
    if (st.finished) {
      const took = `in ${st.seconds.toFixed(1)} s`;
      if (st.sprt && st.sprt.decision !== "undecided") state = `decided ${took}: ${st.sprt.decision} accepted`;
      else state = st.stopped ? "stopped" : `done ${took}`;
    }
    $("arena-state").textContent = state;
    main.dataset.finished = String(st.finished);
    main.dataset.stopped = String(st.stopped);
    stopForm.hidden = st.finished;
    if (st.error && st.error.startsWith("stopped: ")) {
      const note = $("arena-note");
      note.textContent = `Stopped after ${st.done} of ${st.games} games: ${st.error.slice("stopped: ".length)}. The results are those of the games that ended.`;
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
    const t = st.sprt;
    if (t.pairs) $("arena-pairs").textContent = st.pairs.join(" / ");
    $("arena-llr").textContent = `LLR ${fixed(t.llr)}, bounds ${fixed(t.llr_lower)} and ${fixed(t.llr_upper)}`;
    const d = $("arena-decision");
    d.textContent = t.decision === "undecided" ? (st.finished ? "undecided: the match ended first" : "undecided: playing on") : t.words;
    d.className = "decision-" + t.decision;
    drawLLR(st.points, st.games, t);
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
      "aria-label": "A's running score with its 95% interval" });
    for (const v of [0, 0.25, 0.5, 0.75, 1]) {
      chart.append(svg("line", { x1: L, x2: W - R, y1: y(v), y2: y(v), class: v === 0.5 ? "even" : "grid" }));
      chart.append(label(L - 6, y(v) + 4, v.toFixed(2), "end", "label"));
    }
    const ticks = Math.min(n, 10);
    for (let i = 0; i <= ticks; i++) {
      const k = Math.round((i * n) / ticks);
      chart.append(label(x(k), H - B + 16, String(k), "middle", "label"));
    }
    chart.append(label((L + W - R) / 2, H - 2, "games", "middle", "label"));
    if (points.length > 0) {
      const upper = points.map((p) => `${x(p.n)},${y(p.high)}`);
      const lower = points.map((p) => `${x(p.n)},${y(p.low)}`).reverse();
      chart.append(svg("polygon", { points: upper.concat(lower).join(" "), class: "band" }));
      chart.append(svg("polyline", { points: points.map((p) => `${x(p.n)},${y(p.score)}`).join(" "), class: "score" }));
      for (const p of points) {
        const c = svg("circle", { cx: x(p.n), cy: y(p.score), r: 2.5, class: "point", "data-n": p.n });
        const t = svg("title", {});
        t.textContent = `after ${p.n} games: ${p.score.toFixed(3)} [${p.low.toFixed(3)}, ${p.high.toFixed(3)}]`;
        c.append(t);
        chart.append(c);
      }
    }
    $("arena-chart").replaceChildren(chart);
  }

  // drawLLR draws the SPRT's log-likelihood ratio after each game between
  // its two bounds, as an inline SVG.
  function drawLLR(points, games, t) {
    const W = 640, H = 170, L = 44, R = 12, T = 10, B = 30;
    const n = Math.max(games, 1);
    const llrs = points.filter((p) => p.llr !== undefined);
    const top = Math.max(t.llr_upper, ...llrs.map((p) => p.llr)) * 1.1;
    const bottom = Math.min(t.llr_lower, ...llrs.map((p) => p.llr)) * 1.1;
    const x = (k) => L + (k / n) * (W - L - R);
    const y = (v) => T + ((top - v) / (top - bottom)) * (H - T - B);
    const chart = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "arena-svg", role: "img",
      "aria-label": "The SPRT's log-likelihood ratio after each game, between its bounds" });
    chart.append(svg("line", { x1: L, x2: W - R, y1: y(0), y2: y(0), class: "grid" }));
    chart.append(label(L - 6, y(0) + 4, "0", "end", "label"));
    for (const [v, name] of [[t.llr_upper, "H1"], [t.llr_lower, "H0"]]) {
      chart.append(svg("line", { x1: L, x2: W - R, y1: y(v), y2: y(v), class: "bound" }));
      chart.append(label(L - 6, y(v) + 4, fixed(v), "end", "label"));
      chart.append(label(W - R - 4, y(v) + (v > 0 ? 15 : -6), `${name} accepted`, "end", "label")); // inside the band, clear of the axis
    }
    const ticks = Math.min(n, 10);
    for (let i = 0; i <= ticks; i++) {
      const k = Math.round((i * n) / ticks);
      chart.append(label(x(k), H - B + 16, String(k), "middle", "label"));
    }
    chart.append(label((L + W - R) / 2, H - 2, "games", "middle", "label"));
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
      btn.textContent = `game ${g.index}`;
      btn.addEventListener("click", () => openGame(g.index));
      const res = document.createElement("span");
      res.className = "outcome " + g.outcome;
      res.textContent = g.outcome;
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
    title.textContent = `Game ${i}`;
    let g;
    try {
      const res = await fetch(`${location.pathname.replace(/\/$/, "")}/game/${i}`, { cache: "no-store" });
      if (!res.ok) throw new Error((await res.text()).trim() || res.statusText);
      g = await res.json();
    } catch (err) {
      $("arena-moves-help").textContent = "Cannot load the game: " + err.message;
      return;
    }
    if (selected !== i) return;
    $("arena-moves-help").textContent = `${g.first} moved first; A's result: ${g.outcome}. Each move's “tree” runs its search again with the recorded position and seed.`;
    const rows = [];
    for (const m of g.moves) {
      m.turns.forEach((t, k) => {
        const tr = document.createElement("tr");
        tr.dataset.testid = "arena-move";
        tr.dataset.ply = String(m.ply);
        tr.title = "show the position after this move";
        tr.addEventListener("click", (ev) => {
          if (!ev.target.closest("form")) go(m.ply + 1);
        });
        const form = document.createElement("form");
        form.method = "post";
        form.action = t.tree;
        form.target = "_blank"; // the match stays open, as the play page's game does
        const btn = document.createElement("button");
        btn.type = "submit";
        btn.className = "tree-link";
        btn.dataset.testid = "arena-tree";
        btn.textContent = "tree";
        btn.title = `run ${t.algo} on this position with seed as recorded`;
        form.append(btn);
        const engine = document.createElement("span");
        engine.textContent = `${t.engine} `;
        const algo = document.createElement("code");
        algo.textContent = t.algo;
        const who = document.createElement("span");
        who.append(engine, algo);
        const move = t.fallback ? t.label + " (its first legal move: its node budget ran out before it searched any move to the end)" : t.label;
        tr.append(cell(k === 0 ? String(m.ply) : ""), cell(String(t.side)), cell(who), cell(move),
          cell(k === m.turns.length - 1 ? m.chance || "" : ""), cell(formatMS(t.ms)), cell(form));
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
      B.labelled(td, B.words(c) + (changed ? ": changed by the last move" : ""));
      return td;
    }));
    el.dataset.k = String(k);
    $("arena-ply").textContent = k === 0 ? `start (of ${n} moves)` : `after move ${k} of ${n}`;
    $("arena-prev").disabled = k === 0;
    $("arena-next").disabled = k === n;
    let last = `${g.first} moves first.`;
    if (k > 0) {
      const m = g.moves[k - 1];
      last = m.turns.map((t) => `${t.engine} (side ${t.side}) played ${t.label}`).join("; ") + (m.chance ? `; the dice: ${m.chance}` : "") + ".";
    }
    if (k === n) last += ` The game is over: A's result is a ${g.outcome}.`;
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
