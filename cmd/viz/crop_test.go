package main

import (
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
)

// TestRenderCrop checks that `viz render --step N` crops the drawing to
// what step N shows by default, that --crop=false draws the final tree's
// whole canvas, and that the last step is drawn alike either way.
func TestRenderCrop(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.jsonl")
	if code, _, stderr := runViz(t, "run", "--game", "tictactoe", "--position", "x.o/.x./..o", "--algo", "alphabeta", "--out", path); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	width := regexp.MustCompile(`<svg[^>]*?width="([0-9.]+)pt"`)
	size := func(args ...string) (float64, string) {
		t.Helper()
		code, stdout, stderr := runViz(t, append(append([]string{"render"}, args...), path)...)
		if code != 0 {
			t.Fatalf("render %v: exit %d: %s", args, code, stderr)
		}
		m := width.FindStringSubmatch(stdout)
		if m == nil {
			t.Fatalf("render %v: no width in the SVG", args)
		}
		w, _ := strconv.ParseFloat(m[1], 64)
		return w, stdout
	}
	for _, layout := range []string{"dot", "tidy"} {
		cropped, _ := size("--layout", layout, "--step", "40")
		whole, _ := size("--layout", layout, "--step", "40", "--crop=false")
		if cropped > 0.7*whole {
			t.Errorf("--layout %s --step 40: %vpt wide, with --crop=false %vpt; want it cropped by default", layout, cropped, whole)
		}
		_, last := size("--layout", layout)
		_, lastWhole := size("--layout", layout, "--crop=false")
		if last != lastWhole {
			t.Errorf("--layout %s: --crop changes the last step", layout)
		}
	}
}
