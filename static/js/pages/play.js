// The play page: a person against an engine. The game lives on the
// server, which checks every move; this script sends the person's clicks
// over the page's socket ({"type":"new"|"move"|"undo"|"open"}) and draws
// each state it receives: the board with the person's legal moves as
// buttons, whose turn it is or why the game ended, and the moves played,
// each engine move with a "tree" button that opens its search.
import * as B from "../lib/board.js";
import { byId as $ } from "../lib/dom.js";
import { open, sendJSON } from "../lib/socket.js";
import { t } from "../lib/words.js";

const main = document.getElementById("play");
if (main) setUp();

// setUp wires the form, the board and the socket of the play page.
function setUp() {
  const form = $("play-form"), game = $("play-game"), side = $("play-side"), engine = $("play-engine"), seed = $("play-seed");
  const maxRecord = 512 << 10; // the server's cap on a message

  let socket = null;
  let last = null; // the last state frame
  let prevBoard = null; // the board before the last move, for the cells it changed
  let thinking = false;
  let opening = false; // a game record was sent to be opened
  let playedCell = -1; // the board's cell the person played with the focus on it, until their next turn gives it back
  let playedAt = 0; // the plies of the game as that move was played: only a later turn gives the focus back

  // ---- the form ----

  let prevOpt = null;
  function chooseGame() {
    const opt = game.selectedOptions[0];
    if (!opt) return;
    side.innerHTML = "";
    for (const i of [0, 1]) {
      const o = document.createElement("option");
      o.value = String(i);
      o.textContent = i === 0 ? t("{side} (moves first)", { side: opt.dataset.side0 }) : opt.dataset["side" + i];
      if (String(i) === opt.dataset.person) o.selected = true;
      side.appendChild(o);
    }
    if (!prevOpt || engine.value.trim() === "" || engine.value === prevOpt.dataset.engine) engine.value = opt.dataset.engine || "";
    prevOpt = opt;
  }
  game.addEventListener("change", chooseGame);
  chooseGame();

  // formFor sets the form to the game of record, as it was started, so
  // that New game starts that game again: a game's spec with parameters
  // of its own (such as "twinmaze h=7 w=7") becomes an option of its own.
  function formFor(record) {
    let opt = [...game.options].find((o) => o.value === record.game);
    if (!opt) {
      const base = [...game.options].find((o) => o.value === record.game.split(" ")[0]);
      if (!base) return;
      opt = base.cloneNode(false);
      opt.value = record.game;
      opt.textContent = record.game + " — " + base.dataset.family;
      base.after(opt);
    }
    game.value = opt.value;
    chooseGame();
    side.value = String(record.person);
    engine.value = record.engine;
    seed.value = String(record.seed);
  }

  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    start();
  });

  function start() {
    prevBoard = null;
    send({ type: "new", game: game.value, engine: engine.value, side: Number(side.value), seed: Math.max(0, Math.floor(Number(seed.value) || 0)) });
  }

  // ---- the socket ----

  function connect() {
    socket = open(main.dataset.socket);
    socket.addEventListener("open", start);
    socket.addEventListener("message", (ev) => receive(JSON.parse(ev.data)));
    socket.addEventListener("close", (ev) => {
      socket = null;
      setStatus(closedWords(ev.reason, !!(last && last.record.plies.length)));
      setBusy(true);
      $("play-download").disabled = !(last && last.record.plies.length);
    });
  }

  // closedWords says that the socket closed, for reason if the server
  // gave one, and how to play on: first downloading the game, if kept.
  function closedWords(reason, kept) {
    if (reason) {
      return kept
        ? t("{reason} Reload the page to play again (download the game first to keep it).", { reason })
        : t("{reason} Reload the page to play again.", { reason });
    }
    return kept
      ? t("The connection to the server was lost: reload the page to play again (download the game first to keep it).")
      : t("The connection to the server was lost: reload the page to play again.");
  }

  function send(msg) {
    if (!socket || socket.readyState !== WebSocket.OPEN) return;
    hideError();
    sendJSON(socket, msg);
  }

  function receive(f) {
    switch (f.type) {
      case "thinking":
        thinking = true;
        setStatus(t("The engine ({engine}) is thinking…", { engine: f.thinking }));
        setBusy(true);
        break;
      case "error":
        opening = false;
        showError(f.message);
        break;
      case "state":
        thinking = false;
        if (last && last.state.plies.length + 1 === f.state.plies.length) prevBoard = last.state.board;
        else if (!last || f.state.plies.length !== last.state.plies.length) prevBoard = null;
        last = f;
        if (opening) formFor(f.record);
        opening = false;
        draw(f.state);
        break;
    }
  }

  // ---- drawing ----

  function sideName(st, s) {
    return s === st.person ? t("{side} (you)", { side: st.sides[s] }) : t("{side} (engine)", { side: st.sides[s] });
  }

  function draw(st) {
    if (st.turn === "over") setStatus(st.over);
    else if (st.turn === "person") setStatus(t("Your move: you play {side}.", { side: st.sides[st.person] }));
    else setStatus(t("The engine plays {side}; it is to move.", { side: st.sides[1 - st.person] }));
    $("play-status").dataset.turn = st.turn;
    drawBoard(st);
    drawMoves(st);
    drawRecord(st);
    setBusy(false);
    $("play-undo").disabled = !st.plies.some((p) => p.sides.includes(st.person));
    $("play-download").disabled = false;
    // A state sent before the move arrived (a busy server's) is no
    // answer to it: the focus goes back on the person's next turn.
    if (playedCell >= 0 && st.turn === "person" && st.plies.length > playedAt) {
      focusNear(playedCell);
      playedCell = -1;
    } else if (st.turn === "over") playedCell = -1;
  }

  // focusNear gives the focus back to the board after a move played from
  // the keyboard, whose button the move took away: to the legal square
  // nearest cell k in the board's order, so that the arrows' and Tab's
  // way through the board starts where it was.
  function focusNear(k) {
    const legal = [...document.querySelectorAll("#play-board button.legal")];
    let best = null;
    for (const b of legal) if (!best || Math.abs(Number(b.dataset.cell) - k) < Math.abs(Number(best.dataset.cell) - k)) best = b;
    if (best) best.focus();
  }

  function drawBoard(st) {
    const el = $("play-board");
    const focused = el.contains(document.activeElement) ? Number(document.activeElement.dataset.cell) : -1;
    el.innerHTML = "";
    const b = st.board;
    if (!b) return;
    if (b.caption) el.appendChild(B.caption(b.caption));
    const byCell = new Map();
    for (const m of st.moves) if (m.cell >= 0) byCell.set(m.cell, m);
    el.appendChild(B.grid(b, (k, cell) => {
      const td = document.createElement("td");
      const changed = prevBoard && prevBoard.rows === b.rows && prevBoard.cols === b.cols && !B.same(prevBoard.cells[k], cell);
      let words = changed ? t("{cell}: changed by the last move", { cell: B.words(cell) }) : B.words(cell);
      const mv = byCell.get(k);
      if (mv) {
        const btn = document.createElement("button");
        btn.type = "button";
        B.fill(btn, cell, "legal");
        btn.dataset.action = String(mv.action);
        btn.dataset.testid = "play-cell";
        words = t("play {move}", { move: mv.label });
        B.labelled(btn, words);
        btn.dataset.cell = String(k);
        btn.addEventListener("click", () => {
          if (document.activeElement === btn) {
            playedCell = k;
            playedAt = last ? last.state.plies.length : 0;
          }
          move(mv.action);
        });
        td.className = "has-move";
        td.appendChild(btn);
      } else {
        B.fill(td, cell, ...(changed ? ["changed"] : []));
        B.labelled(td, words);
      }
      return td;
    }));
    if (focused >= 0) focusNear(focused); // a board drawn again keeps the keyboard's place
  }

  // drawMoves lists the person's moves as buttons: the only way to pick
  // a move no cell stands for (a pass, a step, a die's move), and a
  // second way to pick the others.
  function drawMoves(st) {
    const el = $("play-moves");
    el.innerHTML = "";
    if (st.turn !== "person" || !st.moves.length) return;
    const label = document.createElement("span");
    label.className = "muted";
    label.textContent = (st.moves.some((m) => m.cell >= 0) ? t("Click a marked square, or:") : t("Your move:")) + " ";
    el.appendChild(label);
    for (const m of st.moves) {
      const btn = document.createElement("button");
      btn.type = "button";
      btn.textContent = m.label;
      btn.dataset.action = String(m.action);
      btn.dataset.testid = "play-move";
      btn.addEventListener("click", () => move(m.action));
      el.appendChild(btn);
    }
  }

  function move(action) {
    if (thinking) return;
    setBusy(true);
    send({ type: "move", action });
  }

  function drawRecord(st) {
    const body = $("play-record-body");
    body.innerHTML = "";
    const table = body.closest("table");
    table.hidden = st.plies.length === 0;
    $("play-record-empty").hidden = st.plies.length !== 0;
    st.plies.forEach((p, i) => {
      const tr = document.createElement("tr");
      tr.dataset.testid = "play-ply";
      td(tr, String(i + 1));
      td(tr, p.sides.map((s) => sideName(st, s)).join(" + "));
      td(tr, p.labels.join(" + ") + (p.chance ? " — " + t("the die: {face}", { face: p.chance }) : ""));
      const e = p.engine;
      td(tr, e ? searchWords(e, st.sides[1 - st.person]) : "");
      const cell = document.createElement("td");
      if (e) cell.appendChild(treeForm(st, p, e));
      tr.appendChild(cell);
      body.appendChild(tr);
    });
    const wrap = table.parentElement;
    wrap.scrollTop = wrap.scrollHeight;
  }

  // searchWords says what engine move e's search found, from side's
  // point of view, and what it cost.
  function searchWords(e, side) {
    const cost = { nodes: e.nodes.toLocaleString("en"), ms: fmt(e.millis) };
    if (e.fallback) return t("its node budget ran out before it searched any move to the end, so it played its first legal move; {nodes} nodes, {ms} ms", cost);
    return t("value {value} ({side}'s view), {nodes} nodes, {ms} ms", { value: fmt(e.value), side, ...cost });
  }

  // treeForm is the button that runs an engine move's search again,
  // with its seed, and opens its viewer in a new tab.
  function treeForm(st, p, e) {
    const f = document.createElement("form");
    f.method = "post";
    f.action = "/play/tree";
    f.target = "_blank";
    for (const [k, v] of [["game", st.game], ["algo", e.algo], ["position", p.position], ["seed", String(e.seed)]]) {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = k;
      input.value = v;
      f.appendChild(input);
    }
    const btn = document.createElement("button");
    btn.type = "submit";
    btn.textContent = t("tree");
    btn.dataset.testid = "play-tree";
    btn.className = "ply-tree";
    btn.title = t("Run this search again, traced, and open it at its decision");
    f.appendChild(btn);
    return f;
  }

  function td(tr, text) {
    const c = document.createElement("td");
    c.textContent = text;
    tr.appendChild(c);
  }

  function fmt(x) {
    return Number.isInteger(x) ? String(x) : x.toFixed(Math.abs(x) < 10 ? 2 : 1);
  }

  function setStatus(text) {
    $("play-status").textContent = text;
  }

  function setBusy(busy) {
    for (const b of document.querySelectorAll("#play-board button, #play-moves button")) b.disabled = busy;
    $("play-undo").disabled = busy || $("play-undo").disabled;
  }

  function showError(msg) {
    const e = $("play-error");
    e.textContent = msg;
    e.hidden = false;
  }

  function hideError() {
    $("play-error").hidden = true;
  }

  // ---- undo, download, open ----

  $("play-undo").addEventListener("click", () => {
    prevBoard = null;
    send({ type: "undo" });
  });

  $("play-download").addEventListener("click", () => {
    if (!last) return;
    const blob = new Blob([JSON.stringify(last.record, null, 1)], { type: "application/json" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = "searchviz-" + last.record.game.split(" ")[0] + "-game.json";
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  });

  $("play-open").addEventListener("change", async () => {
    const file = $("play-open").files[0];
    $("play-open").value = "";
    if (!file) return;
    if (file.size > maxRecord) {
      showError(t("The file is {size} bytes; a game record is at most {most}.", { size: file.size.toLocaleString("en"), most: maxRecord.toLocaleString("en") }));
      return;
    }
    let record;
    try {
      record = JSON.parse(await file.text());
    } catch (err) {
      showError(t("The file is not a game record: {why}", { why: err.message }));
      return;
    }
    prevBoard = null;
    opening = true;
    send({ type: "open", record });
  });

  connect();
}
