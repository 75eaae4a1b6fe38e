// The arena pages. On the form, choosing a game puts its default engines
// in the engine fields the user has not changed. On a match's page, the
// script polls the match's status JSON every half second until the match
// ends, and shows the games done, A's wins, draws and losses, score and
// Elo with their intervals (as the server computes them), a chart of the
// running score with its interval band, and the games ended; clicking a
// game lists its moves, each with a "tree" button that runs that move's
// search again and opens its viewer.
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

  function show(st) {
    $("arena-done").textContent = `${st.done} of ${st.games} games`;
    let state = "playing…";
    if (st.finished) state = st.error ? "stopped" : `done in ${st.seconds.toFixed(1)} s`;
    $("arena-state").textContent = state;
    main.dataset.finished = String(st.finished);
    if (st.error) showError(st.error);
    $("arena-wdl").textContent = `${st.wins} / ${st.draws} / ${st.losses}`;
    $("arena-score").textContent = st.score_text;
    $("arena-elo").textContent = st.elo_text;
    drawChart(st.points, st.games);
    if (st.list.length !== shownGames) listGames(st.list);
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
  }

  function formatMS(ms) {
    if (ms < 1) return `${(ms * 1000).toFixed(0)} µs`;
    if (ms < 1000) return `${ms.toFixed(1)} ms`;
    return `${(ms / 1000).toFixed(2)} s`;
  }

  poll();
}
