// The viewer's controls: its buttons, fields and keys, and the messages
// of a comparison page that embeds it.
import { byId as $, typing } from "../lib/dom.js";
import { fit, zoom } from "./camera.js";
import { send, seek, setView, step, togglePlay } from "./connection.js";
import { collapseSelected, filterSelected, rerootSelected, toRoot, up } from "./navigation.js";
import { showLegend } from "./legend.js";
import { setPresent } from "./present.js";
import { presentation, st } from "./state.js";

// wireControls makes the step controls, the zoom, presentation mode, the
// legend and the panels' lists work.
export function wireControls() {
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
    for (const m of st.marks) if (best < 0 || Math.abs(m - k) < Math.abs(best - k)) best = m;
    if (best >= 0) seek(best);
  };
  $("zoom-in").onclick = () => zoom(1 / 1.25);
  $("zoom-out").onclick = () => zoom(1.25);
  $("zoom-fit").onclick = fit;
  $("present").onclick = () => setPresent(!st.present, true);
  $("legend-toggle").onclick = () => {
    presentation({ legend: $("legend-box").hidden });
    showLegend();
    if (!$("legend-box").hidden) $("legend-box").scrollIntoView({ block: "nearest" });
  };
  $("keys-open").onclick = toggleKeys;
  $("node-close").onclick = () => send({ type: "select", node: -1 });
  $("node-collapse").onclick = collapseSelected;
  $("node-reroot").onclick = rerootSelected;
  $("node-filter").onclick = filterSelected;
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
  document.addEventListener("keydown", onKey);
  // A comparison page embedding this viewer moves it to the step that
  // matches its other viewer's, when "step both" is ticked, and turns
  // presentation mode on and off in both (pages/compare.js).
  window.addEventListener("message", (e) => {
    const m = e.data;
    if (e.origin !== location.origin || e.source !== window.parent || window.parent === window) return;
    if (m && m.type === "searchviz:seek" && Number.isInteger(m.step)) seek(m.step);
    if (m && m.type === "searchviz:present") setPresent(!!m.on, false);
  });
}

// toggleKeys opens or closes the list of the keys.
function toggleKeys() {
  const d = $("keys");
  if (d.open) d.close();
  else d.showModal();
}

// onKey does what key event e asks, unless it goes into a field.
function onKey(e) {
  if (typing(e.target, "input[type=text], input[type=number], select, textarea")) return;
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  // Space presses the button or ticks the box that has the focus.
  if (e.key === " " && typing(e.target, "button, a, summary, input, [role=button]")) return;
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
}
