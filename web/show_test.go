package web

import (
	"context"
	"testing"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/trace"
)

// BenchmarkLoadShow folds a trace of about 1,000 nodes (4,671 events) for
// viewing: the tree, every step's words in both views and its pseudocode
// line. A search's page waits for it once.
func BenchmarkLoadShow(b *testing.B) {
	run, err := catalog.Prepare(catalog.Request{Game: "tictactoe", Algo: "alphabeta", Position: "x../.o./..."})
	if err != nil {
		b.Fatal(err)
	}
	rec := trace.NewRecorder(0)
	if _, err := run.Search(context.Background(), rec); err != nil {
		b.Fatal(err)
	}
	events := rec.Events()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := loadShow("bench", run.Header(), events); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(events)), "events/op")
}
