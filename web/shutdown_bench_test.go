package web

import (
	"context"
	"testing"
	"time"

	"github.com/searchviz/searchviz/catalog"
)

// BenchmarkShutdownSaves stops a server whose 4 running searches (the
// most it runs at once) have each recorded a million events of an
// Othello MiniMax, and measures how long Wait takes to see them saved:
// the seconds a Ctrl-C on viz serve waits.
func BenchmarkShutdownSaves(b *testing.B) {
	var waited time.Duration
	for b.Loop() {
		ctx, stop := context.WithCancel(context.Background())
		srv, err := New(ctx, Config{DataDir: b.TempDir(), Layouter: layouter, Program: "viz bench"})
		if err != nil {
			b.Fatal(err)
		}
		var ids []string
		for range DefaultMaxSearches {
			id, err := srv.startSearch(catalog.Request{Game: "othello", Algo: "minimax depth=64 nodes=100000000"})
			if err != nil {
				b.Fatal(err)
			}
			ids = append(ids, id)
		}
		for _, id := range ids {
			waitRecorded(b, srv.liveSearch(id), 1_000_000)
		}
		start := time.Now()
		stop()
		if err := srv.Wait(context.Background()); err != nil {
			b.Fatal(err)
		}
		waited += time.Since(start)
	}
	b.ReportMetric(waited.Seconds()/float64(b.N), "s/shutdown")
}
