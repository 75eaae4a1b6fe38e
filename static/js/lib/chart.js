// Small charts: those the server draws, fetched as HTML fragments into a
// panel, and those a page draws itself as inline SVG.
import { note } from "./dom.js";

const SVG = "http://www.w3.org/2000/svg";

// loadFragment replaces body with the HTML fragment at url, or with what
// went wrong: words.busy while it waits, words.refused(why) with the
// server's reason, words.failed(why) with the network's.
export async function loadFragment(body, url, words) {
  body.setAttribute("aria-busy", "true");
  if (words.busy) body.replaceChildren(note("muted", words.busy));
  try {
    const res = await fetch(url, { headers: { Accept: "text/html" } });
    const text = await res.text();
    if (res.ok) body.innerHTML = text;
    else body.replaceChildren(note("error", words.refused(text.trim() || res.statusText)));
  } catch (err) {
    body.replaceChildren(note("error", words.failed(err.message)));
  } finally {
    body.removeAttribute("aria-busy");
  }
}

// svg returns an SVG element name with attrs.
export function svg(name, attrs) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

// label returns an SVG text s at (x, y), anchored at its start, middle
// or end, with class cls if there is one.
export function label(x, y, s, anchor, cls) {
  const attrs = { x, y, "text-anchor": anchor || "start" };
  if (cls) attrs.class = cls;
  const t = svg("text", attrs);
  t.textContent = s;
  return t;
}
