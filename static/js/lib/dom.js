// Small helpers every page uses to find and make its elements.

// byId returns the element with id, or null.
export const byId = (id) => document.getElementById(id);

// note returns a paragraph of class cls saying text.
export function note(cls, text) {
  const p = document.createElement("p");
  p.className = cls;
  p.textContent = text;
  return p;
}

// button returns a button saying text, labelled label for readers and on
// hover, that calls onclick.
export function button(text, label, onclick) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.title = label;
  b.setAttribute("aria-label", label);
  b.onclick = onclick;
  return b;
}

// link returns a link saying label to href, for tests to find by testid.
export function link(label, href, testid) {
  const a = document.createElement("a");
  a.href = href;
  a.textContent = label;
  a.dataset.testid = testid;
  return a;
}

// cell returns a table cell holding content, a text or an element.
export function cell(content) {
  const td = document.createElement("td");
  if (typeof content === "string") td.textContent = content;
  else td.append(content);
  return td;
}

// typing reports whether a key pressed in target goes into a field,
// not to the page's shortcuts.
export function typing(target, fields) {
  return !!(target.matches && target.matches(fields));
}
