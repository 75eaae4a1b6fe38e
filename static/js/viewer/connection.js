// The viewer's socket: the commands it sends, one at a time, the latest
// of those asked for meanwhile waiting for the answers, and the messages
// it receives.
import { byId as $ } from "../lib/dom.js";
import { open } from "../lib/socket.js";
import { panelUnits } from "./camera.js";
import { onFrame } from "./frames.js";
import { offlineSocket } from "./offline.js";
import { showControls } from "./panels.js";
import { closing, queued } from "./protocol.js";
import { answered, askedAside, asking, connected, offline, root, st, stopped, takePending, viewAsked, want } from "./state.js";

// send sends command cmd, or keeps it to send once the commands under
// way are answered or, for a page still connecting, once the socket
// opens: a person who presses End as the page loads is not ignored.
export function send(cmd) {
  const ws = st.ws;
  if (!ws || (ws.readyState !== WebSocket.OPEN && ws.readyState !== WebSocket.CONNECTING)) return;
  // A connecting page is busy until its first frame (connected), so its
  // command waits for it.
  if (asking(cmd)) ws.send(JSON.stringify(cmd));
}

const PANEL_CHANGE = 0.05; // the share by which the tree panel's readable width or height must change to be told again

let panelSent = null; // the tree panel's readable size last told the server

// sendPanel tells the server the tree panel's size in the drawing's
// units at a readable scale, when it changed, so that what it draws fits
// the panel. It goes outside the queue of commands, whose latest would
// replace it, and is answered by a frame like any command: a frame that
// comes while it is unanswered does not say where the page is heading.
export function sendPanel() {
  const u = panelUnits();
  if (offline || !u || !st.ws || st.ws.readyState !== WebSocket.OPEN) return;
  // The width decides how many nodes are drawn, the height how deep a
  // path is before its middle is folded.
  if (panelSent && Math.abs(u[0] - panelSent[0]) <= PANEL_CHANGE * panelSent[0] && Math.abs(u[1] - panelSent[1]) <= PANEL_CHANGE * panelSent[1]) return;
  panelSent = u;
  root.dataset.panel = u.join("x");
  root.dataset.panelAsked = "1"; // until the answer, which may draw the tree again
  askedAside();
  st.ws.send(JSON.stringify({ type: "panel", width: u[0], height: u[1] }));
}

// connect opens the viewer's socket, or in a handout its stand-in, and
// opens it again when it closes, unless the trace is gone. The address
// says the step, the view and the tree panel's readable size.
export function connect() {
  const u = panelUnits();
  panelSent = u;
  if (u) root.dataset.panel = u.join("x");
  const ws = offline ? offlineSocket(st.wanted) : open(root.dataset.socket + "?step=" + st.wanted + "&view=" + st.view + (u ? "&panel=" + u[0] + "x" + u[1] : ""));
  connected(ws);
  // The panel may have changed size while the socket opened.
  if (!offline) ws.addEventListener("open", sendPanel);
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    answered(msg);
    delete root.dataset.panelAsked;
    if (queued(msg)) onFrame(msg);
    if (msg.type === "frame") $("status").textContent = "";
    else if (msg.type === "error") $("status").textContent = msg.message;
    const next = takePending();
    if (next) send(next);
  };
  ws.onclose = (ev) => {
    if (st.ws !== ws) return;
    const c = closing(ev);
    $("status").textContent = c.status;
    stopped();
    showControls();
    if (c.retry) setTimeout(connect, c.retry);
  };
}

// seek goes to step k.
export function seek(k) {
  send({ type: "seek", step: want(k) });
}

// step moves one step forwards or backwards: with a filter, to the next
// step the server finds in the subtree.
export function step(by) {
  const grain = $("grain").value; // at a coarser grain, the server finds the step
  if (grain !== "event") send({ type: "step", by: by, grain: grain });
  else if (st.nav && st.nav.filter >= 0) send({ type: "step", by: by });
  else seek(st.wanted + by);
}

// togglePlay plays the steps at the speed chosen, or pauses.
export function togglePlay() {
  if (st.playing) send({ type: "pause" });
  else send({ type: "play", speed: Number($("speed").value) });
}

// setView shows values from another point of view. The drawing stays,
// whole or navigated: the server lays it out alike in both views, and
// answers with a full frame that rewrites every node's texts and the
// caption (drawCaption).
export function setView(view) {
  if (view === st.view) return;
  viewAsked(view);
  showControls();
  send({ type: "view", view: view });
}
