// The step in words for screen readers: the event of the step shown is
// written into a polite live region, unless the person turned announcing
// off with the log's checkbox, which every viewer of the browser keeps.
import { byId as $ } from "../lib/dom.js";
import { t } from "../lib/words.js";

const KEY = "searchviz-announce"; // local storage: "off" when announcing is off

let last = ""; // the words last announced, not said again for the same step

// wireAnnounce sets the checkbox from what the person chose before, and
// keeps their choice.
export function wireAnnounce() {
  const box = $("announce-toggle");
  if (!box) return;
  box.checked = stored() !== "off";
  region(box.checked);
  box.onchange = () => {
    try {
      localStorage.setItem(KEY, box.checked ? "on" : "off");
    } catch {
      // Storage refused (a private window, say): the choice lasts the page.
    }
    region(box.checked);
  };
}

// announceStep says the event of step, among the log's lines, in the
// live region, when announcing is on.
export function announceStep(lines, step) {
  const box = $("announce-toggle"), out = $("announce");
  if (!box || !out || !box.checked) return;
  const line = (lines || []).find((l) => l.step === step);
  const words = line ? t("Step {step}: {words}", { step, words: line.text }) : "";
  if (words === last) return;
  last = words;
  out.textContent = words;
}

// region turns the live region on or off; off, it says nothing more.
function region(on) {
  const out = $("announce");
  out.setAttribute("aria-live", on ? "polite" : "off");
  if (!on) {
    out.textContent = "";
    last = "";
  }
}

// stored returns the choice kept in local storage, or null.
function stored() {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}
