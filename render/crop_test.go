package render

import (
	"bytes"
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/internal/testenv"
)

// cropCases are drawn cropped by Render into testdata/<name>.svg: the
// textbook tree early on, laid out by Graphviz, and a bigger tree, tic-tac-toe
// with boards, early on in the tidy layout.
var cropCases = []goldenCase{
	{name: "rn-alphabeta-legend-step8-crop", game: "tree", algo: "alphabeta", position: rnTree, step: 8, opts: Options{Legend: true, Title: "step 8", Crop: true}},
	{name: "tictactoe-alphabeta-boards-legend-step40-crop-tidy", game: "tictactoe", algo: "alphabeta", position: "x.o/.x./..o", step: 40, opts: Options{Legend: true, Title: "step 40", Layout: LayoutTidy, Crop: true}, boards: true},
}

// renderSVG draws a golden case with Render and Graphviz.
func renderSVG(tb testing.TB, c goldenCase, crop bool) []byte {
	tb.Helper()
	tr, opts := goldenTree(tb, c)
	opts.Crop = crop
	var buf bytes.Buffer
	if err := Render(context.Background(), &buf, tr, opts, cropLayouter); err != nil {
		tb.Fatalf("Render: %v", err)
	}
	return buf.Bytes()
}

var cropLayouter = &Graphviz{}

func TestCropGolden(t *testing.T) {
	testenv.SkipUnderRace(t, "draws and crops in the test goroutine")
	t.Parallel()
	for _, c := range cropCases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			checkGolden(t, c.name+".svg", renderSVG(t, c, true))
		})
	}
}

var (
	viewBoxAttr   = regexp.MustCompile(`<svg[^>]*?viewBox="([^"]*)"`)
	widthAttr     = regexp.MustCompile(`<svg[^>]*?width="([0-9.]+)pt"`)
	heightAttr    = regexp.MustCompile(`<svg[^>]*?height="([0-9.]+)pt"`)
	graphTranslat = regexp.MustCompile(`id="graph0"[^>]*translate\(([-0-9.]+) ([-0-9.]+)\)`)
)

// viewBox returns the root's viewBox, and its width and height.
func viewBox(tb testing.TB, svg []byte) (box [4]float64, w, h float64) {
	tb.Helper()
	m := viewBoxAttr.FindSubmatch(svg)
	mw, mh := widthAttr.FindSubmatch(svg), heightAttr.FindSubmatch(svg)
	if m == nil || mw == nil || mh == nil {
		tb.Fatal("the SVG has no viewBox, width or height")
	}
	f := strings.Fields(string(m[1]))
	if len(f) != 4 {
		tb.Fatalf("viewBox %q", m[1])
	}
	for i := range box {
		box[i] = mustFloat(tb, f[i])
	}
	return box, mustFloat(tb, string(mw[1])), mustFloat(tb, string(mh[1]))
}

func mustFloat(tb testing.TB, s string) float64 {
	tb.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		tb.Fatal(err)
	}
	return v
}

// TestCropContainsShown draws early steps cropped and whole, and checks
// that the cropped viewBox holds the box of every node and placeholder
// shown, that its size is the width and height, and that it is much
// smaller than the whole canvas; at the last step Crop changes nothing.
func TestCropContainsShown(t *testing.T) {
	testenv.SkipUnderRace(t, "draws and crops in the test goroutine")
	t.Parallel()
	cases := []struct {
		c       goldenCase
		atMost  float64 // the cropped area over the whole one
		minimum int     // nodes shown at least
	}{
		{c: cropCases[0], atMost: 0.7, minimum: 3},
		{c: cropCases[1], atMost: 0.6, minimum: 5},
		{c: goldenCase{game: "tree", algo: "alphabeta", position: rnTree, step: 4, opts: Options{Layout: LayoutTidy}}, atMost: 0.5, minimum: 2},
		{c: goldenCase{game: "tictactoe", algo: "alphabeta", position: "x.o/.x./..o", step: 12, opts: Options{Legend: true}}, atMost: 0.5, minimum: 3},
		{c: goldenCase{game: "tictactoe", algo: "alphabeta", position: "x.o/.x./..o", step: 12, opts: Options{Legend: true, Layout: LayoutTidy}, boards: true}, atMost: 0.5, minimum: 3},
	}
	for _, tc := range cases {
		name := tc.c.game + "-" + strconv.Itoa(tc.c.step) + "-" + tc.c.opts.Layout.String()
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			cropped, full := renderSVG(t, tc.c, true), renderSVG(t, tc.c, false)
			vb, w, h := viewBox(t, cropped)
			fvb, _, _ := viewBox(t, full)
			if w != vb[2] || h != vb[3] {
				t.Errorf("width %v height %v, viewBox %v", w, h, vb)
			}
			if area, fullArea := vb[2]*vb[3], fvb[2]*fvb[3]; area > tc.atMost*fullArea {
				t.Errorf("cropped viewBox %v is %.0f%% of the whole %v, want at most %.0f%%", vb, 100*area/fullArea, fvb, 100*tc.atMost)
			}
			m := graphTranslat.FindSubmatch(cropped)
			if m == nil {
				t.Fatal("no translate on graph0")
			}
			tx, ty := mustFloat(t, string(m[1])), mustFloat(t, string(m[2]))
			shown := 0
			for id, e := range parseSVG(t, cropped) {
				if id == "legend" || e.hidden || e.shape == "" || !strings.HasPrefix(e.class, "node") || strings.Contains(e.class, "st_not_reached") {
					continue
				}
				shown++
				x0, y0, x1, y1 := nodeBox(t, e.shape)
				x0, y0, x1, y1 = x0+tx, y0+ty, x1+tx, y1+ty
				if x0 < vb[0] || y0 < vb[1] || x1 > vb[0]+vb[2] || y1 > vb[1]+vb[3] {
					t.Errorf("%s at %v,%v..%v,%v is outside the viewBox %v", id, x0, y0, x1, y1, vb)
				}
			}
			if shown < tc.minimum {
				t.Errorf("%d nodes shown, want at least %d", shown, tc.minimum)
			}
			last := tc.c
			last.step = lastStep
			if a, b := renderSVG(t, last, true), renderSVG(t, last, false); !bytes.Equal(a, b) {
				t.Error("Crop changes the drawing of the last step")
			}
		})
	}
}

// TestCropKeepsPages checks that a Patchable drawing, which a page shows
// at every step, is never cropped.
func TestCropKeepsPages(t *testing.T) {
	testenv.SkipUnderRace(t, "draws and crops in the test goroutine")
	t.Parallel()
	c := goldenCase{game: "tree", algo: "alphabeta", position: rnTree, step: 4, opts: Options{Layout: LayoutTidy, Patchable: true}}
	if a, b := renderSVG(t, c, true), renderSVG(t, c, false); !bytes.Equal(a, b) {
		t.Error("Crop changes a Patchable drawing")
	}
}

// TestCropSVGUnreadable checks that what cropSVG cannot read comes back
// as it was.
func TestCropSVGUnreadable(t *testing.T) {
	testenv.SkipUnderRace(t, "draws and crops in the test goroutine")
	t.Parallel()
	for _, tt := range []struct{ name, svg string }{
		{"empty", ""},
		{"cut short", "<svg"},
		{"rotated", "<svg width=\"1pt\"><g id=\"graph0\" transform=\"rotate(90)\"></g></svg>"},
		{"no transform", "<svg><g id=\"graph0\"></g></svg>"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := cropSVG([]byte(tt.svg)); string(got) != tt.svg {
				t.Errorf("cropSVG(%q) = %q", tt.svg, got)
			}
		})
	}
}
