// The start page's upload of a trace file: dropped or chosen, it is sent
// with its progress shown, and the page goes to its viewer.
import { byId as $ } from "../lib/dom.js";
import { t } from "../lib/words.js";

const drop = $("upload-form"), file = $("trace-file");
const uploadError = $("upload-error"), progress = $("upload-progress");
const bar = $("upload-bar"), uploadStatus = $("upload-status");

// showUploadError says what went wrong beside the upload control and
// brings it into view, wherever the page was scrolled.
function showUploadError(msg) {
  progress.hidden = true;
  uploadError.textContent = msg;
  uploadError.hidden = false;
  uploadError.scrollIntoView({ block: "center" });
  uploadError.focus();
}

// upload sends the chosen file with its progress shown, in percent,
// then says the server is opening it, and goes to its viewer.
function upload() {
  if (!file.files.length) return;
  uploadError.hidden = true;
  progress.hidden = false;
  bar.removeAttribute("value"); // indeterminate until the first progress
  uploadStatus.textContent = t("Sending {name}…", { name: file.files[0].name });
  const xhr = new XMLHttpRequest();
  xhr.open("POST", drop.action);
  xhr.setRequestHeader("Accept", "application/json");
  xhr.responseType = "json";
  xhr.upload.onprogress = (e) => {
    if (!e.lengthComputable) return;
    const pct = Math.floor((100 * e.loaded) / e.total);
    bar.value = pct;
    uploadStatus.textContent = t("Sending {name}: {pct}%", { name: file.files[0].name, pct });
  };
  xhr.upload.onload = () => {
    bar.removeAttribute("value");
    uploadStatus.textContent = t("Opening the trace…");
  };
  xhr.onload = () => {
    const ans = xhr.response || {};
    if (xhr.status === 200 && ans.location) {
      uploadStatus.textContent = t("Opening the trace…");
      location.assign(ans.location);
      return;
    }
    showUploadError(ans.error || t("The server answered {status} {statusText}.", { status: xhr.status, statusText: xhr.statusText }));
  };
  xhr.onerror = () => showUploadError(t("The file could not be sent: the server did not answer."));
  xhr.send(new FormData(drop));
}

// wireUpload sends a trace file dropped on the upload control or chosen
// with it.
export function wireUpload() {
  if (!drop || !file || !uploadError || !progress) return;
  for (const ev of ["dragenter", "dragover"]) {
    drop.addEventListener(ev, (e) => { e.preventDefault(); drop.classList.add("over"); });
  }
  for (const ev of ["dragleave", "drop"]) {
    drop.addEventListener(ev, () => drop.classList.remove("over"));
  }
  drop.addEventListener("drop", (e) => {
    e.preventDefault();
    if (!e.dataTransfer.files.length) return;
    file.files = e.dataTransfer.files;
    upload();
  });
  file.addEventListener("change", () => { if (file.files.length) upload(); });
  drop.addEventListener("submit", (e) => {
    e.preventDefault();
    if (file.files.length) upload();
    else showUploadError(t("Choose a trace file to open."));
  });
  // An error the server put in the page is where the person looks next.
  if (!uploadError.hidden) { uploadError.scrollIntoView({ block: "center" }); uploadError.focus(); }
}
