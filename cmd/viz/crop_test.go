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
	t.Parallel()
	path := filepath.Join(t.TempDir(), "t.jsonl")
	if code, _, stderr := runViz(t, "run", "--game", "tictactoe", "--position", "x.o/.x./..o", "--algo", "alphabeta", "--out", path); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	width := regexp.MustCompile(`<svg[^>]*?width="([0-9.]+)pt"`)
	size := func(t *testing.T, args ...string) (float64, string) {
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
		t.Run(layout, func(t *testing.T) {
			t.Parallel()
			cropped, _ := size(t, "--layout", layout, "--step", "40")
			whole, _ := size(t, "--layout", layout, "--step", "40", "--crop=false")
			if cropped > 0.7*whole {
				t.Errorf("--step 40: %vpt wide, with --crop=false %vpt; want it cropped by default", cropped, whole)
			}
			_, last := size(t, "--layout", layout)
			_, lastWhole := size(t, "--layout", layout, "--crop=false")
			if last != lastWhole {
				t.Errorf("--crop changes the last step")
			}
		})
	}
}
