// The viewer page: it shows the tree the server laid out once and applies
// the server's frames to it. It never interprets trace events itself: each
// frame says which class and texts every changed node has.
(() => {
  "use strict";
  const root = document.getElementById("viewer");
  if (!root) return;
  const $ = (id) => document.getElementById(id);
  const NBSP = "\u00a0";
  const HIDDEN = "st_not_reached"; // the class of what a step has not reached
  const DEFER_PATCHES = 300; // a frame with more patches restyles the nodes far from the view a moment later
  const REST_LINES = 400; // the nodes and edges of a drawing's rest added at a time
  const VIEW_ROOT = -2; // an anchor: the view's root, whichever the server makes it
  const FIT_SCALE = 0.55; // the least scale at which a tree is first shown whole
  const EMBEDDED_FIT_SCALE = 0.05; // likewise beside another tree, where the shapes are compared
  // Presentation mode, read from the back of a room on a 1280x720
  // projector: the least sizes on screen, in CSS pixels, of a node's
  // value, an edge's label, an α-β window and a board's cell, below which
  // the tree is never zoomed out; and the sizes, in the drawing's units,
  // it draws values, edges' actions and windows at (app.css reads them as
  // --present-value, --present-edge and --present-window), larger than
  // their usual, so that fewer nodes need to be left out of the view.
  const PRESENT_LEAST = { value: 16, edge: 16, window: 14, cell: 14 };
  const PRESENT_TEXT = { value: 14.5, edge: 14, window: 12.5 };
  const CLICK_SLACK = 12; // how near a node, in screen pixels, a click selects it
  const FOCUS_MOST_SCALE = 1.6; // how far Fit in presentation mode zooms in past the least, on a few nodes
  const OVERVIEW_W = 240, OVERVIEW_H = 90; // the overview's most width and height, in CSS pixels
  const offline = root.dataset.offline === "true"; // a handout file: its frames are inside it (offlineSocket)

  const st = {
    steps: Number(root.dataset.steps),
    step: Number(root.dataset.step),
    wanted: Number(root.dataset.step), // the step last asked for
    view: root.dataset.view,
    playing: false,
    selected: -1,
    svg: null,
    nodeCount: 0, // the nodes of the drawing, placeholders aside
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
    whole: root.dataset.whole === "true", // the drawing is the whole tree's, from the layout URL
    nav: null, // the last frame's nav: the view's root, the filter, the minimap's cell of the focus
    minimap: null, // the whole tree's overview: {cols, rows, count, rep}
    cells: [], // the minimap's cells holding drawn nodes
    anchor: -1, // after a new drawing, the node to show: the one the person navigated to, or VIEW_ROOT
    hold: false, // the next frame keeps the view on the node navigated to
    sel: null, // the selected node's details
    stashed: new Map(), // a hidden node's or edge's group -> its children but the first, out of the page
    rest: null, // a drawing sent in two parts: the frames since the first, the rest's lines not added yet (see addRest)
    later: null, // the patches of a big frame far from the view, not applied yet (see farPatches)
    present: new URLSearchParams(location.search).get("present") === "1", // presentation mode
    legend: null, // the legend asked for with its button, or null for the mode's default
    boxes: null, // the overview's nodes: [group, x, y, w, h], found once per drawing
    vars: new Map(), // the variables the last frame showed, to mark those that changed
    remote: null, // the state of a room's presenter this viewer follows, or null
    remoteWaiting: false, // remote came before the socket opened: the first frame applies it
  };
  for (const k of ["value", "edge", "window"]) document.documentElement.style.setProperty("--present-" + k, PRESENT_TEXT[k] + "px");
  document.documentElement.classList.toggle("present", st.present);

  // ---- the drawing ----

  async function loadLayout(view) {
    const tree = $("tree");
    const started = performance.now();
    if (offline) {
      install($("offline-layout").textContent, null);
      st.whole = true;
      return true;
    }
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
    install(await res.text(), st.svg && st.userMoved ? st.box : null);
    st.whole = true;
    root.dataset.layoutMs = String(Math.round(performance.now() - started));
    root.dataset.layoutFetches = String(Number(root.dataset.layoutFetches || "0") + 1);
    return true;
  }

  // install puts a drawing in the tree panel and shows the box keep, or
  // the drawing's top, or with a navigated drawing the node to show.
  function install(text, keep) {
    const tree = $("tree");
    // The panel's size does not depend on the drawing: measured before,
    // it costs no layout of the new drawing.
    const panel = tree.getBoundingClientRect();
    tree.innerHTML = text;
    const svg = tree.querySelector("svg");
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
    for (const t of svg.querySelectorAll("g.node > title, g.edge > title")) t.remove();
    st.stashed.clear();
    for (const g of svg.querySelectorAll("g." + HIDDEN)) stash(g, true);
    st.svg = svg;
    st.rest = null;
    st.later = null;
    st.boxes = null;
    delete root.dataset.drawing;
    st.full = svg.getAttribute("viewBox").split(/[ ,]+/).map(Number);
    takeLegend(svg);
    st.types.clear();
    st.centres.clear();
    st.nodeCount = 0;
    for (const g of svg.querySelectorAll("g.node")) addNode(g);
    if (keep) setBox(keep);
    else initialBox(panel);
  }

  // takeLegend moves the drawing's legend out of it, into its own box over
  // the tree panel's corner, where it stays in view whatever the tree
  // panel shows and no step hides it; the drawing's box then shrinks to
  // its nodes, so that fitting the tree leaves no room for the legend.
  function takeLegend(svg) {
    const box = $("legend-box");
    box.replaceChildren();
    const g = svg.querySelector("g#legend");
    if (!g) {
      showLegend();
      return;
    }
    const graph = svg.querySelector("g.graph");
    const [dx, dy] = graphOffset(svg);
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    const cover = (x, y) => { x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y); };
    for (const p of g.querySelectorAll("polygon")) {
      for (const pt of p.getAttribute("points").trim().split(/\s+/)) cover(...pt.split(",").map(Number));
    }
    for (const r of g.querySelectorAll("rect")) {
      const x = Number(r.getAttribute("x")), y = Number(r.getAttribute("y"));
      cover(x, y);
      cover(x + Number(r.getAttribute("width")), y + Number(r.getAttribute("height")));
    }
    const own = document.createElementNS(SVGNS, "svg");
    own.setAttribute("viewBox", [x0 + dx - 1, y0 + dy - 1, x1 - x0 + 2, y1 - y0 + 2].map((v) => v.toFixed(1)).join(" "));
    own.setAttribute("role", "img");
    own.setAttribute("aria-label", "legend: what the shapes, lines and colours of the tree mean");
    const wrap = own.appendChild(document.createElementNS(SVGNS, "g"));
    wrap.setAttribute("transform", graph.getAttribute("transform") || "");
    for (const t of g.querySelectorAll("title")) t.remove();
    wrap.appendChild(g);
    box.appendChild(own);
    st.full = nodesExtent(svg) || st.full;
    showLegend();
  }

  // nodesExtent returns the box of the drawing's nodes and placeholders
  // with room for their edges' labels, from their shapes' attributes, and
  // its title over them: [x, y, w, h], or null for a drawing with no node.
  function nodesExtent(svg) {
    const [dx, dy] = graphOffset(svg);
    let x0 = Infinity, y1 = -Infinity, x1 = -Infinity;
    for (const g of svg.querySelectorAll("g.node")) {
      const b = shapeBox(g);
      if (!b) continue;
      x0 = Math.min(x0, b.x + dx);
      x1 = Math.max(x1, b.x + b.w + dx);
      y1 = Math.max(y1, b.y + b.h + dy);
    }
    if (x0 === Infinity) return null;
    // The drawing's title and caption lines over the tree, whose widths
    // are read from their size and length, not measured.
    for (const t of svg.querySelectorAll("g.graph > text")) {
      const w = 0.55 * (parseFloat(t.getAttribute("font-size")) || 12) * t.textContent.length;
      const x = Number(t.getAttribute("x")) + dx;
      const anchor = t.getAttribute("text-anchor");
      const left = anchor === "middle" ? x - w / 2 : anchor === "end" ? x - w : x;
      x0 = Math.min(x0, left);
      x1 = Math.max(x1, left + w);
    }
    const margin = 24; // an edge's label or a pruned node's reason, past the nodes
    const [fx, fy, fw] = st.full;
    const left = Math.max(fx, x0 - margin), right = Math.min(fx + fw, x1 + margin);
    return [left, fy, right - left, y1 + margin - fy];
  }

  // showLegend shows the legend's box, or hides it: as its button last
  // asked, or else shown but in presentation mode and beside another
  // viewer, where it leaves the room to the tree.
  function showLegend() {
    const box = $("legend-box");
    const crowded = st.present || root.classList.contains("embedded"); // the tree needs the room more
    const on = (st.legend === null ? !crowded : st.legend) && box.childElementCount > 0;
    box.hidden = !on;
    $("legend-toggle").setAttribute("aria-pressed", String(on));
    $("legend-toggle").hidden = box.childElementCount === 0;
  }

  // addNode notes a node or placeholder of the drawing: its type class.
  function addNode(g) {
    st.types.set(g.id, [...g.classList].find((c) => c.startsWith("ty_")) || "");
    if (g.id.startsWith("n")) st.nodeCount++;
  }

  // addRest adds the rest of a drawing the server sent in two parts, the
  // first around the node the page centres on (see applyLayout), once the
  // browser has shown the first: the lines of the other nodes, placeholders
  // and edges, REST_LINES at a time, so that the frames of the steps the
  // person goes to meanwhile need not wait. It restyles them as the frames
  // since the drawing say, in order.
  function addRest(r) {
    if (!r || r !== st.rest || !r.lines || !st.svg) return;
    const chunk = r.lines.splice(0, REST_LINES);
    const graph = st.svg.querySelector("g.graph");
    const range = document.createRange();
    range.selectNodeContents(graph);
    const edges = range.createContextualFragment(chunk.filter((l) => l.startsWith('<g id="e')).join("\n"));
    const nodes = range.createContextualFragment(chunk.filter((l) => !l.startsWith('<g id="e')).join("\n"));
    const ids = new Set();
    for (const f of [edges, nodes]) {
      for (const g of f.children) {
        ids.add(g.id);
        if (g.classList.contains(HIDDEN)) stash(g, true);
      }
    }
    for (const g of nodes.children) addNode(g);
    graph.insertBefore(edges, graph.querySelector("g.node"));
    graph.insertBefore(nodes, graph.querySelector("#legend"));
    for (const f of r.frames) {
      applyNodes(f.nodes.filter((n) => ids.has("n" + n[0]) || ids.has("e" + n[0])));
      applyMore((f.more || []).filter((m) => ids.has("m" + m[0]) || ids.has("em" + m[0])));
    }
    if (ids.has("n" + st.selected)) markSelected(st.selected);
    if (r.lines.length) {
      setTimeout(() => addRest(r), 0);
      return;
    }
    st.rest = null;
    if (!st.later) drawnWhole();
  }

  // drawnWhole marks the drawing complete; after the decision it brings
  // the best line into view, whose nodes a big drawing's first part may
  // have left out, unless the person moved the view meanwhile.
  function drawnWhole() {
    delete root.dataset.drawing;
    if (!st.userMoved && st.lastCurrent < 0) showAnswer({ current: -1, nodes: [] });
  }

  // applyLayout draws a display set the server picked: the part of a big
  // tree the page shows. Its nodes keep their ids, so the frames that
  // follow restyle it as they would the whole tree; what the person was
  // looking at stays in view.
  function applyLayout(m, current) {
    const tree = $("tree");
    const before = st.svg ? st.box : null;
    st.whole = false;
    if (m.minimap) st.minimap = m.minimap;
    st.cells = m.cells || [];
    if (m.error) {
      tree.innerHTML = "";
      const p = document.createElement("p");
      p.className = "error";
      p.dataset.testid = "layout-error";
      p.textContent = "The tree could not be drawn: " + m.error +
        ". The board, the log, the variables and the pseudocode still follow every step.";
      tree.appendChild(p);
      st.svg = null;
      st.types.clear();
      st.undrawn = true;
      return;
    }
    st.undrawn = false;
    install(m.svg, null);
    if (m.rest) {
      st.rest = { frames: [], lines: null };
      root.dataset.drawing = "part";
    }
    root.dataset.layouts = String(Number(root.dataset.layouts || "0") + 1);
    // The same scale as before, centred on the node navigated to, or
    // else on the current node. A big drawing comes in two parts, the
    // first around that node (web.viewer.anchor), the rest just after.
    const at = st.anchor === VIEW_ROOT ? m.root : st.anchor >= 0 ? st.anchor : current;
    const b = at >= 0 ? nodeBox(at) : null;
    if (before && b) {
      setBox([b.x + b.w / 2 - before[2] / 2, b.y - before[3] / 4, before[2], before[3]]);
      st.userMoved = st.anchor !== -1 || st.userMoved;
    }
    st.hold = st.anchor !== -1;
    st.anchor = -1;
  }

  // stash takes the children of a node's or an edge's group g out of the
  // page while a step hides it, and puts them back when one shows it. The
  // texts of hidden groups cost the browser even while not displayed:
  // each layout of the drawing, as every pan and zoom makes, goes through
  // them all, which in a big drawing early in its trace takes longer than
  // the visible nodes. The first child, a node's shape (see shapeBox) or
  // an edge's line, stays.
  function stash(g, hidden) {
    if (hidden) {
      const first = g.firstElementChild;
      if (!first || !first.nextSibling || st.stashed.has(g)) return;
      const rest = document.createDocumentFragment();
      while (first.nextSibling) rest.appendChild(first.nextSibling);
      st.stashed.set(g, rest);
      return;
    }
    const rest = st.stashed.get(g);
    if (!rest) return;
    st.stashed.delete(g);
    g.appendChild(rest);
  }

  // shapeBox reads the box of a node's shape from its attributes, not from
  // the layout engine, so that reading a node costs no reflow and works for
  // a node that is not displayed: {x, y, w, h} in the drawing's
  // coordinates, before the graph's transform, or null.
  function shapeBox(g) {
    const shape = g.querySelector("polygon, ellipse");
    if (!shape) return null;
    if (shape.tagName === "ellipse") {
      const cx = Number(shape.getAttribute("cx")), cy = Number(shape.getAttribute("cy"));
      const rx = Number(shape.getAttribute("rx")), ry = Number(shape.getAttribute("ry"));
      return { x: cx - rx, y: cy - ry, w: 2 * rx, h: 2 * ry };
    }
    const pts = shape.getAttribute("points").trim().split(/\s+/).map((p) => p.split(",").map(Number));
    const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
    const x = Math.min(...xs), y = Math.min(...ys);
    return { x: x, y: y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
  }

  // centreOf returns the x of the centre of the node or placeholder with
  // SVG id gid, found once.
  function centreOf(gid) {
    if (!st.centres.has(gid)) {
      const g = document.getElementById(gid);
      const b = g && shapeBox(g);
      st.centres.set(gid, b ? b.x + b.w / 2 : undefined);
    }
    return st.centres.get(gid);
  }

  function setBox(b) {
    if (!st.svg) return;
    st.box = b;
    st.svg.setAttribute("viewBox", b.map((x) => x.toFixed(1)).join(" "));
    drawOverviewSoon();
    emitState();
  }

  // leastScale is the scale, in screen pixels per unit of the drawing,
  // below which presentation mode zooms no further out: the one at which
  // its smallest text is as large as PRESENT_LEAST says. Outside
  // presentation mode it is 0.
  function leastScale() {
    if (!st.present) return 0;
    const cell = Number(root.dataset.boardCell) || 12;
    const L = PRESENT_LEAST, T = PRESENT_TEXT;
    // Boards are drawn in the nodes of the games that have them.
    const cells = $("board-panel") ? L.cell / cell : 0;
    // A little over, so that rounding never leaves a text a fraction short.
    return 1.01 * Math.max(L.value / T.value, L.edge / T.edge, L.window / T.window, cells);
  }

  // scaleOf returns how many screen pixels a unit of the drawing takes
  // when the tree panel, of size r, shows box b.
  function scaleOf(b, r) {
    return Math.min(r.width / b[2], r.height / b[3]);
  }

  // fit shows the whole tree; in presentation mode, when that would make
  // it too small to read, the root and the current node (or, after the
  // decision, the best line) and their neighbourhood, at a readable size,
  // while the overview shows the whole.
  function fit() {
    if (!st.svg) return;
    st.userMoved = false;
    const r = $("tree").getBoundingClientRect();
    const least = leastScale();
    if (!least || !r.width || scaleOf(st.full, r) >= least) {
      setBox(st.full.slice());
      return;
    }
    const focus = focusBox();
    if (!focus) {
      setBox(st.full.slice());
      return;
    }
    showBox(focus.box, focus.centre, least, least * FOCUS_MOST_SCALE, r);
  }

  // focusBox returns the box of what Fit shows in presentation mode: the
  // view's root, the current node or the best line, one node's width to
  // either side; centre is the node to keep in view when not all of it
  // fits.
  function focusBox() {
    const top = nodeBox(st.nav ? st.nav.root : 0) || nodeBox(0);
    if (!top) return null;
    const ids = st.lastCurrent >= 0 ? [st.lastCurrent] : [...st.svg.querySelectorAll("g.node.st_best")].map((g) => g.id);
    const boxes = [top, ...ids.map(nodeBox).filter(Boolean)];
    const centre = boxes[boxes.length - 1];
    return { box: pad(union(boxes), top.w, top.h / 2), centre: centre };
  }

  function union(boxes) {
    const x0 = Math.min(...boxes.map((b) => b.x)), y0 = Math.min(...boxes.map((b) => b.y));
    const x1 = Math.max(...boxes.map((b) => b.x + b.w)), y1 = Math.max(...boxes.map((b) => b.y + b.h));
    return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
  }

  function pad(b, dx, dy) {
    return { x: b.x - dx, y: b.y - dy, w: b.w + 2 * dx, h: b.h + 2 * dy };
  }

  // showBox shows box b at a scale between least and most, the largest
  // at which it fits; when it does not fit even at least, the part around
  // node box centre, from b's top where b's height fits.
  function showBox(b, centre, least, most, r) {
    const s = Math.max(least, Math.min(most, r.width / b.w, r.height / b.h));
    const w = r.width / s, h = r.height / s;
    const cx = b.w <= w || !centre ? b.x + b.w / 2 : centre.x + centre.w / 2;
    const y = b.h <= h ? b.y + b.h / 2 - h / 2 : !centre ? b.y : Math.max(b.y, centre.y + centre.h / 2 - h / 2);
    setBox([cx - w / 2, y, w, h]);
  }

  // showAnswer brings the root and the best line into view after the
  // decision, as End or a jump there asks: the last node followed may be
  // anywhere. f is the frame, whose patches are not applied yet.
  function showAnswer(f) {
    if (!$("follow").checked || !st.svg || f.current >= 0) return;
    const best = new Set([...st.svg.querySelectorAll("g.node.st_best")].map((g) => Number(g.id.slice(1))));
    for (const n of f.nodes) {
      if (n[1] === "st_best") best.add(n[0]);
      else best.delete(n[0]);
    }
    const top = nodeBox(st.nav ? st.nav.root : 0);
    if (!best.size || !top) return;
    const line = [...best].map(nodeBox).filter(Boolean).sort((p, q) => p.y - q.y);
    const b = pad(union([top, ...line]), top.w / 2, top.h / 4);
    const [x, y, w, h] = st.box;
    if (b.x >= x && b.y >= y && b.x + b.w <= x + w && b.y + b.h <= y + h) return;
    const r = $("tree").getBoundingClientRect();
    if (!r.width) return;
    const now = scaleOf(st.box, r);
    const least = Math.min(now, st.present ? leastScale() : FIT_SCALE);
    // When the line does not fit, the move chosen stays in view.
    showBox(b, line.find((n) => n.y > top.y) || top, least, now, r);
  }

  // initialBox fits the tree, unless that would make nodes too small to
  // read; then it shows the top of the tree at its natural size. A viewer
  // embedded next to another fits its tree further, since there the shape
  // of the whole tree is what is compared, but not a drawing so wide that
  // its nodes would be dots.
  function initialBox(r) {
    if (st.present && r.width) {
      fit();
      return;
    }
    const [x, y, w, h] = st.full;
    const scale = Math.min(r.width / w, r.height / h);
    const least = root.classList.contains("embedded") ? EMBEDDED_FIT_SCALE : FIT_SCALE;
    if (scale >= least || r.width === 0) {
      setBox([x, y, w, h]);
      return;
    }
    // Too wide to read whole: show the top of the tree around the root.
    const vw = r.width / 0.8, vh = r.height / 0.8;
    const top = nodeBox(st.nav ? st.nav.root : 0) || nodeBox(0);
    const cx = top ? top.x + top.w / 2 : x + w / 2;
    setBox([cx - vw / 2, y, vw, vh]);
  }

  function zoom(factor, cx, cy) {
    if (!st.svg) return;
    st.userMoved = true;
    const [x, y, w, h] = st.box;
    if (cx === undefined) { cx = x + w / 2; cy = y + h / 2; }
    let nw = Math.min(Math.max(w * factor, 40), st.full[2] * 4 + 400);
    let nh = h * (nw / w);
    const least = leastScale();
    if (least) {
      const r = $("tree").getBoundingClientRect();
      const s = scaleOf([0, 0, nw, nh], r);
      if (r.width && s < least) {
        nw *= s / least;
        nh *= s / least;
      }
    }
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
    const g = document.getElementById(typeof id === "number" ? "n" + id : id);
    if (!g) return null;
    const b = shapeBox(g);
    if (!b) return null;
    const [dx, dy] = graphOffset();
    return { x: b.x + dx, y: b.y + dy, w: b.w, h: b.h };
  }

  // graphOffset returns how far the graph's group is translated: Graphviz
  // translates it, and the viewBox is outside it.
  function graphOffset(svg) {
    const tr = (svg || st.svg).querySelector("g.graph").transform.baseVal.consolidate();
    return tr ? [tr.matrix.e, tr.matrix.f] : [0, 0];
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

  // setSlot writes a text of the node or placeholder with SVG id gid, in
  // its slot "a_" + slot, centred in the node: the text element itself in
  // the tidy layout's drawing, an anchor around it in Graphviz's.
  function setSlot(gid, slot, text) {
    const a = document.getElementById("a_" + slot);
    if (!a) return;
    const own = a instanceof SVGTextElement;
    const t = own ? a : a.querySelector("text");
    if (!t) return;
    // Empty, a tidy drawing's slot has no text; Graphviz's needs one.
    const want = text || (own ? "" : NBSP);
    if (t.textContent === want) return;
    t.textContent = want;
    const cx = centreOf(gid);
    if (cx === undefined) return;
    t.setAttribute("x", String(cx));
    t.setAttribute("text-anchor", "middle");
  }

  // applyNodes draws node patches [id, class, value, window, weight]: a
  // weight k > 0 draws the edge into the node k points wide (class "vw<k>"
  // in /tree.css), by the share of the iterations through the node. A
  // node not reached is not displayed, and keeps its texts until a patch
  // that displays it, which carries them all. A node's transposition link
  // ("s<id>") shows once the node has the value the table gave it.
  function applyNodes(nodes) {
    for (const [id, cls, value, win, weight] of nodes) {
      const hidden = cls === HIDDEN;
      const e = document.getElementById("e" + id);
      if (e) {
        e.setAttribute("class", "edge " + cls + (weight > 0 ? " vw" + weight : ""));
        stash(e, hidden);
      }
      const s = document.getElementById("s" + id);
      if (s) {
        const off = hidden || !value;
        s.setAttribute("class", "link " + (off ? HIDDEN : cls));
        stash(s, off);
      }
      const g = document.getElementById("n" + id);
      if (!g) continue;
      const sel = id === st.selected ? " selected" : "";
      g.setAttribute("class", "node " + cls + " " + (st.types.get(g.id) || "") + sel);
      stash(g, hidden);
      if (hidden) continue;
      setSlot(g.id, "v" + id, value);
      setSlot(g.id, "w" + id, win);
    }
  }

  // applyMore draws placeholder patches [parent, class, more, nodes]: the
  // placeholder "m<parent>" stands for that parent's children left out,
  // hidden by the class st_not_reached while none exists yet.
  function applyMore(more) {
    for (const [p, cls, line1, line2] of more || []) {
      const hidden = cls === HIDDEN;
      const e = document.getElementById("em" + p);
      if (e) {
        e.setAttribute("class", "edge more " + cls);
        stash(e, hidden);
      }
      const g = document.getElementById("m" + p);
      if (!g) continue;
      g.setAttribute("class", "node more " + cls);
      stash(g, hidden);
      if (hidden) continue;
      setSlot(g.id, "mv" + p, line1);
      setSlot(g.id, "mw" + p, line2);
      g.setAttribute("aria-label", line1 + ", " + line2 + ": click to show them");
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

  // outcomeLine shows what chance gave on the way to a node, as a die
  // face ("3-6", the faces that land on one cell) and its probability.
  function outcomeLine(outcome, probability) {
    const p = document.createElement("p");
    p.className = "outcome";
    p.dataset.testid = "outcome";
    const face = document.createElement("span");
    face.className = "die";
    face.textContent = outcome;
    p.append(face, " chance gave " + outcome + ", p = " + probability);
    return p;
  }

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
    if (board.outcome) el.appendChild(outcomeLine(board.outcome, board.probability));
    if (board.pending) el.appendChild(B.caption(board.pending + ": chance has not decided yet; each outcome is a child"));
    const table = document.createElement("table");
    B.dress(table, board);
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

  // drawVars shows the current node's variables, those that changed since
  // the last frame marked: presentation mode shows only them, or every
  // variable when none changed.
  function drawVars(facts) {
    const el = $("vars");
    drawFacts(el, facts);
    const before = st.vars;
    st.vars = new Map((facts || []).map((f) => [f.name, f.value]));
    let changed = 0;
    for (const dt of el.querySelectorAll("dt")) {
      if (!before.size || before.get(dt.textContent) === st.vars.get(dt.textContent)) continue;
      dt.classList.add("changed");
      dt.nextElementSibling.classList.add("changed");
      changed++;
    }
    el.classList.toggle("some-changed", changed > 0 && changed < st.vars.size);
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
  }

  // scrollLog shows the log's last line. Reading the log's height lays the
  // page out, so a frame does it last, after every change to the drawing.
  function scrollLog() {
    const log = $("log");
    log.scrollTop = log.scrollHeight;
  }

  // showLit scrolls the side panels, never the page, just enough to show
  // the lit line of pseudocode; a frame does it last, as scrollLog.
  function showLit() {
    const lit = document.querySelector("#code li.lit");
    const side = lit && (st.present ? lit.closest("#code") : lit.closest(".side"));
    if (!side || getComputedStyle(side).overflowY === "visible") return;
    const r = lit.getBoundingClientRect(), s = side.getBoundingClientRect();
    if (r.bottom > s.bottom) side.scrollTop += r.bottom - s.bottom;
    else if (r.top < s.top) side.scrollTop -= s.top - r.top;
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
    $("visits-heading").textContent = v.title;
    $("visits-title").textContent = v.caption;
    $("visits-help").textContent = v.help;
    const bars = $("visits-bars");
    bars.innerHTML = "";
    v.rows.forEach((r) => {
      const li = document.createElement("li");
      const name = document.createElement("span");
      name.className = "bar-label";
      name.textContent = r.label;
      const bar = document.createElement("span");
      bar.className = "bar" + (r.mark ? " most" : "");
      bar.style.width = 100 * r.width + "%";
      const n = document.createElement("span");
      n.className = "bar-count";
      n.textContent = r.text + (r.mark ? " ◀ " + r.mark : "");
      li.append(name, bar, n);
      bars.appendChild(li);
    });
    const svg = $("visits-chart");
    svg.innerHTML = "";
    svg.toggleAttribute("hidden", !v.history || !v.at || v.at.length < 2);
    if (svg.hasAttribute("hidden")) return;
    // The right margin holds the series' names, 10px text about 6px a
    // character.
    const W = 360, H = 150, L = 30, T = 8, B = 20, GAP = 11;
    const R = 8 + 6 * Math.max(4, ...v.rows.map((r) => r.label.length));
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
      return t;
    };
    line(L, H - B, W - R, H - B, "axis");
    line(L, T, L, H - B, "axis");
    text(L - 4, y(maxN) + 4, String(maxN), "end");
    text(L - 4, H - B + 4, "0", "end");
    text(W - R, H - 4, String(maxT), "end");
    text(L, H - 4, "results backed up →");
    // Series that end close together get their names spread apart, in
    // the order of their ends, so that no two overlap.
    const ends = v.history.map((h, i) => ({ i, y: y(h[h.length - 1]) + 3 })).sort((a, b) => a.y - b.y);
    ends.forEach((e, j) => { if (j > 0) e.y = Math.max(e.y, ends[j - 1].y + GAP); });
    for (let j = ends.length - 1; j >= 0; j--) {
      ends[j].y = Math.min(ends[j].y, (j === ends.length - 1 ? H - B + 3 : ends[j + 1].y - GAP));
    }
    ends.forEach((e) => { if (e.y < T + 3) e.y = T + 3; });
    v.history.forEach((h, i) => {
      const p = document.createElementNS(SVGNS, "polyline");
      p.setAttribute("points", h.map((n, j) => x(v.at[j]).toFixed(1) + "," + y(n).toFixed(1)).join(" "));
      p.setAttribute("class", "series" + (v.rows[i].mark ? " most" : ""));
      p.setAttribute("stroke-dasharray", dashes[i % dashes.length]);
      svg.appendChild(p);
    });
    for (const e of ends) text(W - R + 3, e.y, v.rows[e.i].label).classList.add("series-name");
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
    st.sel = sel;
    if (!sel) {
      panel.hidden = true;
      return;
    }
    panel.hidden = false;
    const fold = $("node-collapse");
    fold.hidden = sel.children === 0;
    fold.textContent = sel.collapsed ? "Show its children" : "Collapse";
    $("node-reroot").hidden = sel.children === 0 || (st.nav && st.nav.root === sel.node);
    const filtering = !!st.nav && st.nav.filter === sel.node;
    $("node-filter").setAttribute("aria-pressed", String(filtering));
    $("node-filter").textContent = filtering ? "Step through every event" : "Steps of this subtree";
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
    for (const g of st.svg.querySelectorAll("g.node")) {
      const more = g.id.startsWith("m") ? "more " : "";
      g.setAttribute("class", "node " + more + "st_not_reached " + (st.types.get(g.id) || ""));
      stash(g, true);
    }
    for (const g of st.svg.querySelectorAll("g.edge")) {
      g.setAttribute("class", "edge " + (g.id.startsWith("em") ? "more " : "") + "st_not_reached");
      stash(g, true);
    }
    for (const g of st.svg.querySelectorAll("g.link")) {
      g.setAttribute("class", "link st_not_reached");
      stash(g, true);
    }
  }

  // ---- navigating a big tree ----

  // drawNav shows where the view is: the way down to its root, the nodes
  // drawn of all, the filter on the steps, and the minimap.
  function drawNav() {
    const nav = st.nav;
    const navigated = !!nav && !st.whole;
    $("nav").hidden = !nav || (st.whole && nav.root === 0);
    if (nav) {
      const trail = $("nav-trail");
      trail.innerHTML = "";
      nav.trail.forEach((c, i) => {
        if (i > 0) trail.appendChild(document.createTextNode(" › "));
        const b = document.createElement("button");
        b.type = "button";
        b.className = "link crumb";
        b.dataset.node = String(c.node);
        b.textContent = c.name;
        b.title = i === nav.trail.length - 1 ? "the view's root" : "view this node's subtree";
        trail.appendChild(b);
      });
      $("nav-up").disabled = nav.root === 0;
      $("nav-top").disabled = nav.root === 0;
      let count = navigated
        ? "· " + nav.shown.toLocaleString("en") + " of " + nav.total.toLocaleString("en") + " nodes drawn; click a +N box for more"
        : "";
      if (nav.elsewhere && !nav.reach) count += " · the search is outside this subtree now";
      $("nav-count").textContent = count;
      const reach = $("nav-reach");
      reach.hidden = !nav.reach;
      if (nav.reach) {
        reach.textContent = "Not reached yet: go to step " + nav.reach.toLocaleString("en") + ", where it starts";
        reach.dataset.step = String(nav.reach);
      }
      const filtering = nav.filter >= 0;
      $("filter").hidden = !filtering;
      if (filtering) $("filter-name").textContent = nav.filter_name;
      root.dataset.viewRoot = String(nav.root);
      root.dataset.filter = String(nav.filter);
    }
    $("minimap-box").hidden = !navigated || !st.minimap;
    if (navigated && st.minimap) drawMinimap();
  }

  // drawMinimap draws the whole tree's overview: a row per depth, darker
  // where more nodes fall, the drawn part tinted blue, the view's subtree
  // outlined and the current node's cell marked with an orange dot.
  function drawMinimap() {
    const m = st.minimap, c = $("minimap"), ctx = c.getContext("2d");
    const cw = c.width / m.cols, ch = c.height / m.rows;
    ctx.clearRect(0, 0, c.width, c.height);
    let most = 1;
    for (const n of m.count) most = Math.max(most, n);
    const scale = Math.log(most + 1);
    for (let r = 0; r < m.rows; r++) {
      for (let k = 0; k < m.cols; k++) {
        const n = m.count[r * m.cols + k];
        if (!n) continue;
        const shade = Math.round(215 - 170 * (Math.log(n + 1) / scale));
        ctx.fillStyle = "rgb(" + shade + "," + shade + "," + shade + ")";
        ctx.fillRect(k * cw, r * ch, Math.ceil(cw), Math.ceil(ch));
      }
    }
    ctx.fillStyle = "rgba(0, 114, 178, 0.55)";
    for (const i of st.cells) {
      ctx.fillRect((i % m.cols) * cw, Math.floor(i / m.cols) * ch, Math.ceil(cw), Math.ceil(ch));
    }
    const nav = st.nav;
    if (nav && nav.span) {
      const [c0, c1, r0] = nav.span;
      ctx.strokeStyle = "#0072B2";
      ctx.lineWidth = 2;
      ctx.strokeRect(c0 * cw + 1, r0 * ch + 1, (c1 - c0 + 1) * cw - 2, c.height - r0 * ch - 2);
    }
    if (nav && nav.cell) {
      const [k, r] = nav.cell;
      ctx.beginPath();
      ctx.arc((k + 0.5) * cw, (r + 0.5) * ch, Math.max(3, ch * 0.45), 0, 2 * Math.PI);
      ctx.fillStyle = "#E69F00";
      ctx.fill();
      ctx.strokeStyle = "#000";
      ctx.lineWidth = 1;
      ctx.stroke();
    }
  }

  // minimapNode returns the node a click at the minimap's cell (k, r)
  // goes to: the cell's, or the nearest above it in its column.
  function minimapNode(k, r) {
    const m = st.minimap;
    for (let row = r; row >= 0; row--) {
      const id = m.rep[row * m.cols + k];
      if (id >= 0) return id;
    }
    return 0;
  }

  // navigate sends a command that changes what the page draws, and keeps
  // node anchor in view when the new drawing comes.
  function navigate(cmd, anchor) {
    st.anchor = anchor;
    send(cmd);
  }

  function collapseSelected() {
    if (!st.sel || st.sel.children === 0) return;
    navigate({ type: st.sel.collapsed ? "expand" : "collapse", node: st.sel.node }, st.sel.node);
  }

  function rerootSelected() {
    if (!st.sel || st.sel.children === 0) return;
    navigate({ type: "root", node: st.sel.node }, st.sel.node);
  }

  function filterSelected() {
    if (!st.nav) return;
    if (st.nav.filter >= 0 && (!st.sel || st.sel.node === st.nav.filter)) send({ type: "filter", node: -1 });
    else if (st.sel) send({ type: "filter", node: st.sel.node });
  }

  function up() {
    if (st.nav && st.nav.root !== 0) navigate({ type: "up" }, VIEW_ROOT);
  }

  function toRoot() {
    if (st.nav && st.nav.root !== 0) navigate({ type: "root", node: 0 }, 0);
  }

  // step moves one step forwards or backwards: with a filter, to the next
  // step the server finds in the subtree.
  function step(by) {
    const grain = $("grain").value; // at a coarser grain, the server finds the step
    if (grain !== "event") send({ type: "step", by: by, grain: grain });
    else if (st.nav && st.nav.filter >= 0) send({ type: "step", by: by });
    else seek(st.wanted + by);
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
      if (i >= 0 || (st.whole && !st.svg && !st.undrawn)) {
        // A relayout frame is full: the frames before it are superseded.
        if (i > 0) st.queued.splice(0, i);
        st.queued[0].relayout = false;
        st.loading = true;
        st.undrawn = !(await loadLayout(st.view));
        st.loading = false;
        continue;
      }
      const m = st.queued[0];
      if (m.type === "layout") {
        // A new drawing is applied with the frame that follows it, in one
        // task: the browser then styles and lays out the drawing once, as
        // that frame shows it, not first as the drawing comes.
        const next = st.queued[1];
        if (!next) return; // the frame is on its way
        st.queued.shift();
        if (next.type !== "layout") applyLayout(m, next.current); // else superseded
        continue;
      }
      st.queued.shift();
      if (m.type === "rest") {
        const r = st.rest;
        if (r && !r.lines) {
          r.lines = m.svg.split("\n");
          // Once the browser has shown the first part.
          requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => addRest(r), 0)));
        }
        continue;
      }
      applyFrame(m);
    }
  }

  // farPatches splits the patches of a frame that restyles many nodes of a
  // big drawing, as a jump does, into those near the view, within half a
  // view's width to either side, which the page applies at once, and the
  // others, which it applies once the browser has shown the first
  // (applyLater): it then lays out and paints first what the person sees.
  // It returns null for a frame not worth splitting. A patch gives the
  // whole look of its node, so a newer one replaces one left for later.
  function farPatches(f) {
    if (!st.svg || f.full || f.nodes.length + (f.more || []).length < DEFER_PATCHES) return null;
    const [x, , w] = st.box;
    const dx = graphOffset()[0];
    const lo = x - dx - w / 2, hi = x - dx + 1.5 * w;
    const far = (gid) => {
      const c = centreOf(gid);
      return c !== undefined && (c < lo || c > hi);
    };
    const near = { nodes: [], more: [] }, later = { nodes: [], more: [] };
    for (const n of f.nodes) (far("n" + n[0]) ? later : near).nodes.push(n);
    for (const m of f.more || []) (far("m" + m[0]) ? later : near).more.push(m);
    return later.nodes.length + later.more.length ? { near: near, later: later } : null;
  }

  // applyLater applies the patches farPatches left for later, l.
  function applyLater(l) {
    if (!l || l !== st.later) return;
    st.later = null;
    applyPatches(l);
    if (!st.rest) drawnWhole();
  }

  // applyPatches restyles the nodes and placeholders of the drawing as
  // frame f says.
  function applyPatches(f) {
    if (f.full && st.svg && st.nodeCount > f.nodes.length) hideAll();
    applyNodes(f.nodes);
    applyMore(f.more);
  }

  function applyFrame(f) {
    // The view first, which says which nodes a big frame restyles later.
    if (!st.hold && !(f.nav && f.nav.elsewhere)) {
      follow(f.current);
      showAnswer(f);
    }
    if (st.remote && st.remote.box && st.svg) setBox(st.remote.box); // a presenter's view, not the follow's
    st.hold = false;
    st.anchor = -1;
    if (st.rest) st.rest.frames.push(f); // for the nodes the drawing's rest adds
    const l = st.later;
    if (l) {
      const newer = new Set(f.nodes.map((n) => n[0])), newerMore = new Set((f.more || []).map((m) => m[0]));
      l.nodes = l.nodes.filter((n) => !newer.has(n[0]));
      l.more = l.more.filter((m) => !newerMore.has(m[0]));
    }
    const far = farPatches(f);
    applyPatches(far ? far.near : f);
    if (far && st.later) {
      st.later.nodes.push(...far.later.nodes);
      st.later.more.push(...far.later.more);
    } else if (far) {
      const later = (st.later = far.later);
      root.dataset.drawing = "part";
      // Once the browser has shown the near ones.
      requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => applyLater(later), 0)));
    }
    st.nav = f.nav || null;
    drawNav();
    drawOverviewSoon();
    st.step = f.step;
    if (!st.pending) st.wanted = f.step;
    st.playing = f.playing;
    st.view = f.view;
    if (f.caption) drawCaption(f.caption);
    st.live = f.live;
    if (f.steps !== st.steps) {
      st.steps = f.steps;
      $("scrubber").max = String(f.steps - 1);
      $("steps").textContent = f.steps - 1;
    }
    $("live").hidden = !f.live;
    drawGrains(f);
    if (f.decision) $("decision").textContent = f.decision;
    st.lastCurrent = f.current;
    drawCode(f.code);
    lightLine(f.line);
    drawLog(f.log, f.step);
    drawVars(f.vars);
    $("vars-note").hidden = f.current >= 0;
    drawBoard($("board"), $("board-title"), f.board || null);
    drawBeam(f.beam || null);
    drawVisits(f.visits || null);
    markSelected(f.selected ? f.selected.node : -1);
    drawSelected(f.selected || null);
    showControls();
    const q = new URLSearchParams(location.search);
    q.set("step", String(f.step));
    if (f.view !== "root") q.set("view", f.view); else q.delete("view");
    history.replaceState(null, "", "?" + q.toString());
    scrollLog();
    showLit();
    emitState();
    if (st.remoteWaiting && st.remote) {
      st.remoteWaiting = false;
      applyState(st.remote);
    }
  }

  // ---- a classroom room (room.js) ----

  // emitState tells room.js what the viewer shows, for a presenter's
  // followers: the step, the view, the node selected, the part of the
  // tree shown, presentation mode and the open panels.
  function emitState() {
    const panels = [...document.querySelectorAll("details[data-room-panel]")].filter((d) => d.open).map((d) => d.dataset.roomPanel);
    const box = st.box ? st.box.map((x) => Math.round(x * 10) / 10) : null;
    root.dispatchEvent(new CustomEvent("searchviz:state", {
      detail: { step: st.step, view: st.view, selected: st.selected, box: box, present: st.present, panels: panels },
    }));
  }

  // applyState shows what a room's presenter shows: one sync command for
  // the step, the view and the selection, then the part of the tree,
  // presentation mode and the panels.
  function applyState(s) {
    st.remote = s;
    if (!st.ws || st.ws.readyState !== WebSocket.OPEN) {
      st.remoteWaiting = true; // the first frame applies it
      return;
    }
    const step = Math.max(0, Math.min(st.steps - 1, s.step));
    if (step !== st.wanted || s.view !== st.view || s.selected !== st.selected) {
      st.wanted = step;
      send({ type: "sync", step: step, view: s.view, node: s.selected });
    }
    if (s.present !== st.present) setPresent(s.present, false);
    if (s.box && s.box.length === 4 && st.svg) {
      setBox(s.box);
      st.userMoved = true;
    }
    for (const d of document.querySelectorAll("details[data-room-panel]")) {
      const open = (s.panels || []).includes(d.dataset.roomPanel);
      if (d.open !== open) d.open = open;
    }
  }
  root.addEventListener("searchviz:apply", (e) => applyState(e.detail));
  root.addEventListener("searchviz:release", () => {
    st.remote = null;
    st.remoteWaiting = false;
  });
  for (const d of document.querySelectorAll("details[data-room-panel]")) d.addEventListener("toggle", emitState);

  // drawGrains shows the server's counter and, from a full frame, the
  // grains the trace has and the scrubber's marks: iterations above, cuts
  // below.
  function drawGrains(f) {
    $("counter-text").textContent = f.counter;
    if (!f.grains) return;
    const sel = $("grain");
    for (const o of sel.options) o.hidden = !f.grains.includes(o.value);
    if (sel.selectedOptions[0].hidden) sel.value = "event";
    $("counter-steps").hidden = !f.grains.includes("iteration");
    const strip = $("marks");
    strip.textContent = "";
    st.marks = [];
    for (const [cls, steps] of [["it", f.marks.iterations], ["cut", f.marks.cuts]]) {
      for (const k of steps) {
        const i = document.createElement("i");
        i.className = cls;
        i.dataset.step = k;
        i.style.left = (100 * k) / Math.max(1, f.steps - 1) + "%";
        strip.append(i);
        st.marks.push(k);
      }
    }
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

  // offlineSocket is a handout's stand-in for the server's socket: it
  // answers the viewer's commands with the frames the file holds, one
  // full frame per step, and says what only the server can do.
  function offlineSocket() {
    const frames = JSON.parse($("offline-frames").textContent);
    const last = frames.length - 1;
    let at = Math.max(0, Math.min(last, st.wanted)), timer = 0;
    const sock = { readyState: WebSocket.OPEN, onmessage: null, onclose: null, send: (data) => answer(JSON.parse(data)) };
    const deliver = (msg) => setTimeout(() => sock.onmessage({ data: JSON.stringify(msg) }), 0);
    const emit = (k, playing) => {
      at = Math.max(0, Math.min(last, k));
      deliver(Object.assign({}, frames[at], { playing: playing }));
    };
    const stop = () => {
      clearInterval(timer);
      timer = 0;
    };
    function answer(c) {
      switch (c.type) {
        case "seek":
        case "sync":
          stop();
          emit(c.step, false);
          break;
        case "step":
          stop();
          emit(at + c.by, false);
          break;
        case "play":
          stop();
          if (at >= last) at = 0;
          timer = setInterval(() => {
            if (at >= last - 1) {
              stop();
              emit(last, false);
            } else emit(at + 1, true);
          }, 1000 / c.speed);
          emit(at, true);
          break;
        case "pause":
          stop();
          emit(at, false);
          break;
        default:
          deliver({ type: "error", message: c.type === "view"
            ? "This handout holds one point of view; the server's viewer shows both."
            : "This handout steps through the search offline; selecting nodes and navigating the tree need the server's viewer." });
      }
    }
    emit(at, false); // the first frame comes unasked
    return sock;
  }

  function connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const url = proto + "//" + location.host + root.dataset.socket + "?step=" + st.wanted + "&view=" + st.view;
    const ws = offline ? offlineSocket() : new WebSocket(url);
    st.ws = ws;
    st.busy = true; // the first frame comes unasked
    ws.onmessage = (ev) => {
      const msg = JSON.parse(ev.data);
      st.busy = false;
      if (msg.type === "frame") {
        onFrame(msg);
        $("status").textContent = "";
      } else if (msg.type === "layout" || msg.type === "rest") {
        onFrame(msg);
      } else if (msg.type === "error") {
        $("status").textContent = msg.message;
      }
      if (st.pending) {
        const c = st.pending;
        st.pending = null;
        send(c);
      }
    };
    ws.onclose = (ev) => {
      if (st.ws !== ws) return;
      if (ev.code === 4404) { // the trace was deleted: nothing to reconnect to
        $("status").textContent = ev.reason;
        st.playing = false;
        showControls();
        return;
      }
      if (ev.code === 4503) { // the server holds as many pages as it can: later
        $("status").textContent = ev.reason;
        st.playing = false;
        showControls();
        setTimeout(connect, 10000);
        return;
      }
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

  // setView shows values from another point of view. The drawing stays,
  // whole or navigated: the server lays it out alike in both views, and
  // answers with a full frame that rewrites every node's texts and the
  // caption (drawCaption).
  function setView(view) {
    if (view === st.view) return;
    st.view = view;
    showControls();
    send({ type: "view", view: view });
  }

  // drawCaption writes the drawing's line that says whose values it
  // shows, over the tree and in the legend.
  function drawCaption(caption) {
    for (const id of ["a_caption", "a_legend_caption"]) {
      const a = document.getElementById(id);
      const t = a && (a instanceof SVGTextElement ? a : a.querySelector("text"));
      if (t) t.textContent = caption;
    }
  }

  // nodeNear returns the shown node or placeholder whose shape is nearest
  // the pointer at (x, y) on screen, within CLICK_SLACK pixels, or null: a
  // small node, such as a pruned move's in a fitted tree, is clicked
  // without aiming at its few pixels.
  function nodeNear(x, y) {
    if (!st.svg) return null;
    const [px, py] = toDrawing(x, y);
    const [dx, dy] = graphOffset();
    const reach = CLICK_SLACK / st.svg.getScreenCTM().a;
    let best = null, bestD = reach;
    for (const g of st.svg.querySelectorAll("g.node:not(." + HIDDEN + ")")) {
      const b = shapeBox(g);
      if (!b) continue;
      const ox = Math.max(b.x + dx - px, 0, px - (b.x + dx + b.w)), oy = Math.max(b.y + dy - py, 0, py - (b.y + dy + b.h));
      const d = Math.hypot(ox, oy);
      if (d <= bestD) {
        best = g;
        bestD = d;
      }
    }
    return best;
  }

  // ---- presentation mode, the keys, the overview ----

  // setPresent turns presentation mode on or off: big type, the panels
  // the step needs and a tree zoomed no smaller than can be read. The
  // address keeps it; a viewer in a comparison tells its page, which
  // turns it on or off in both (compare.js) when the person asked.
  function setPresent(on, asked) {
    if (on === st.present) return;
    st.present = on;
    document.documentElement.classList.toggle("present", on);
    $("present").setAttribute("aria-pressed", String(on));
    const q = new URLSearchParams(location.search);
    if (on) q.set("present", "1"); else q.delete("present");
    history.replaceState(null, "", "?" + q.toString());
    showLegend();
    fit();
    showLit();
    emitState();
    if (asked && window.parent !== window) window.parent.postMessage({ type: "searchviz:present", on: on }, location.origin);
  }

  function toggleKeys() {
    const d = $("keys");
    if (d.open) d.close();
    else d.showModal();
  }

  // drawOverviewSoon draws the overview once the browser is about to
  // paint, however often the view moved since.
  function drawOverviewSoon() {
    if (st.overviewSoon) return;
    st.overviewSoon = true;
    requestAnimationFrame(() => {
      st.overviewSoon = false;
      drawOverview();
    });
  }

  // drawOverview draws the whole drawing in small, when the tree panel
  // shows only part of it: a dot per node reached, the current node
  // orange, the best line blue, and the box the panel shows. A navigated
  // drawing has the minimap of the whole tree instead (drawMinimap).
  function drawOverview() {
    const fig = $("overview-box");
    const [x, y, w, h] = st.full || [0, 0, 0, 0];
    const b = st.box;
    const inside = b && b[0] <= x + 1 && b[1] <= y + 1 && b[0] + b[2] >= x + w - 1 && b[1] + b[3] >= y + h - 1;
    fig.hidden = !st.svg || !st.whole || inside;
    if (fig.hidden) return;
    if (!st.boxes) {
      const [dx, dy] = graphOffset();
      st.boxes = [];
      for (const g of st.svg.querySelectorAll("g.node")) {
        const s = shapeBox(g);
        if (s) st.boxes.push([g, s.x + dx, s.y + dy, s.w, s.h]);
      }
    }
    const small = root.classList.contains("embedded") ? 0.6 : 1; // beside another viewer, it leaves more of the tree in view
    const k = small * Math.min(OVERVIEW_W / w, OVERVIEW_H / h);
    const c = $("overview");
    const cw = Math.max(40, Math.ceil(w * k)), ch = Math.max(16, Math.ceil(h * k));
    const dpr = window.devicePixelRatio || 1;
    if (c.width !== cw * dpr || c.height !== ch * dpr) {
      c.width = cw * dpr;
      c.height = ch * dpr;
      c.style.width = cw + "px";
      c.style.height = ch + "px";
    }
    const ctx = c.getContext("2d");
    ctx.setTransform(dpr * k, 0, 0, dpr * k, -x * dpr * k, -y * dpr * k);
    ctx.clearRect(x, y, w, h);
    const least = 1.5 / k; // a node never smaller than a dot and a half
    for (const [g, nx, ny, nw, nh] of st.boxes) {
      const cls = g.getAttribute("class") || "";
      if (cls.includes(HIDDEN)) continue;
      ctx.fillStyle = cls.includes("st_current") ? "#E69F00" : cls.includes("st_best") ? "#0072B2" : cls.includes("st_pruned") ? "#bbb" : "#666";
      ctx.fillRect(nx + nw / 2 - Math.max(nw, least) / 2, ny, Math.max(nw, least), Math.max(nh, least));
    }
    const vx = Math.max(b[0], x), vy = Math.max(b[1], y);
    const vw = Math.min(b[0] + b[2], x + w) - vx, vh = Math.min(b[1] + b[3], y + h) - vy;
    ctx.fillStyle = "rgba(0, 114, 178, 0.12)";
    ctx.fillRect(vx, vy, vw, vh);
    ctx.strokeStyle = "#0072B2";
    ctx.lineWidth = 1.5 / k;
    ctx.strokeRect(vx, vy, vw, vh);
  }

  // overviewGo centres the tree panel on the point of the overview that
  // pointer event e is at.
  function overviewGo(e) {
    if (!st.svg || !st.box) return;
    const c = $("overview"), r = c.getBoundingClientRect();
    const [x, y, w, h] = st.full;
    const px = x + ((e.clientX - r.left) / r.width) * w, py = y + ((e.clientY - r.top) / r.height) * h;
    st.userMoved = true;
    setBox([px - st.box[2] / 2, py - st.box[3] / 2, st.box[2], st.box[3]]);
  }

  // ---- input ----

  $("first").onclick = () => seek(0);
  $("back").onclick = () => step(-1);
  $("forward").onclick = () => step(1);
  $("last").onclick = () => seek(st.steps - 1);
  $("play").onclick = togglePlay;
  $("speed").onchange = () => { if (st.playing) send({ type: "play", speed: Number($("speed").value) }); };
  $("scrubber").oninput = (e) => seek(Number(e.target.value));
  $("grain").onchange = (e) => e.target.blur(); // the arrow keys step, not choose
  $("marks").onclick = (e) => {
    const r = $("marks").getBoundingClientRect();
    const k = ((e.clientX - r.left) / r.width) * (st.steps - 1);
    let best = -1;
    for (const m of st.marks || []) if (best < 0 || Math.abs(m - k) < Math.abs(best - k)) best = m;
    if (best >= 0) seek(best);
  };
  $("zoom-in").onclick = () => zoom(1 / 1.25);
  $("zoom-out").onclick = () => zoom(1.25);
  $("zoom-fit").onclick = fit;
  $("present").onclick = () => setPresent(!st.present, true);
  $("present").setAttribute("aria-pressed", String(st.present));
  $("legend-toggle").onclick = () => {
    st.legend = $("legend-box").hidden;
    showLegend();
  };
  $("keys-open").onclick = toggleKeys;
  $("overview").addEventListener("pointerdown", (e) => {
    overviewGo(e);
    $("overview").setPointerCapture(e.pointerId);
  });
  $("overview").addEventListener("pointermove", (e) => { if (e.buttons & 1) overviewGo(e); });
  $("node-close").onclick = () => send({ type: "select", node: -1 });
  $("node-collapse").onclick = collapseSelected;
  $("node-reroot").onclick = rerootSelected;
  $("node-filter").onclick = filterSelected;
  $("nav-up").onclick = up;
  $("nav-reach").onclick = () => seek(Number($("nav-reach").dataset.step));
  $("nav-top").onclick = toRoot;
  $("filter-clear").onclick = () => send({ type: "filter", node: -1 });
  $("nav-trail").onclick = (e) => {
    const b = e.target.closest("button[data-node]");
    if (b && st.nav && Number(b.dataset.node) !== st.nav.root) navigate({ type: "root", node: Number(b.dataset.node) }, Number(b.dataset.node));
  };
  $("minimap").onclick = (e) => {
    if (!st.minimap) return;
    const c = $("minimap"), r = c.getBoundingClientRect();
    const k = Math.min(st.minimap.cols - 1, Math.floor(((e.clientX - r.left) / r.width) * st.minimap.cols));
    const row = Math.min(st.minimap.rows - 1, Math.floor(((e.clientY - r.top) / r.height) * st.minimap.rows));
    navigate({ type: "reveal", node: minimapNode(k, row) }, VIEW_ROOT);
  };
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
  // A comparison page embedding this viewer moves it to the step that
  // matches its other viewer's, when "step both" is ticked (compare.js).
  window.addEventListener("message", (e) => {
    const m = e.data;
    if (e.origin !== location.origin || e.source !== window.parent || window.parent === window) return;
    if (m && m.type === "searchviz:seek" && Number.isInteger(m.step)) seek(m.step);
    if (m && m.type === "searchviz:present") setPresent(!!m.on, false);
  });

  document.addEventListener("keydown", (e) => {
    const t = e.target;
    if (t.matches && t.matches("input[type=text], input[type=number], select, textarea")) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    switch (e.key) {
      case "ArrowRight": step(1); break;
      case "ArrowLeft": step(-1); break;
      case "c": collapseSelected(); break;
      case "r": rerootSelected(); break;
      case "s": filterSelected(); break;
      case "u": up(); break;
      case "t": toRoot(); break;
      case "Home": seek(0); break;
      case "End": seek(st.steps - 1); break;
      case " ": togglePlay(); break;
      case "+": case "=": zoom(1 / 1.25); break;
      case "-": zoom(1.25); break;
      case "0": fit(); break;
      case "p": case "P": setPresent(!st.present, true); break;
      case "l": $("legend-toggle").click(); break;
      case "?": toggleKeys(); break;
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
    const g = e.target.closest("g.node") || nodeNear(e.clientX, e.clientY);
    if (!g) return;
    if (g.id.startsWith("m")) {
      const p = Number(g.id.slice(1));
      navigate({ type: "expand", node: p }, p);
      return;
    }
    if (!g.id.startsWith("n")) return;
    send({ type: "select", node: Number(g.id.slice(1)) });
  });
  tree.addEventListener("wheel", (e) => {
    if (!st.svg) return;
    e.preventDefault();
    const [cx, cy] = toDrawing(e.clientX, e.clientY);
    zoom(e.deltaY > 0 ? 1.15 : 1 / 1.15, cx, cy);
  }, { passive: false });

  (async () => {
    if (st.whole) {
      st.loading = true;
      st.undrawn = !(await loadLayout(st.view));
      st.loading = false;
    }
    connect();
  })();
})();
