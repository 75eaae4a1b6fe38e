//go:build !race

package web

// raceEnabled says the tests run under the race detector, which multiplies
// the memory and time of the biggest traces.
const raceEnabled = false
