package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/internal/testenv"
)

// alphaBetaV1 is the version 1 trace of AlphaBeta on a tic-tac-toe
// position, as lines, the header first.
func alphaBetaV1(t *testing.T) []string {
	t.Helper()
	dir := t.TempDir()
	v3 := filepath.Join(dir, "ab.jsonl")
	if code, _, stderr := runViz(t, "run", "--game", "tictactoe", "--position", "x.o/.x./..o", "--algo", "alphabeta", "--out", v3); code != 0 {
		t.Fatal(stderr)
	}
	data, err := os.ReadFile(v3)
	if err != nil {
		t.Fatal(err)
	}
	var v1 bytes.Buffer
	if err := cmdConvert(context.Background(), []string{"--to", "1", "-", "-"}, bytes.NewReader(data), &v1); err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(v1.String(), "\n"), "\n")
}

// TestConvertHostile gives viz convert, and --validate, broken traces:
// each is refused with the file, the line that is wrong (counted by hand
// from the lines the test changed), what is wrong and what is allowed, and
// convert leaves no output file.
func TestConvertHostile(t *testing.T) {
	testenv.SkipUnderRace(t, "reads traces in the test goroutine")
	t.Parallel()
	lines := alphaBetaV1(t)
	with := func(i int, line string) string {
		c := append([]string(nil), lines...)
		c[i] = line
		return strings.Join(c, "\n") + "\n"
	}
	whole := strings.Join(lines, "\n") + "\n"
	tests := []struct {
		name, text string
		line       int
		want       string // part of the message after "FILE:LINE: "
	}{
		{"empty", "", 1, "empty"},
		{"not JSON", "hello\n", 1, ""},
		{"cut in the middle of a line", whole[:len(whole)-len(lines[len(lines)-1])/2-1], len(lines), "cut short"},
		{"unknown version", with(0, strings.Replace(lines[0], `"version":1`, `"version":9`, 1)), 1, "version 9 (this program reads versions 1 to 3)"},
		{"bad time", with(0, strings.Replace(lines[0], `"time":"`, `"time":"yesterday`, 1)), 1, "RFC 3339"},
		{"unknown kind", with(4, `{"step":3,"kind":"nodex","node":1}`), 5, `unknown kind "nodex" (known kinds: node, enter`},
		{"missing field", with(4, `{"step":3,"kind":"node","node":1}`), 5, `missing required field "parent"`},
		{"wrong step", with(2, `{"step":9,"kind":"enter","node":0}`), 3, "step is 9, want 1"},
		{"leave of no node", with(4, `{"step":3,"kind":"leave","node":1}`), 5, "node 1 does not exist"},
		{"window upside down", with(5, `{"step":4,"kind":"bounds","node":0,"alpha":1,"beta":-1}`), 6, "alpha 1 > beta -1"},
		{"node id not an integer", with(2, `{"step":1,"kind":"enter","node":0.5}`), 3, "want an integer"},
		{"a string over MaxString", with(4, strings.Replace(lines[4], `"label":"b3"`, `"label":"`+strings.Repeat("a", 70<<10)+`"`, 1)), 5, "65536"},
		{"blank line inside", with(3, ""), 4, "blank line"},
	}
	dir := t.TempDir()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			in := filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "_")+".jsonl")
			if err := os.WriteFile(in, []byte(tt.text), 0o644); err != nil {
				t.Fatal(err)
			}
			prefix := in + ":" + strconv.Itoa(tt.line) + ": "
			code, _, stderr := runViz(t, "convert", "--validate", in)
			if code != 1 || !strings.HasPrefix(stderr, "viz: "+prefix) || !strings.Contains(stderr, tt.want) || strings.Count(stderr, "\n") != 1 {
				t.Errorf("viz convert --validate: status %d, %q; want 1 and one line starting %q, containing %q", code, stderr, prefix, tt.want)
			}
			out := in + ".out"
			code, _, stderr = runViz(t, "convert", "--to", "3", in, out)
			if code != 1 || !strings.HasPrefix(stderr, "viz: "+in+":") {
				t.Errorf("viz convert: status %d, %q; want 1 and an error naming %s", code, stderr, in)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("viz convert of a broken trace left %s", out)
			}
		})
	}
}
