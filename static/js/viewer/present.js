// Presentation mode: big type, the panels the step needs and a tree
// zoomed no smaller than can be read, for the back of a room.
import { byId as $ } from "../lib/dom.js";
import { PRESENT_TEXT, fit } from "./camera.js";
import { sendPanel } from "./connection.js";
import { showLegend } from "./legend.js";
import { showLit } from "./panels.js";
import { withParams } from "./protocol.js";
import { emitState } from "./room.js";
import { presentation, st } from "./state.js";

// presentStyle gives app.css the sizes presentation mode draws texts at,
// and the page the mode the address asks for.
export function presentStyle() {
  for (const k of ["value", "edge", "window", "mark"]) document.documentElement.style.setProperty("--present-" + k, PRESENT_TEXT[k] + "px");
  document.documentElement.classList.toggle("present", st.present);
  $("present").setAttribute("aria-pressed", String(st.present));
}

// setPresent turns presentation mode on or off. The address keeps it; a
// viewer in a comparison tells its page, which turns it on or off in
// both (pages/compare.js), when the person asked.
export function setPresent(on, asked) {
  if (on === st.present) return;
  presentation({ present: on });
  document.documentElement.classList.toggle("present", on);
  $("present").setAttribute("aria-pressed", String(on));
  history.replaceState(null, "", withParams(location.search, { present: on ? "1" : null }));
  showLegend();
  fit();
  sendPanel();
  showLit();
  emitState();
  if (asked && window.parent !== window) window.parent.postMessage({ type: "searchviz:present", on: on }, location.origin);
}
