package catalog_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/trace"
)

// BenchmarkTraceFile writes real searches' traces, without boards, to a
// file in each version of the format, and reports the bytes per node (per
// iteration for the Monte Carlo searches) and the events written per
// second.
func BenchmarkTraceFile(b *testing.B) {
	for _, bc := range []struct {
		name, game, algo string
		perIteration     bool
	}{
		{"minimax", "tictactoe", "minimax depth=6", false},
		{"alphabeta", "tictactoe", "alphabeta", false},
		{"mcts", "tictactoe", "mcts playouts=10000", true},
		{"duct", "twinmaze", "duct playouts=10000", true},
	} {
		r, err := catalog.Prepare(catalog.Request{Game: bc.game, Algo: bc.algo})
		if err != nil {
			b.Fatal(err)
		}
		r.OmitBoards()
		rec := trace.NewRecorder(0)
		res, err := r.Search(context.Background(), rec)
		if err != nil {
			b.Fatal(err)
		}
		events := rec.Events()
		unit, per := "B/node", res.Nodes
		if bc.perIteration {
			unit, per = "B/iteration", res.Evals
		}
		for _, version := range []int{1, trace.Version} {
			b.Run(bc.name+"/v"+string(rune('0'+version)), func(b *testing.B) {
				h := r.Header()
				h.Version = version
				path := filepath.Join(b.TempDir(), "t.jsonl")
				b.ReportAllocs()
				for b.Loop() {
					fw, err := trace.Create(path, h)
					if err != nil {
						b.Fatal(err)
					}
					for _, e := range events {
						fw.Emit(e)
					}
					if err := fw.Close(); err != nil {
						b.Fatal(err)
					}
				}
				info, err := os.Stat(path)
				if err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(info.Size())/float64(per), unit)
				b.ReportMetric(float64(len(events))*float64(b.N)/b.Elapsed().Seconds(), "events/s")
			})
		}
	}
}
