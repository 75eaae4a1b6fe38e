// The viewer's socket: the commands it sends, one at a time, the latest
// of those asked for meanwhile waiting for the answer, and the messages
// it receives.
import { byId as $ } from "../lib/dom.js";
import { open } from "../lib/socket.js";
import { onFrame } from "./frames.js";
import { offlineSocket } from "./offline.js";
import { showControls } from "./panels.js";
import { closing, queued } from "./protocol.js";
import { answered, asking, connected, offline, root, st, stopped, takePending, viewAsked, want } from "./state.js";

// send sends command cmd, or keeps it to send once the command under way
// is answered.
export function send(cmd) {
  if (!st.ws || st.ws.readyState !== WebSocket.OPEN) return;
  if (asking(cmd)) st.ws.send(JSON.stringify(cmd));
}

// connect opens the viewer's socket, or in a handout its stand-in, and
// opens it again when it closes, unless the trace is gone.
export function connect() {
  const ws = offline ? offlineSocket(st.wanted) : open(root.dataset.socket + "?step=" + st.wanted + "&view=" + st.view);
  connected(ws);
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    answered();
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
