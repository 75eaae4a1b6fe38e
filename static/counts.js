// The counts panels of the viewer and of a comparison: the first time a
// panel is open it fetches its counts, an HTML fragment drawn by the
// server, and the fragment's scale links fetch it again on another scale.
(() => {
  "use strict";

  // load replaces the panel's body with the fragment at url, or with what
  // went wrong.
  async function load(body, url) {
    body.setAttribute("aria-busy", "true");
    body.replaceChildren(note("muted", "Counting…"));
    try {
      const res = await fetch(url, { headers: { Accept: "text/html" } });
      const text = await res.text();
      if (!res.ok) {
        body.replaceChildren(note("error", "Cannot count this trace: " + (text.trim() || res.statusText)));
        return;
      }
      body.innerHTML = text;
    } catch (err) {
      body.replaceChildren(note("error", "Cannot load the counts: " + err.message));
    } finally {
      body.removeAttribute("aria-busy");
    }
  }

  // note is a paragraph of class cls saying text.
  function note(cls, text) {
    const p = document.createElement("p");
    p.className = cls;
    p.textContent = text;
    return p;
  }

  for (const panel of document.querySelectorAll("details[data-counts]")) {
    const body = panel.querySelector(".counts-body");
    let loaded = false;
    const opened = () => {
      if (panel.open && !loaded) {
        loaded = true;
        load(body, panel.dataset.counts);
      }
    };
    panel.addEventListener("toggle", opened);
    opened();
    body.addEventListener("click", (e) => {
      const a = e.target.closest("a[data-counts-scale]");
      if (!a) return;
      e.preventDefault();
      load(body, a.getAttribute("href"));
    });
  }
})();
