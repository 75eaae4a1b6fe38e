package viewer

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/render"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/web/internal/show"
)

// layouter is one Graphviz for every test of the package: each instance
// compiles its WebAssembly again.
var layouter = &render.Graphviz{}

// testLayoutTimeout caps a test viewer's drawings, as the server's
// default does.
const testLayoutTimeout = 30 * time.Second

func TestMain(m *testing.M) {
	code := m.Run()
	layouter.Close()
	os.Exit(code)
}

// newViewer returns a viewer of s in view v that draws with no Layouter,
// as an offline handout's does.
func newViewer(s *show.Show, v trace.View) *Viewer {
	return New(context.Background(), s, v, Options{Timeout: testLayoutTimeout})
}

// record runs the search req asks for and returns it with what it
// recorded.
func record(tb testing.TB, req catalog.Request) (*catalog.Run, *trace.Recorder) {
	tb.Helper()
	run, err := catalog.Prepare(req)
	if err != nil {
		tb.Fatal(err)
	}
	rec := trace.NewRecorder(0)
	if _, err := run.Search(context.Background(), rec); err != nil {
		tb.Fatal(err)
	}
	return run, rec
}

// recordSearch runs the search req asks for and returns its trace.
func recordSearch(tb testing.TB, req catalog.Request) (trace.Header, []trace.Event) {
	tb.Helper()
	run, rec := record(tb, req)
	return run.Header(), rec.Events()
}

// recordShow runs the search req asks for and makes a show of its trace
// as it was recorded, folded without unpacking its events, as a running
// search's are.
func recordShow(tb testing.TB, id string, req catalog.Request) *show.Show {
	tb.Helper()
	run, rec := record(tb, req)
	tree, err := rec.Tree()
	if err != nil {
		tb.Fatal(err)
	}
	sh, err := show.New(id, run.Header(), tree)
	if err != nil {
		tb.Fatal(err)
	}
	return sh
}

// loadShow folds events and makes a show of them, as the server does with
// a trace it reads.
func loadShow(id string, h trace.Header, events []trace.Event) (*show.Show, error) {
	t, err := trace.NewTree(events)
	if err != nil {
		return nil, err
	}
	return show.New(id, h, t)
}
