package catalog_test

import (
	"bytes"
	"context"
	"reflect"
	"testing"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/trace"
)

// TestTraceVersions records real searches of every family, writes each in
// every version of the file format, and checks that each file reads back
// as the events recorded, and that version 3 is smaller than version 2
// for the Monte Carlo searches whose statistics it predicts.
func TestTraceVersions(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		game, algo string
		smaller    bool // version 3 must be smaller than version 2
	}{
		{"tictactoe", "alphabeta depth=4", false},
		{"tictactoe", "mcts playouts=500", true},
		{"twinmaze", "duct playouts=500", true},
		{"maze", "chokudai", false},
		{"tictactoe", "pmc playouts=20", false},
	} {
		t.Run(tc.algo, func(t *testing.T) {
			t.Parallel()
			r, err := catalog.Prepare(catalog.Request{Game: tc.game, Algo: tc.algo, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			rec := trace.NewRecorder(0)
			if _, err := r.Search(context.Background(), rec); err != nil {
				t.Fatal(err)
			}
			events := rec.Events()
			size := map[int]int{}
			for _, version := range []int{1, 2, trace.Version} {
				h := r.Header()
				h.Version = version
				var buf bytes.Buffer
				w, err := trace.NewWriter(&buf, h)
				if err != nil {
					t.Fatal(err)
				}
				for _, e := range events {
					w.Emit(e)
				}
				if err := w.Flush(); err != nil {
					t.Fatal(err)
				}
				size[version] = buf.Len()
				_, got, err := trace.ReadAll(&buf)
				if err != nil {
					t.Fatalf("version %d: %v", version, err)
				}
				if len(got) != len(events) {
					t.Fatalf("version %d: %d events, want %d", version, len(got), len(events))
				}
				for k := range got {
					if !sameEvent(got[k], events[k]) {
						t.Fatalf("version %d, event %d:\n got %+v\nwant %+v", version, k, got[k], events[k])
					}
				}
			}
			if tc.smaller && size[trace.Version] >= size[2] {
				t.Errorf("version %d takes %d bytes, version 2 %d: want fewer", trace.Version, size[trace.Version], size[2])
			}
			t.Logf("bytes by version: %v", size)
		})
	}
}

// sameEvent reports whether two events read from files are the same,
// taking NaN scores as equal and nil slices as empty ones, which files do
// not tell apart.
func sameEvent(a, b trace.Event) bool {
	norm := func(e trace.Event) trace.Event {
		for i := range e.Scores {
			if e.Scores[i].UCB != e.Scores[i].UCB {
				e.Scores[i].UCB = -1
			}
		}
		if len(e.Scores) == 0 {
			e.Scores = nil
		}
		for _, s := range []*[]trace.NodeID{&e.Children, &e.Path, &e.Kept, &e.Dropped} {
			if len(*s) == 0 {
				*s = nil
			}
		}
		if len(e.Pruned) == 0 {
			e.Pruned = nil
		}
		if len(e.PrunedLabels) == 0 {
			e.PrunedLabels = nil
		}
		if len(e.Values) == 0 {
			e.Values = nil
		}
		return e
	}
	a.Scores, b.Scores = append([]trace.Score(nil), a.Scores...), append([]trace.Score(nil), b.Scores...)
	return reflect.DeepEqual(norm(a), norm(b))
}
