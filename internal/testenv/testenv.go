// Package testenv tells the project's tests about the run they are part
// of: whether the race detector is on, and whether the limits they cross
// are to be crossed at their full, production size.
//
// The default run (`go test ./...`) crosses each limit at a small,
// configured size and runs every test; `.ci/run`'s race stage runs the
// packages with goroutines under -race, where the tests that start none
// skip themselves with SkipUnderRace. Setting FullLimitsEnv to 1 crosses
// the production limits too, which takes minutes and gigabytes more.
package testenv

import (
	"os"
	"testing"
)

// FullLimitsEnv names the environment variable that, set to 1, makes the
// tests that cross a limit cross it at its production size as well.
const FullLimitsEnv = "SEARCHVIZ_FULL_LIMITS"

// Race says the tests run under the race detector.
const Race = race

// FullLimits says the tests are to cross limits at their production size.
func FullLimits() bool {
	return os.Getenv(FullLimitsEnv) == "1"
}

// SkipUnlessFullLimits skips t, a test that crosses a limit at its
// production size, unless FullLimitsEnv is set.
func SkipUnlessFullLimits(t testing.TB) {
	t.Helper()
	if !FullLimits() {
		t.Skipf("crosses a limit at its production size: set %s=1 to run it", FullLimitsEnv)
	}
}

// SkipUnderRace skips t under the race detector: for a test that starts
// no goroutines (a property checked over many positions, say), which the
// detector would only slow down several times over. why says what the
// test checks without concurrency.
func SkipUnderRace(t testing.TB, why string) {
	t.Helper()
	if Race {
		t.Skipf("no goroutines to check under the race detector: %s", why)
	}
}

// SkipHeavyUnderRace skips t under the race detector: for a test whose
// cost is CPU work (a whole search, a big fold or upload) around a few
// goroutines of the server that lighter tests drive under the detector
// too. coveredBy names those tests.
func SkipHeavyUnderRace(t testing.TB, coveredBy string) {
	t.Helper()
	if Race {
		t.Skipf("CPU-heavy under the race detector, whose goroutines %s check there", coveredBy)
	}
}
