package web

import (
	"testing"

	"github.com/searchviz/searchviz/catalog"
)

// BenchmarkLoadShow folds a trace of about 1,000 nodes (4,671 events) for
// viewing: the tree, every step's words in both views and its pseudocode
// line. A search's page waits for it once.
func BenchmarkLoadShow(b *testing.B) {
	h, events := recordSearch(b, catalog.Request{Game: "tictactoe", Algo: "alphabeta", Position: "x../.o./..."})
	b.ReportAllocs()
	for b.Loop() {
		if _, err := loadShow("bench", h, events); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(events)), "events/op")
}
