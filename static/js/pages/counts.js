// The counts panels of the viewer and of a comparison: the first time a
// panel is open it fetches its counts, an HTML fragment drawn by the
// server, and the fragment's scale links fetch it again on another scale.
import { loadFragment } from "../lib/chart.js";
import { t } from "../lib/words.js";

const words = {
  busy: t("Counting…"),
  refused: (why) => t("Cannot count this trace: {why}", { why }),
  failed: (why) => t("Cannot load the counts: {why}", { why }),
};

for (const panel of document.querySelectorAll("details[data-counts]")) {
  const body = panel.querySelector(".counts-body");
  let loaded = false;
  const opened = () => {
    if (panel.open && !loaded) {
      loaded = true;
      loadFragment(body, panel.dataset.counts, words);
    }
  };
  panel.addEventListener("toggle", opened);
  opened();
  body.addEventListener("click", (e) => {
    const a = e.target.closest("a[data-counts-scale]");
    if (!a) return;
    e.preventDefault();
    loadFragment(body, a.getAttribute("href"), words);
  });
}
