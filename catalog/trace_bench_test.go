package catalog_test

import (
	"context"
	"math/rand/v2"
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
		{"mcts-100k", "tictactoe", "mcts playouts=100000", true},
		{"duct-100k", "twinmaze", "duct playouts=100000", true},
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
		for _, version := range []int{1, 2, trace.Version} {
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

// BenchmarkTraceOpen writes the full MiniMax of tic-tac-toe (549,946 nodes)
// and MCTS with 100,000 playouts to trace files, then reports what opening
// one costs (read and fold as ReadTreeFile does: events/s and the folded
// tree's bytes per event), and the time of one step forwards or back and of
// a jump to a random step in the folded tree.
func BenchmarkTraceOpen(b *testing.B) {
	for _, bc := range []struct{ name, game, algo string }{
		{"minimax-full", "tictactoe", "minimax"},
		{"mcts-100k", "tictactoe", "mcts playouts=100000"},
	} {
		r, err := catalog.Prepare(catalog.Request{Game: bc.game, Algo: bc.algo})
		if err != nil {
			b.Fatal(err)
		}
		r.OmitBoards()
		path := filepath.Join(b.TempDir(), bc.name+".jsonl")
		fw, err := trace.Create(path, r.Header())
		if err != nil {
			b.Fatal(err)
		}
		if _, err := r.Search(context.Background(), fw); err != nil {
			b.Fatal(err)
		}
		if err := fw.Close(); err != nil {
			b.Fatal(err)
		}
		_, t, err := catalog.ReadTreeFile(path, trace.Limits{}, 0)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(bc.name+"/open", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, _, err := catalog.ReadTreeFile(path, trace.Limits{}, 0); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(t.Len())*float64(b.N)/b.Elapsed().Seconds(), "events/s")
			b.ReportMetric(float64(t.MemSize())/float64(t.Len()), "B/event")
			b.ReportMetric(float64(t.Len()), "events")
		})
		b.Run(bc.name+"/step", func(b *testing.B) {
			b.ReportAllocs()
			t.Seek(t.Len() / 2)
			forward := true
			for b.Loop() {
				if forward && !t.Forward() || !forward && !t.Back() {
					forward = !forward
				}
			}
		})
		b.Run(bc.name+"/jump", func(b *testing.B) {
			b.ReportAllocs()
			rng := rand.New(rand.NewPCG(1, 2))
			for b.Loop() {
				if err := t.Seek(rng.IntN(t.Len())); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
