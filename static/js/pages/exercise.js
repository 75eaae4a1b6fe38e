// The exercise page. A tree wider than its box opens scrolled so that its
// root, node n0 of render's drawing, is in the middle of the box: the
// drawing keeps its own size, so that its text stays readable, and the
// root is where a student starts reading.
const box = document.querySelector('[data-testid="exercise-tree"]');
const root = box && box.querySelector("#n0");
if (root) {
  const b = box.getBoundingClientRect();
  const r = root.getBoundingClientRect();
  box.scrollLeft += r.left + r.width / 2 - (b.left + b.width / 2);
}

// The difficulty menu names what each level changes for the kind shown;
// choosing another kind relabels it with that kind's levels before the
// student asks for a new exercise.
const kind = document.getElementById("exercise-kind");
const level = document.getElementById("exercise-level");
if (kind && level && level.dataset.labels) {
  const labels = JSON.parse(level.dataset.labels);
  kind.addEventListener("change", () => {
    const names = labels[kind.value] || [];
    [...level.options].forEach((o, i) => {
      if (names[i]) o.textContent = names[i];
    });
  });
}
