package tracestore

import (
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/trace"
)

// testLimits are the limits the stores of the tests open traces within.
var testLimits = trace.Limits{Bytes: 256 << 20, Events: 4_000_000, Entries: 20_000_000}

// openStore opens a store in dir that logs nothing.
func openStore(t testing.TB, dir string) *Store {
	t.Helper()
	st, err := Open(dir, slog.New(slog.DiscardHandler), testLimits, 512<<20)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// textbookTrace returns a trace of AlphaBeta on the textbook's tree, and
// its node count.
func textbookTrace(t testing.TB) (trace.Header, []trace.Event, int) {
	t.Helper()
	h, events, err := trace.ReadFile(filepath.Join("..", "..", "..", "trace", "testdata", "alphabeta-rn.jsonl.golden"))
	if err != nil {
		t.Fatal(err)
	}
	nodes := 0
	for _, e := range events {
		if e.Kind == trace.KindNode {
			nodes++
		}
	}
	return h, events, nodes
}

// TestSaveUploadKeepsTheFileName checks that the store keeps an uploaded
// file's name up to MaxFileName runes, and shortens a longer one with "…".
func TestSaveUploadKeepsTheFileName(t *testing.T) {
	t.Parallel()
	st := openStore(t, t.TempDir())
	h, events, nodes := textbookTrace(t)
	for _, tt := range []struct {
		name, file, want string
	}{
		{"short", "a.jsonl", "a.jsonl"},
		{"at the limit", strings.Repeat("é", MaxFileName), strings.Repeat("é", MaxFileName)},
		{"past the limit", strings.Repeat("é", MaxFileName+1), strings.Repeat("é", MaxFileName) + "…"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			id := NewID()
			if err := st.SaveUpload(id, tt.file, h, slices.Values(events)); err != nil {
				t.Fatal(err)
			}
			if m := st.readMeta(id); m.File != tt.want || m.Source != SourceUpload || m.Nodes != nodes {
				t.Errorf("kept %+v, want file %q, source %q and %d nodes", m, tt.want, SourceUpload, nodes)
			}
		})
	}
}

// TestListReadsMetaWithinItsLimit checks that the list reads a trace's
// description of MaxMetaBytes, and lists a trace whose description is
// larger with none, as it is not the store's.
func TestListReadsMetaWithinItsLimit(t *testing.T) {
	t.Parallel()
	h, events, _ := textbookTrace(t)
	for _, tt := range []struct {
		name string
		size int
		want Meta
	}{
		{"at the limit", MaxMetaBytes, Meta{Source: SourceSearch, Nodes: 1}},
		{"past the limit", MaxMetaBytes + 1, Meta{}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			st := openStore(t, t.TempDir())
			id := NewID()
			if err := st.SaveAs(id, h, slices.Values(events)); err != nil {
				t.Fatal(err)
			}
			meta := `{"source":"search","nodes":1}`
			meta += strings.Repeat(" ", tt.size-len(meta))
			if err := os.WriteFile(st.metaPath(id), []byte(meta), 0o644); err != nil {
				t.Fatal(err)
			}
			saved, err := st.List()
			if err != nil || len(saved) != 1 {
				t.Fatalf("listed %+v, %v; want the one trace", saved, err)
			}
			if saved[0].ID != id || saved[0].Meta != tt.want {
				t.Errorf("a description of %d bytes: listed %+v, want %+v", tt.size, saved[0], tt.want)
			}
		})
	}
}
