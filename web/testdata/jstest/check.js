// A small test harness: test registers a test, run runs them all and
// returns each one's name and, if it failed, why.

const tests = [];

// test registers the test fn, which throws to fail, under name.
export function test(name, fn) {
  tests.push({ name, fn });
}

// eq fails unless got and want are alike, as JSON.
export function eq(got, want, what) {
  const g = JSON.stringify(got), w = JSON.stringify(want);
  if (g !== w) throw new Error(`${what}: got ${g}, want ${w}`);
}

// near fails unless the numbers of got are within 1e-9 of want's.
export function near(got, want, what) {
  const bad = got.length !== want.length || got.some((x, i) => Math.abs(x - want[i]) > 1e-9);
  if (bad) throw new Error(`${what}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
}

// run runs every test registered and returns [{name, error}], error ""
// for a test that passed.
export async function run() {
  const results = [];
  for (const t of tests) {
    try {
      await t.fn();
      results.push({ name: t.name, error: "" });
    } catch (err) {
      results.push({ name: t.name, error: String(err && err.message ? err.message : err) });
    }
  }
  return results;
}
