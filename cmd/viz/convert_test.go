package main

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/spec"
	"github.com/searchviz/searchviz/trace"
)

// convertBytes runs viz convert --to version on in, from standard input
// to standard output.
func convertBytes(t *testing.T, in []byte, version int) []byte {
	t.Helper()
	var out bytes.Buffer
	err := cmdConvert(context.Background(), []string{"--to", fmt.Sprint(version), "-", "-"}, bytes.NewReader(in), &out)
	if err != nil {
		t.Fatalf("convert --to %d: %v", version, err)
	}
	return out.Bytes()
}

// encodeTrace writes h and events in version.
func encodeTrace(t *testing.T, h trace.Header, events []trace.Event, version int) []byte {
	t.Helper()
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
	return buf.Bytes()
}

// TestConvertRoundTrips records a trace of every algorithm on every game
// from every position the catalog's tests search, as TestRealTraces in
// package catalog does, and converts it from version 3 to 1 and back,
// and from 1 to 3 and back: each round trip gives the same bytes, and
// the version 1 file is the one trace.Writer writes of the same events,
// so no field is lost either way.
func TestConvertRoundTrips(t *testing.T) {
	testenv.SkipUnderRace(t, "converts traces in the test goroutine")
	t.Parallel()
	for _, g := range catalog.Games() {
		for _, a := range catalog.Algorithms() {
			if a.Family != g.Family {
				continue
			}
			algo := a.Name
			if slices.ContainsFunc(a.Params, func(p spec.Param) bool { return p.Name == "depth" }) {
				algo += fmt.Sprintf(" depth=%d", cmp.Or(g.CheckDepth, 4))
			}
			for i, pos := range append([]string{""}, g.Checks...) {
				t.Run(fmt.Sprintf("%s/%s/%d", g.Name, a.Name, i), func(t *testing.T) {
					t.Parallel()
					checkConvertRoundTrip(t, catalog.Request{Game: g.Name, Algo: algo, Position: pos, Seed: 1})
				})
			}
		}
	}
}

func checkConvertRoundTrip(t *testing.T, req catalog.Request) {
	r, err := catalog.Prepare(req)
	if err != nil {
		t.Fatal(err)
	}
	rec := trace.NewRecorder(0)
	if _, err := r.Search(context.Background(), rec); err != nil && err != search.ErrBudget {
		t.Fatal(err)
	}
	v3 := encodeTrace(t, r.Header(), rec.Events(), 3)
	v1 := encodeTrace(t, r.Header(), rec.Events(), 1)
	if got := convertBytes(t, v3, 1); !bytes.Equal(got, v1) {
		t.Errorf("3 to 1: %s", firstDiff(got, v1))
	}
	if got := convertBytes(t, v1, 3); !bytes.Equal(got, v3) {
		t.Errorf("1 to 3: %s", firstDiff(got, v3))
	}
	if got := convertBytes(t, convertBytes(t, v3, 1), 3); !bytes.Equal(got, v3) {
		t.Errorf("3 to 1 to 3: %s", firstDiff(got, v3))
	}
	if got := convertBytes(t, convertBytes(t, v1, 3), 1); !bytes.Equal(got, v1) {
		t.Errorf("1 to 3 to 1: %s", firstDiff(got, v1))
	}
	if err := cmdConvert(context.Background(), []string{"--validate", "-"}, bytes.NewReader(v3), new(bytes.Buffer)); err != nil {
		t.Errorf("validating a search's own trace: %v", err)
	}
}

// firstDiff names the first line where got and want differ.
func firstDiff(got, want []byte) string {
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := range min(len(g), len(w)) {
		if g[i] != w[i] {
			return fmt.Sprintf("line %d is\n%.300s\nwant\n%.300s", i+1, g[i], w[i])
		}
	}
	return fmt.Sprintf("%d lines, want %d", len(g), len(w))
}

// TestConvertFiles converts between files, a .gz one among them, which
// appears only when complete.
func TestConvertFiles(t *testing.T) {
	testenv.SkipUnderRace(t, "converts a trace in the test goroutine")
	t.Parallel()
	dir := t.TempDir()
	v1 := filepath.Join(dir, "ab.jsonl")
	gz := filepath.Join(dir, "ab.jsonl.gz")
	back := filepath.Join(dir, "back.jsonl")
	if code, _, stderr := runViz(t, "run", "--game", "tictactoe", "--position", "x.o/.x./..o", "--algo", "alphabeta", "--out", filepath.Join(dir, "ab3.jsonl")); code != 0 {
		t.Fatal(stderr)
	}
	for _, args := range [][]string{
		{"convert", "--to", "1", filepath.Join(dir, "ab3.jsonl"), v1},
		{"convert", v1, gz},
		{"convert", "--to", "3", gz, back},
		{"convert", "--validate", gz},
	} {
		if code, _, stderr := runViz(t, args...); code != 0 {
			t.Fatalf("viz %s: %s", strings.Join(args, " "), stderr)
		}
	}
	data, err := os.ReadFile(gz)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := gzip.NewReader(bytes.NewReader(data)); err != nil {
		t.Errorf("%s is not gzip: %v", gz, err)
	}
	orig, _ := os.ReadFile(filepath.Join(dir, "ab3.jsonl"))
	got, _ := os.ReadFile(back)
	if !bytes.Equal(orig, got) {
		t.Errorf("3 to 1 to gzip 3 to 3: %s", firstDiff(got, orig))
	}
	first, _ := os.ReadFile(v1)
	if !bytes.HasPrefix(first, []byte(`{"format":"searchviz-trace","version":1,`)) {
		t.Errorf("--to 1 wrote %.80s, want a version 1 header", first)
	}
}
