// View-box maths, with no page behind it: a view box is [x, y, w, h] in
// the drawing's units, a node's box {x, y, w, h}, and r the tree panel's
// size {width, height} in screen pixels.

// scaleOf returns how many screen pixels a unit of the drawing takes
// when a panel of size r shows box b.
export function scaleOf(b, r) {
  return Math.min(r.width / b[2], r.height / b[3]);
}

// union returns the box around boxes.
export function union(boxes) {
  const x0 = Math.min(...boxes.map((b) => b.x)), y0 = Math.min(...boxes.map((b) => b.y));
  const x1 = Math.max(...boxes.map((b) => b.x + b.w)), y1 = Math.max(...boxes.map((b) => b.y + b.h));
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

// pad returns box b grown by dx to either side and dy above and below.
export function pad(b, dx, dy) {
  return { x: b.x - dx, y: b.y - dy, w: b.w + 2 * dx, h: b.h + 2 * dy };
}

// holds reports whether view box v shows node box b whole, margin units
// inside its edges.
export function holds(v, b, margin) {
  const [x, y, w, h] = v;
  return b.x >= x + margin && b.x + b.w <= x + w - margin && b.y >= y + margin && b.y + b.h <= y + h - margin;
}

// centredOn returns view box v moved to centre node box b.
export function centredOn(v, b) {
  return [b.x + b.w / 2 - v[2] / 2, b.y + b.h / 2 - v[3] / 2, v[2], v[3]];
}

const ROUNDING = 1e-6; // how far, in screen pixels, a box fitted to a panel may pass it by rounding

// around returns the view box showing b at a scale between least and
// most, the largest at which it fits; when it does not fit even at least,
// the part around node box centre, from b's top where b's height fits.
export function around(b, centre, least, most, r) {
  const s = Math.max(least, Math.min(most, r.width / b.w, r.height / b.h));
  const w = r.width / s, h = r.height / s;
  // Fitted at r's size over b's, b fits, though a division rounds.
  const fitsW = b.w * s <= r.width + ROUNDING, fitsH = b.h * s <= r.height + ROUNDING;
  const cx = fitsW || !centre ? b.x + b.w / 2 : centre.x + centre.w / 2;
  const y = fitsH ? b.y + b.h / 2 - h / 2 : !centre ? b.y : Math.max(b.y, centre.y + centre.h / 2 - h / 2);
  return [cx - w / 2, y, w, h];
}

// zoomed returns view box v zoomed by factor about the point (cx, cy),
// by default its centre: no narrower than 40 units, no wider than four
// drawings of width fullW and 400 units more, and in a panel of size r no
// smaller in scale than least, if least is not 0.
export function zoomed(v, factor, cx, cy, fullW, least, r) {
  const [x, y, w, h] = v;
  if (cx === undefined) { cx = x + w / 2; cy = y + h / 2; }
  let nw = Math.min(Math.max(w * factor, 40), fullW * 4 + 400);
  let nh = h * (nw / w);
  if (least) {
    const s = scaleOf([0, 0, nw, nh], r);
    if (r.width && s < least) {
      nw *= s / least;
      nh *= s / least;
    }
  }
  return [cx - (cx - x) * (nw / w), cy - (cy - y) * (nh / h), nw, nh];
}

// covers reports whether view box v shows all of box full, to within
// slack units.
export function covers(v, full, slack) {
  const [x, y, w, h] = full;
  return v[0] <= x + slack && v[1] <= y + slack && v[0] + v[2] >= x + w - slack && v[1] + v[3] >= y + h - slack;
}
