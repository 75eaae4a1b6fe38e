// The viewer page: it shows the tree the server laid out once and applies
// the server's frames to it. It never interprets trace events itself: each
// frame says which class and texts every changed node has.
(() => {
  "use strict";
  const root = document.getElementById("viewer");
  if (!root) return;
  const $ = (id) => document.getElementById(id);
  const NBSP = "\u00a0";

  const st = {
    steps: Number(root.dataset.steps),
    step: Number(root.dataset.step),
    wanted: Number(root.dataset.step), // the step last asked for
    view: root.dataset.view,
    playing: false,
    selected: -1,
    svg: null,
    box: null, // the viewBox shown: [x, y, w, h]
    full: null, // the whole drawing's viewBox
    ws: null,
    busy: false, // a command is waiting for its frame
    pending: null, // the latest command asked for while busy
    queued: [], // frames not applied yet, waiting for a drawing
    loading: false, // a drawing is being fetched
    undrawn: false, // the drawing failed: frames fill the panels without it
    live: root.dataset.live === "true",
    types: new Map(), // node id -> its ty_ class
    centres: new Map(), // node id -> x of its centre
    lastCurrent: -1,
    userMoved: false, // the person panned or zoomed: a new drawing keeps their view
  };

  // ---- the drawing ----

  async function loadLayout(view) {
    const tree = $("tree");
    const started = performance.now();
    const res = await fetch(root.dataset.layout + "?view=" + encodeURIComponent(view));
    if (!res.ok) {
      tree.innerHTML = "";
      const p = document.createElement("p");
      p.className = "error";
      p.dataset.testid = "layout-error";
      let why = (await res.text()).trim();
      if (!/[.!?]$/.test(why)) why += ".";
      p.textContent = "The tree could not be drawn: " + why +
        " The board, the log, the variables and the pseudocode still follow every step.";
      tree.appendChild(p);
      st.svg = null;
      st.types.clear();
      return false;
    }
    const text = await res.text();
    const keep = st.svg && st.userMoved ? st.box : null;
    tree.innerHTML = text;
    const svg = tree.querySelector("svg");
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
    for (const t of svg.querySelectorAll("g.node > title, g.edge > title")) t.remove();
    st.svg = svg;
    st.full = svg.getAttribute("viewBox").split(/[ ,]+/).map(Number);
    st.types.clear();
    st.centres.clear();
    for (const g of svg.querySelectorAll("g.node")) {
      const ty = [...g.classList].find((c) => c.startsWith("ty_")) || "";
      st.types.set(g.id, ty);
      const cx = shapeCentre(g);
      if (cx !== null) st.centres.set(Number(g.id.slice(1)), cx);
    }
    if (keep) setBox(keep);
    else initialBox();
    root.dataset.layoutMs = String(Math.round(performance.now() - started));
    return true;
  }

  // shapeCentre reads the x of a node's centre from its shape's attributes,
  // not from the layout engine, so that reading every node costs no reflow.
  function shapeCentre(g) {
    const shape = g.querySelector("polygon, ellipse");
    if (!shape) return null;
    if (shape.tagName === "ellipse") return Number(shape.getAttribute("cx"));
    const xs = shape.getAttribute("points").trim().split(/\s+/).map((p) => Number(p.split(",")[0]));
    return (Math.min(...xs) + Math.max(...xs)) / 2;
  }

  function setBox(b) {
    if (!st.svg) return;
    st.box = b;
    st.svg.setAttribute("viewBox", b.map((x) => x.toFixed(1)).join(" "));
  }

  // initialBox fits the tree, unless that would make nodes too small to
  // read; then it shows the top of the tree at its natural size. A viewer
  // embedded next to another fits its tree anyway: there the shape of the
  // whole tree is what is compared.
  function initialBox() {
    const [x, y, w, h] = st.full;
    const r = $("tree").getBoundingClientRect();
    const scale = Math.min(r.width / w, r.height / h);
    if (scale >= 0.55 || r.width === 0 || root.classList.contains("embedded")) {
      setBox([x, y, w, h]);
      return;
    }
    // Too wide to read whole: show the top of the tree around the root.
    const vw = r.width / 0.8, vh = r.height / 0.8;
    const top = nodeBox(0);
    const cx = top ? top.x + top.w / 2 : x + w / 2;
    setBox([cx - vw / 2, y, vw, vh]);
  }

  function zoom(factor, cx, cy) {
    if (!st.svg) return;
    st.userMoved = true;
    const [x, y, w, h] = st.box;
    if (cx === undefined) { cx = x + w / 2; cy = y + h / 2; }
    const nw = Math.min(Math.max(w * factor, 40), st.full[2] * 4 + 400);
    const nh = h * (nw / w);
    setBox([cx - (cx - x) * (nw / w), cy - (cy - y) * (nh / h), nw, nh]);
  }

  // toDrawing turns a pointer position into drawing coordinates.
  function toDrawing(clientX, clientY) {
    const p = st.svg.createSVGPoint();
    p.x = clientX; p.y = clientY;
    const m = st.svg.getScreenCTM();
    const q = p.matrixTransform(m.inverse());
    return [q.x, q.y];
  }

  function nodeBox(id) {
    const g = document.getElementById("n" + id);
    if (!g) return null;
    const shape = g.querySelector("polygon, ellipse");
    if (!shape) return null;
    const b = shape.getBBox();
    // Graphviz translates the graph's group; the viewBox is outside it.
    const tr = st.svg.querySelector("g.graph").transform.baseVal.consolidate();
    const dx = tr ? tr.matrix.e : 0, dy = tr ? tr.matrix.f : 0;
    return { x: b.x + dx, y: b.y + dy, w: b.width, h: b.height };
  }

  // follow keeps the current node in view.
  function follow(id) {
    if (!$("follow").checked || id < 0 || !st.svg) return;
    const b = nodeBox(id);
    if (!b) return;
    const [x, y, w, h] = st.box;
    const margin = 20;
    if (b.x >= x + margin && b.x + b.w <= x + w - margin && b.y >= y + margin && b.y + b.h <= y + h - margin) return;
    setBox([b.x + b.w / 2 - w / 2, b.y + b.h / 2 - h / 2, w, h]);
  }

  // setSlot writes a node's value or window text, centred in the node.
  function setSlot(id, slot, text) {
    const a = document.getElementById("a_" + slot + id);
    if (!a) return;
    const t = a.querySelector("text");
    if (!t) return;
    const want = text || NBSP;
    if (t.textContent === want) return;
    t.textContent = want;
    const cx = st.centres.get(id);
    if (cx === undefined) return;
    t.setAttribute("x", String(cx));
    t.setAttribute("text-anchor", "middle");
  }

  // applyNodes draws node patches [id, class, value, window, weight]: a
  // weight k > 0 draws the edge into the node k points wide (class "vw<k>"
  // in /tree.css), by the share of the iterations through the node.
  function applyNodes(nodes) {
    for (const [id, cls, value, win, weight] of nodes) {
      const g = document.getElementById("n" + id);
      if (!g) continue;
      const sel = id === st.selected ? " selected" : "";
      g.setAttribute("class", "node " + cls + " " + (st.types.get(g.id) || "") + sel);
      const e = document.getElementById("e" + id);
      if (e) e.setAttribute("class", "edge " + cls + (weight > 0 ? " vw" + weight : ""));
      setSlot(id, "v", value);
      setSlot(id, "w", win);
    }
  }

  function markSelected(id) {
    const old = st.svg && st.svg.querySelector("g.node.selected");
    if (old) old.classList.remove("selected");
    st.selected = id;
    if (id >= 0) {
      const g = document.getElementById("n" + id);
      if (g) g.classList.add("selected");
    }
  }

  // ---- panels ----

  // drawBoard draws a position as its game declares it (see board.js),
  // with the move just played and, in one-player games, the way there.
  function drawBoard(el, titleEl, board) {
    if (!el) return;
    el.innerHTML = "";
    if (titleEl) titleEl.textContent = board ? board.title : "";
    if (!board) {
      return;
    }
    const B = window.searchvizBoard;
    if (board.caption) el.appendChild(B.caption(board.caption));
    if (board.score) el.appendChild(B.caption("score so far: " + board.score));
    const table = document.createElement("table");
    for (let i = 0; i < board.rows; i++) {
      const tr = document.createElement("tr");
      for (let j = 0; j < board.cols; j++) {
        const k = i * board.cols + j, cell = board.cells[k];
        const td = document.createElement("td");
        let words = B.words(cell);
        if (board.changed && board.changed[k]) {
          B.fill(td, cell, "changed");
          words += ": the move just played";
        } else if (board.trail && board.trail[k]) {
          B.fill(td, cell, "trail");
          words += ": on the way here";
        } else {
          B.fill(td, cell);
        }
        td.title = words;
        td.setAttribute("aria-label", words);
        tr.appendChild(td);
      }
      table.appendChild(tr);
    }
    el.appendChild(table);
  }

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
    log.scrollTop = log.scrollHeight;
  }

  function drawBeam(beam) {
    const panel = $("beam-panel");
    if (!panel) return;
    panel.hidden = !beam;
    if (!beam) return;
    $("beam-title").textContent = "at depth " + beam.depth + (beam.pass ? ", pass " + beam.pass : "") + " (step " + beam.step + ")";
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
        li.textContent = "none";
        ol.appendChild(li);
      }
    };
    fill($("beam-kept"), beam.kept);
    fill($("beam-dropped"), beam.dropped);
    $("beam-more").textContent = beam.more ? beam.more + " more not listed." : "";
  }

  const SVGNS = "http://www.w3.org/2000/svg";
  const dashes = ["none", "6,3", "2,3", "10,3,2,3", "1,2", "8,2,2,2,2,2"];

  function drawVisits(v) {
    const panel = $("visits-panel");
    panel.hidden = !v;
    if (!v) return;
    $("visits-title").textContent = "after " + v.total + " result" + (v.total === 1 ? "" : "s");
    const most = v.counts.reduce((m, c, i) => (c > v.counts[m] ? i : m), 0);
    const bars = $("visits-bars");
    bars.innerHTML = "";
    v.labels.forEach((label, i) => {
      const li = document.createElement("li");
      const name = document.createElement("span");
      name.className = "bar-label";
      name.textContent = label;
      const bar = document.createElement("span");
      bar.className = "bar" + (i === most && v.total > 0 ? " most" : "");
      bar.style.width = (v.total ? (100 * v.counts[i]) / Math.max(...v.counts) : 0) + "%";
      const n = document.createElement("span");
      n.className = "bar-count";
      n.textContent = v.counts[i] + (i === most && v.total > 0 ? " ◀ most visited" : "");
      li.append(name, bar, n);
      bars.appendChild(li);
    });
    const svg = $("visits-chart");
    svg.innerHTML = "";
    if (!v.at || v.at.length < 2) return;
    const W = 360, H = 150, L = 30, R = 40, T = 8, B = 20;
    const maxN = Math.max(1, ...v.history.map((h) => h[h.length - 1]));
    const maxT = v.at[v.at.length - 1];
    const x = (t) => L + ((W - L - R) * t) / maxT;
    const y = (n) => H - B - ((H - B - T) * n) / maxN;
    const line = (x1, y1, x2, y2, cls) => {
      const l = document.createElementNS(SVGNS, "line");
      l.setAttribute("x1", x1); l.setAttribute("y1", y1); l.setAttribute("x2", x2); l.setAttribute("y2", y2);
      l.setAttribute("class", cls);
      svg.appendChild(l);
    };
    const text = (tx, ty, s, anchor) => {
      const t = document.createElementNS(SVGNS, "text");
      t.setAttribute("x", tx); t.setAttribute("y", ty);
      t.setAttribute("text-anchor", anchor || "start");
      t.textContent = s;
      svg.appendChild(t);
    };
    line(L, H - B, W - R, H - B, "axis");
    line(L, T, L, H - B, "axis");
    text(L - 4, y(maxN) + 4, String(maxN), "end");
    text(L - 4, H - B + 4, "0", "end");
    text(W - R, H - 4, String(maxT), "end");
    text(L, H - 4, "results backed up →");
    v.history.forEach((h, i) => {
      const p = document.createElementNS(SVGNS, "polyline");
      p.setAttribute("points", h.map((n, j) => x(v.at[j]).toFixed(1) + "," + y(n).toFixed(1)).join(" "));
      p.setAttribute("class", "series" + (i === most ? " most" : ""));
      p.setAttribute("stroke-dasharray", dashes[i % dashes.length]);
      svg.appendChild(p);
      text(W - R + 3, y(h[h.length - 1]) + 3, v.labels[i]);
    });
  }

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

  // drawMatrix shows a simultaneous-move node's children: A's actions by
  // rows, B's by columns, each cell's visits and A's mean result.
  function drawMatrix(el, m) {
    el.innerHTML = "";
    if (!m) return;
    const table = document.createElement("table");
    const cap = document.createElement("caption");
    cap.textContent = "visits (A's mean result): A's actions down, B's across";
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
          td.title = "the pair chosen on the current path";
        }
        tr.appendChild(td);
      });
      table.appendChild(tr);
    });
    el.appendChild(table);
  }

  function drawSelected(sel) {
    const panel = $("node-panel");
    if (!sel) {
      panel.hidden = true;
      return;
    }
    panel.hidden = false;
    $("node-title").textContent = sel.title;
    $("node-reason").textContent = sel.reason || "";
    drawFacts($("node-facts"), sel.facts);
    drawMatrix($("node-matrix"), sel.matrix || null);
    drawBoard($("node-board"), null, sel.board);
  }

  function showControls() {
    $("step").textContent = st.step;
    $("scrubber").value = String(st.step);
    const play = $("play");
    play.textContent = st.playing ? "⏸" : "▶";
    play.setAttribute("aria-label", st.playing ? "pause" : "play");
    for (const b of document.querySelectorAll(".view-toggle button")) {
      b.setAttribute("aria-pressed", String(b.dataset.view === st.view));
    }
    const q = "?step=" + st.step + "&view=" + st.view;
    $("export-svg").href = $("export-svg").href.split("?")[0] + q;
    $("export-dot").href = $("export-dot").href.split("?")[0] + q;
    root.dataset.current = String(st.lastCurrent);
    root.dataset.shownStep = String(st.step);
  }

  // hideAll marks every node and edge of the drawing not reached, before a
  // full frame of a drawing that has more nodes than the frame's trace.
  function hideAll() {
    for (const g of st.svg.querySelectorAll("g.node")) g.setAttribute("class", "node st_not_reached " + (st.types.get(g.id) || ""));
    for (const g of st.svg.querySelectorAll("g.edge")) g.setAttribute("class", "edge st_not_reached");
  }

  // onFrame queues a frame and applies what can be: a frame that asks for
  // a new drawing waits for it, and frames after it wait in turn.
  function onFrame(f) {
    st.queued.push(f);
    drain();
  }

  async function drain() {
    if (st.loading) return;
    while (st.queued.length) {
      let i = -1;
      st.queued.forEach((f, k) => { if (f.relayout) i = k; });
      if (i >= 0 || (!st.svg && !st.undrawn)) {
        // A relayout frame is full: the frames before it are superseded.
        if (i > 0) st.queued.splice(0, i);
        st.queued[0].relayout = false;
        st.loading = true;
        st.undrawn = !(await loadLayout(st.view));
        st.loading = false;
        continue;
      }
      applyFrame(st.queued.shift());
    }
  }

  function applyFrame(f) {
    if (f.full && st.svg && st.types.size > f.nodes.length) hideAll();
    applyNodes(f.nodes);
    st.step = f.step;
    if (!st.pending) st.wanted = f.step;
    st.playing = f.playing;
    st.view = f.view;
    st.live = f.live;
    if (f.steps !== st.steps) {
      st.steps = f.steps;
      $("scrubber").max = String(f.steps - 1);
      $("steps").textContent = f.steps - 1;
    }
    $("live").hidden = !f.live;
    if (f.decision) $("decision").textContent = f.decision;
    st.lastCurrent = f.current;
    lightLine(f.line);
    drawLog(f.log, f.step);
    drawFacts($("vars"), f.vars);
    $("vars-note").hidden = f.current >= 0;
    drawBoard($("board"), $("board-title"), f.board || null);
    drawBeam(f.beam || null);
    drawVisits(f.visits || null);
    markSelected(f.selected ? f.selected.node : -1);
    drawSelected(f.selected || null);
    showControls();
    follow(f.current);
    const q = new URLSearchParams(location.search);
    q.set("step", String(f.step));
    if (f.view !== "root") q.set("view", f.view); else q.delete("view");
    history.replaceState(null, "", "?" + q.toString());
  }

  // ---- the connection ----

  function send(cmd) {
    if (!st.ws || st.ws.readyState !== WebSocket.OPEN) return;
    if (st.busy) {
      st.pending = cmd;
      return;
    }
    st.busy = true;
    st.ws.send(JSON.stringify(cmd));
  }

  function connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const url = proto + "//" + location.host + root.dataset.socket + "?step=" + st.wanted + "&view=" + st.view;
    const ws = new WebSocket(url);
    st.ws = ws;
    st.busy = true; // the first frame comes unasked
    ws.onmessage = (ev) => {
      const msg = JSON.parse(ev.data);
      st.busy = false;
      if (msg.type === "frame") {
        onFrame(msg);
        $("status").textContent = "";
      } else if (msg.type === "error") {
        $("status").textContent = msg.message;
      }
      if (st.pending) {
        const c = st.pending;
        st.pending = null;
        send(c);
      }
    };
    ws.onclose = () => {
      if (st.ws !== ws) return;
      $("status").textContent = "Disconnected; reconnecting…";
      st.playing = false;
      showControls();
      setTimeout(connect, 1500);
    };
  }

  function seek(k) {
    k = Math.max(0, Math.min(st.steps - 1, k));
    st.wanted = k;
    send({ type: "seek", step: k });
  }

  function togglePlay() {
    if (st.playing) send({ type: "pause" });
    else send({ type: "play", speed: Number($("speed").value) });
  }

  async function setView(view) {
    if (view === st.view || st.loading) return;
    st.view = view;
    showControls();
    st.loading = true;
    st.undrawn = !(await loadLayout(view));
    st.loading = false;
    send({ type: "view", view: view });
    drain();
  }

  // ---- input ----

  $("first").onclick = () => seek(0);
  $("back").onclick = () => seek(st.wanted - 1);
  $("forward").onclick = () => seek(st.wanted + 1);
  $("last").onclick = () => seek(st.steps - 1);
  $("play").onclick = togglePlay;
  $("speed").onchange = () => { if (st.playing) send({ type: "play", speed: Number($("speed").value) }); };
  $("scrubber").oninput = (e) => seek(Number(e.target.value));
  $("zoom-in").onclick = () => zoom(1 / 1.25);
  $("zoom-out").onclick = () => zoom(1.25);
  $("zoom-fit").onclick = () => { if (st.svg) { st.userMoved = false; setBox(st.full.slice()); } };
  $("node-close").onclick = () => send({ type: "select", node: -1 });
  for (const b of document.querySelectorAll(".view-toggle button")) {
    b.onclick = () => setView(b.dataset.view);
  }
  for (const id of ["beam-kept", "beam-dropped"]) {
    $(id).onclick = (e) => {
      const li = e.target.closest("li[data-node]");
      if (li) send({ type: "select", node: Number(li.dataset.node) });
    };
  }
  $("log").onclick = (e) => {
    const li = e.target.closest("li");
    if (li) seek(Number(li.dataset.step));
  };

  document.addEventListener("keydown", (e) => {
    const t = e.target;
    if (t.matches && t.matches("input[type=text], input[type=number], select, textarea")) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    switch (e.key) {
      case "ArrowRight": seek(st.wanted + 1); break;
      case "ArrowLeft": seek(st.wanted - 1); break;
      case "Home": seek(0); break;
      case "End": seek(st.steps - 1); break;
      case " ": togglePlay(); break;
      case "+": case "=": zoom(1 / 1.25); break;
      case "-": zoom(1.25); break;
      case "0": if (st.svg) { st.userMoved = false; setBox(st.full.slice()); } break;
      default: return;
    }
    e.preventDefault();
  });

  const tree = $("tree");
  let drag = null;
  tree.addEventListener("pointerdown", (e) => {
    if (!st.svg || e.button !== 0) return;
    drag = { x: e.clientX, y: e.clientY, box: st.box.slice(), moved: false };
  });
  tree.addEventListener("pointermove", (e) => {
    if (!drag) return;
    const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < 4) return;
    if (!drag.moved) {
      drag.moved = true;
      st.userMoved = true;
      tree.setPointerCapture(e.pointerId);
      tree.classList.add("dragging");
    }
    const r = tree.getBoundingClientRect();
    const s = Math.max(drag.box[2] / r.width, drag.box[3] / r.height);
    setBox([drag.box[0] - dx * s, drag.box[1] - dy * s, drag.box[2], drag.box[3]]);
  });
  const endDrag = (e) => {
    if (drag && drag.moved) {
      tree.classList.remove("dragging");
      if (tree.hasPointerCapture(e.pointerId)) tree.releasePointerCapture(e.pointerId);
      drag.done = true;
    }
    setTimeout(() => { drag = null; }, 0);
  };
  tree.addEventListener("pointerup", endDrag);
  tree.addEventListener("pointercancel", endDrag);
  tree.addEventListener("click", (e) => {
    const a = e.target.closest("a");
    if (a) e.preventDefault();
    if (drag && drag.done) return;
    const g = e.target.closest("g.node");
    if (!g || !g.id.startsWith("n")) return;
    send({ type: "select", node: Number(g.id.slice(1)) });
  });
  tree.addEventListener("wheel", (e) => {
    if (!st.svg) return;
    e.preventDefault();
    const [cx, cy] = toDrawing(e.clientX, e.clientY);
    zoom(e.deltaY > 0 ? 1.15 : 1 / 1.15, cx, cy);
  }, { passive: false });

  (async () => {
    st.loading = true;
    st.undrawn = !(await loadLayout(st.view));
    st.loading = false;
    connect();
  })();
})();
