// The viewer's side of a classroom room (pages/room.js): it tells the
// room what it shows, for a presenter's followers, and shows what a
// presenter shows, for a follower.
import { showRemote } from "./camera.js";
import { send } from "./connection.js";
import { setPresent } from "./present.js";
import { clampStep } from "./protocol.js";
import { following, root, st, want } from "./state.js";

const panels = () => document.querySelectorAll("details[data-room-panel]");

// emitState tells the room what the viewer shows: the step, the view,
// the node selected, the part of the tree shown, presentation mode and
// the open panels.
export function emitState() {
  const open = [...panels()].filter((d) => d.open).map((d) => d.dataset.roomPanel);
  const box = st.box ? st.box.map((x) => Math.round(x * 10) / 10) : null;
  root.dispatchEvent(new CustomEvent("searchviz:state", {
    detail: { step: st.step, view: st.view, selected: st.selected, box: box, present: st.present, panels: open },
  }));
}

// applyState shows what a room's presenter shows, state s: one sync
// command for the step, the view and the selection, then the part of the
// tree, presentation mode and the panels.
export function applyState(s) {
  if (!st.ws || st.ws.readyState !== WebSocket.OPEN) {
    following(s, true); // the first frame applies it
    return;
  }
  following(s, false);
  const step = clampStep(s.step, st.steps);
  if (step !== st.wanted || s.view !== st.view || s.selected !== st.selected) {
    send({ type: "sync", step: want(step), view: s.view, node: s.selected });
  }
  if (s.present !== st.present) setPresent(s.present, false);
  if (s.box && s.box.length === 4 && st.svg) showRemote(s.box, st.lastCurrent, true);
  for (const d of panels()) {
    const open = (s.panels || []).includes(d.dataset.roomPanel);
    if (d.open !== open) d.open = open;
  }
}

// listenToRoom applies the states the room sends, until the person
// explores on their own, and tells the room of the panels opened.
export function listenToRoom() {
  root.addEventListener("searchviz:apply", (e) => applyState(e.detail));
  root.addEventListener("searchviz:release", () => following(null, false));
  for (const d of panels()) d.addEventListener("toggle", emitState);
}
