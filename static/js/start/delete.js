import { t } from "../lib/words.js";

// Saved traces, on the start page and the page of them all: each but the
// gallery's examples can be deleted, after a confirmation: wireDelete
// asks, deletes and says what went wrong.
export function wireDelete() {
  document.addEventListener("click", async (e) => {
    const btn = e.target.closest("button[data-delete]");
    if (!btn) return;
    const row = btn.closest("tr");
    const name = row ? row.querySelector("a").textContent : t("this trace");
    if (!confirm(t("Delete the trace of {name}? It cannot be undone, and its link stops working.", { name }))) return;
    btn.disabled = true;
    let msg = "";
    try {
      const res = await fetch(btn.dataset.delete, { method: "DELETE" });
      if (res.ok || res.status === 404) {
        if (row) row.remove();
        return;
      }
      msg = (await res.text()).trim();
    } catch (err) {
      msg = t("The server did not answer: {why}", { why: err.message });
    }
    btn.disabled = false;
    let p = row && row.querySelector(".error");
    if (!p && row) {
      p = document.createElement("p");
      p.className = "error";
      p.setAttribute("role", "alert");
      p.dataset.testid = "delete-error";
      btn.after(p);
    }
    if (p) p.textContent = msg;
  });
}
