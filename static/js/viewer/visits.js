// The visits panel: how a sampling search's effort spreads over the
// root's moves, as bars and as lines over the results backed up.
import { byId as $ } from "../lib/dom.js";
import { label, svg as chartSVG } from "../lib/chart.js";
import { t } from "../lib/words.js";

const dashes = ["none", "6,3", "2,3", "10,3,2,3", "1,2", "8,2,2,2,2,2"];

// drawVisits shows panel v: a bar per move of the root and, over the
// results backed up, their history as lines; it hides the panel when v
// is null.
export function drawVisits(v) {
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
  const line = (x1, y1, x2, y2, cls) => svg.appendChild(chartSVG("line", { x1, y1, x2, y2, class: cls }));
  const text = (tx, ty, s, anchor) => svg.appendChild(label(tx, ty, s, anchor));
  line(L, H - B, W - R, H - B, "axis");
  line(L, T, L, H - B, "axis");
  text(L - 4, y(maxN) + 4, String(maxN), "end");
  text(L - 4, H - B + 4, "0", "end");
  text(W - R, H - 4, String(maxT), "end");
  text(L, H - 4, t("results backed up →"));
  // Series that end close together get their names spread apart, in
  // the order of their ends, so that no two overlap.
  const ends = v.history.map((h, i) => ({ i, y: y(h[h.length - 1]) + 3 })).sort((a, b) => a.y - b.y);
  ends.forEach((e, j) => { if (j > 0) e.y = Math.max(e.y, ends[j - 1].y + GAP); });
  for (let j = ends.length - 1; j >= 0; j--) {
    ends[j].y = Math.min(ends[j].y, (j === ends.length - 1 ? H - B + 3 : ends[j + 1].y - GAP));
  }
  ends.forEach((e) => { if (e.y < T + 3) e.y = T + 3; });
  v.history.forEach((h, i) => {
    svg.appendChild(chartSVG("polyline", {
      points: h.map((n, j) => x(v.at[j]).toFixed(1) + "," + y(n).toFixed(1)).join(" "),
      class: "series" + (v.rows[i].mark ? " most" : ""),
      "stroke-dasharray": dashes[i % dashes.length],
    }));
  });
  for (const e of ends) text(W - R + 3, e.y, v.rows[e.i].label).classList.add("series-name");
}
