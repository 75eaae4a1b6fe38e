// The comparison page: it fetches its table of the searches' results if
// they were still running when the page was sent, and with "step both"
// ticked it keeps its two embedded viewers at matching steps. When one
// viewer shows a new step, the page asks the server which step of the
// other matches it (the comparison's rule, /compare/<name>/match) and
// tells the other viewer to go there with a message (viewer/keys.js listens
// for it). The page never works out a match itself.
import { loadFragment } from "../lib/chart.js";
import { t } from "../lib/words.js";

const main = document.querySelector("main.compare");
if (main) start();

// start wires the table, presentation mode and stepping both viewers.
function start() {
  const SEEK = "searchviz:seek"; // the message viewer/keys.js obeys

  // ---- the table ----

  const summary = document.querySelector("[data-summary]");
  if (summary && !summary.querySelector("table")) {
    loadFragment(summary, summary.dataset.summary, {
      refused: (why) => t("Cannot compare the searches: {why}", { why }),
      failed: (why) => t("Cannot load the comparison: {why}", { why }),
    });
  }

  // ---- presentation mode ----

  // The page and both viewers are in presentation mode together: its
  // button, the p key here or in either viewer (which tells the page, see
  // viewer/present.js) and ?present=1 turn it on and off in all three.
  const PRESENT = "searchviz:present";
  const presentButton = document.getElementById("compare-present");
  let present = new URLSearchParams(location.search).get("present") === "1";

  function setPresent(on) {
    present = on;
    document.documentElement.classList.toggle("present", on);
    if (presentButton) presentButton.setAttribute("aria-pressed", String(on));
    const q = new URLSearchParams(location.search);
    if (on) q.set("present", "1"); else q.delete("present");
    history.replaceState(null, "", "?" + q.toString());
    for (const f of document.querySelectorAll("iframe[data-trace]")) tellPresent(f);
  }

  function tellPresent(frame) {
    if (frame.contentWindow) frame.contentWindow.postMessage({ type: PRESENT, on: present }, location.origin);
  }

  for (const f of document.querySelectorAll("iframe[data-trace]")) f.addEventListener("load", () => tellPresent(f));
  if (presentButton) presentButton.onclick = () => setPresent(!present);
  if (present) setPresent(true);
  window.addEventListener("message", (e) => {
    const m = e.data;
    if (e.origin !== location.origin || !m || m.type !== PRESENT) return;
    if (!!m.on !== present) setPresent(!!m.on);
  });
  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || (e.target.matches && e.target.matches("input[type=text], select, textarea"))) return;
    if (e.key === "p" || e.key === "P") {
      setPresent(!present);
      e.preventDefault();
    }
  });

  // ---- step both ----

  const both = document.getElementById("step-both");
  const frames = [...document.querySelectorAll("iframe[data-trace]")];
  if (!both || frames.length !== 2) return;
  // Each side: its frame, the step it shows, and the step the page sent
  // it to, whose showing is not a move of the person's to follow.
  const sides = frames.map((frame) => ({ frame: frame, id: frame.dataset.trace, shown: -1, sent: null, observer: null }));
  let asked = 0; // numbers the match requests: an answer to an older one is dropped

  // viewerOf returns the viewer element of a side's frame, or null before
  // it has loaded: the frame is of the page's own origin.
  function viewerOf(side) {
    const d = side.frame.contentDocument;
    return d ? d.getElementById("viewer") : null;
  }

  // shownStep returns the step a side's viewer shows, or -1.
  function shownStep(side) {
    const v = viewerOf(side);
    return v && v.dataset.shownStep ? Number(v.dataset.shownStep) : -1;
  }

  // watch follows the steps a side's viewer shows, from its
  // data-shown-step, once its frame has loaded, and again when it reloads.
  function watch(i) {
    const side = sides[i];
    const attach = () => {
      const v = viewerOf(side);
      if (!v || (side.observer && side.observer.target === v)) return;
      if (side.observer) side.observer.disconnect();
      const obs = new MutationObserver(() => moved(i));
      obs.observe(v, { attributes: true, attributeFilter: ["data-shown-step"] });
      side.observer = { target: v, disconnect: () => obs.disconnect() };
      side.shown = shownStep(side);
    };
    side.frame.addEventListener("load", attach);
    attach();
  }

  // moved is called when side i's viewer shows a step: a step the page
  // sent it to is taken as it is; any other the other side follows.
  function moved(i) {
    const side = sides[i];
    const k = shownStep(side);
    if (k < 0 || k === side.shown) return;
    const opened = side.shown < 0; // the step the frame opened at, which the page chose
    side.shown = k;
    if (opened) return;
    if (side.sent === k) {
      side.sent = null;
      return;
    }
    side.sent = null;
    if (both.checked) follow(i, k);
  }

  // follow moves the side other than i to the step matching step k of
  // side i.
  async function follow(i, k) {
    const from = sides[i], to = sides[1 - i];
    const n = ++asked;
    const q = new URLSearchParams({ from: from.id, to: to.id, step: String(k) });
    let m;
    try {
      const res = await fetch(main.dataset.match + "?" + q.toString(), { headers: { Accept: "application/json" } });
      if (!res.ok) return;
      m = (await res.json()).step;
    } catch (err) {
      return;
    }
    if (n !== asked || !both.checked || !Number.isInteger(m)) return;
    if (shownStep(to) === m) return;
    to.sent = m;
    to.frame.contentWindow.postMessage({ type: SEEK, step: m }, location.origin);
  }

  sides.forEach((_, i) => watch(i));
  // Ticked, the right viewer follows the left at once.
  both.addEventListener("change", () => {
    const k = shownStep(sides[0]);
    if (both.checked && k >= 0) follow(0, k);
  });
}
