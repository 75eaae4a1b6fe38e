// The viewer's exports: the page fetches each download itself, so that
// when the server refuses one (too big, too many at once) its reason is
// shown next to the links instead of a page the browser leaves blank or
// a download that silently fails. The slides are asked for through a
// form of the steps from and to, since a set draws only so many steps.
import { byId as $ } from "../lib/dom.js";
import { t } from "../lib/words.js";
import { offline, st } from "./state.js";

// wireExports makes the export links and the slides' form download by
// fetch. Without it, or in a handout file, which has no exports, the
// links and the form still work as plain ones.
export function wireExports() {
  if (offline || !$("slides-form")) return;
  for (const a of document.querySelectorAll(".exports a[download]")) {
    a.addEventListener("click", (e) => {
      e.preventDefault();
      download(a.href, $("exports"));
    });
  }
  $("slides-choice").addEventListener("toggle", () => {
    if (!$("slides-choice").open) return;
    offerSlides();
    keepOnScreen($("slides-form"));
  });
  // A wider or narrower window moves the exports along the controls.
  window.addEventListener("resize", () => {
    if ($("slides-choice").open) keepOnScreen($("slides-form"));
    if (!$("export-error").hidden) keepOnScreen($("export-error"));
  });
  $("slides-form").addEventListener("submit", (e) => {
    e.preventDefault();
    $("slides-view").value = st.view;
    const q = new URLSearchParams(new FormData($("slides-form")));
    download($("slides-form").action + "?" + q, $("slides-form"));
  });
  $("export-error-close").onclick = () => { $("export-error").hidden = true; };
}

// offerSlides fills the slides' form as it opens: every step when a set
// draws them all, or else the most it draws around the step shown, which
// is where the class is.
function offerSlides() {
  const most = Number($("slides-form").dataset.most);
  const last = Math.max(0, st.steps - 1);
  let from = 0;
  let to = last;
  if (st.steps > most) {
    from = Math.min(Math.max(0, st.step - Math.floor((most - 1) / 2)), st.steps - most);
    to = from + most - 1;
  }
  for (const [id, k] of [["slides-from", from], ["slides-to", to]]) {
    $(id).max = String(last);
    $(id).value = String(k);
  }
}

// download fetches url and saves what it answers as the file the server
// names, or shows why the server refused it in place: the exports' row,
// or the slides' form, where the steps are chosen again.
async function download(url, place) {
  const done = $("export-done");
  const failed = $("export-error");
  failed.hidden = true;
  place.append(failed);
  done.hidden = false;
  done.textContent = t("Preparing the download…");
  let res;
  let blob;
  try {
    res = await fetch(url);
    blob = await res.blob();
  } catch (err) {
    refused(t("The download failed: {why}", { why: err.message }));
    return;
  }
  if (!res.ok) {
    const why = (await blob.text()).trim();
    refused(why || t("The server refused the download ({status} {statusText}).", { status: res.status, statusText: res.statusText }));
    return;
  }
  const name = fileName(res.headers.get("Content-Disposition"), url);
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // The browser has taken the file once the click is handled; the blob's
  // memory is given back after it.
  setTimeout(() => URL.revokeObjectURL(a.href), 60_000);
  done.textContent = t("Downloaded {name} ({size}).", { name, size: sizeName(blob.size) });
  if (place === $("slides-form")) $("slides-choice").open = false;
}

// refused shows why a download did not come.
function refused(why) {
  $("export-done").hidden = true;
  $("export-why").textContent = why;
  $("export-error").hidden = false;
  keepOnScreen($("export-error"));
}

// keepOnScreen opens el from the exports' right edge when, from their
// left, it would pass the window's: the exports sit at the start of the
// controls' second line on a narrow screen, at the end of their one line
// on a wide one.
function keepOnScreen(el) {
  el.classList.remove("from-right");
  if (el.getBoundingClientRect().right > document.documentElement.clientWidth) el.classList.add("from-right");
}

// fileName is the name the server's Content-Disposition gives, or the
// last part of url's path.
function fileName(disposition, url) {
  const m = /filename="([^"]+)"/.exec(disposition || "");
  if (m) return m[1];
  return new URL(url, location.href).pathname.split("/").pop();
}

// sizeName says n bytes in the unit a person reads.
function sizeName(n) {
  if (n < 1024) return n + " B";
  if (n < 1024 * 1024) return (n / 1024).toFixed(1) + " KiB";
  return (n / (1024 * 1024)).toFixed(1) + " MiB";
}
