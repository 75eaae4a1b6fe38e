// What a student can read: the least sizes on screen of the tree's
// texts, and the scale of the drawing below which the camera never goes,
// measured from the drawing itself so that every layout and game is held
// to the same promise.

// LEAST is the least size on screen, in CSS pixels, of each kind of text
// in the tree panel: 12 px for every text in the normal view; in
// presentation mode, read from the back of a room on a 1280x720
// projector, 16 px for values, actions and the reasons of cuts and 14 px
// for the rest, a board's cells included.
export const LEAST = {
  normal: { value: 12, edge: 12, other: 12 },
  present: { value: 16, edge: 16, other: 14, cell: 14 },
};

// leastScaleFor returns the scale, in screen pixels per unit of the
// drawing, at which the smallest text of each kind, sizes[kind] in the
// drawing's units (absent or 0 for none), is as large as least says: a
// little over, so that rounding never leaves a text a fraction short.
export function leastScaleFor(sizes, least) {
  let s = 0;
  for (const [kind, px] of Object.entries(least)) {
    if (sizes[kind] > 0) s = Math.max(s, px / sizes[kind]);
  }
  return 1.01 * s;
}

// kindOf returns the kind of a text of the drawing, as LEAST names them.
function kindOf(t) {
  if (t.closest('[id^="a_v"]') || t.classList.contains("tv")) return "value";
  if (t.closest("g.edge")) return "edge";
  return "other";
}

// textSizes returns, by kind, the smallest font size in the drawing's
// units of the texts of svg, as the page's styles draw them now, empty
// slots a later step fills included, and the side of a board's cell, cell
// units. Texts alike in kind, size and place are styled alike, so each
// such group's style is read once.
export function textSizes(svg, cell) {
  const sizes = { value: 0, edge: 0, other: 0, cell: cell || 0 };
  const seen = new Set();
  for (const t of svg.querySelectorAll("text")) {
    const kind = kindOf(t);
    const key = [kind, t.getAttribute("font-size"), t.getAttribute("class"), t.closest('[id^="a_w"]') ? "w" : ""].join("|");
    if (seen.has(key)) continue;
    seen.add(key);
    const size = parseFloat(getComputedStyle(t).fontSize);
    if (size > 0 && (sizes[kind] === 0 || size < sizes[kind])) sizes[kind] = size;
  }
  return sizes;
}
