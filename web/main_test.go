package web

import (
	"os"
	"sync"
	"testing"

	"github.com/searchviz/searchviz/render"
)

// layouter is one Graphviz for every test of the binary, the browser
// tests' apps included: go-graphviz serialises all renders anyway, and
// each instance compiles its WebAssembly again.
var layouter = &render.Graphviz{}

// SharedLayouter is layouter, for the tests outside the package.
var SharedLayouter = layouter

// afterTests holds what the tests leave running for the next test to
// reuse, a browser say, to be stopped once they have all ended.
var afterTests struct {
	mu    sync.Mutex
	stops []func()
}

// AfterTests has stop called once every test of the binary has ended.
func AfterTests(stop func()) {
	afterTests.mu.Lock()
	defer afterTests.mu.Unlock()
	afterTests.stops = append(afterTests.stops, stop)
}

func TestMain(m *testing.M) {
	code := m.Run()
	afterTests.mu.Lock()
	for _, stop := range afterTests.stops {
		stop()
	}
	afterTests.mu.Unlock()
	layouter.Close()
	os.Exit(code)
}
