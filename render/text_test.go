package render

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/trace"
)

func TestFormatValue(t *testing.T) {
	testenv.SkipUnderRace(t, "formats numbers")
	t.Parallel()
	tests := []struct {
		in   float64
		want string
	}{
		{3, "3"},
		{-2.5, "-2.5"},
		{0, "0"},
		{math.Copysign(0, -1), "0"},
		{math.Inf(1), "∞"},
		{math.Inf(-1), "-∞"},
		{math.NaN(), "?"},
		{1000000, "1000000"},
		{12345.678, "12346"},
		{1.0 / 3, "0.333"},
		{-1.0 / 3, "-0.333"},
		{41.0 / 60, "0.683"},
		{0.755, "0.755"},
		{17.25, "17.25"},
		{12.345678, "12.3"},
		{0.5, "0.5"},
		{0.0001, "0.0001"},
		{0.000012345, "1.23e-05"},
		{1e7, "1e+07"},
		{-123456789, "-1.23e+08"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.in), func(t *testing.T) {
			t.Parallel()
			if got := formatValue(tt.in); got != tt.want {
				t.Errorf("formatValue(%v) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestCutReason(t *testing.T) {
	testenv.SkipUnderRace(t, "words cuts")
	t.Parallel()
	tests := []struct {
		name string
		n    trace.NodeState
		view View
		want string
	}{
		{
			// Textbook node C: -2 in its own view, window (-∞, -3) in its own view.
			name: "alpha cut at a min node, in root terms",
			n:    trace.NodeState{Type: trace.TypeMin, Cut: trace.CutAlpha, CutValue: -2, CutAlpha: math.Inf(-1), CutBeta: -3},
			want: "α-cut: 2 ≤ α=3",
		},
		{
			name: "beta cut at a max node, as stored",
			n:    trace.NodeState{Type: trace.TypeMax, Cut: trace.CutBeta, CutValue: 5, CutAlpha: math.Inf(-1), CutBeta: 3},
			want: "β-cut: 5 ≥ β=3",
		},
		{
			name: "alpha cut with a fractional bound",
			n:    trace.NodeState{Type: trace.TypeMin, Cut: trace.CutAlpha, CutValue: 0.5, CutAlpha: -1, CutBeta: 0.25},
			want: "α-cut: -0.5 ≤ α=-0.25",
		},
		{
			name: "no cut",
			n:    trace.NodeState{Type: trace.TypeMin, CutValue: 1, CutBeta: 2},
			want: "",
		},
		{
			// The same node C in its own numbers: its -2 reaches its β=-3.
			name: "alpha cut at a min node, in the side's view",
			n:    trace.NodeState{Type: trace.TypeMin, Cut: trace.CutAlpha, CutValue: -2, CutAlpha: math.Inf(-1), CutBeta: -3},
			view: ViewSide,
			want: "β-cut: -2 ≥ β=-3",
		},
		{
			name: "beta cut at a max node, the same in the side's view",
			n:    trace.NodeState{Type: trace.TypeMax, Cut: trace.CutBeta, CutValue: 5, CutAlpha: math.Inf(-1), CutBeta: 3},
			view: ViewSide,
			want: "β-cut: 5 ≥ β=3",
		},
		{
			name: "alpha cut with a fractional bound, in the side's view",
			n:    trace.NodeState{Type: trace.TypeMin, Cut: trace.CutAlpha, CutValue: 0.5, CutAlpha: -1, CutBeta: 0.25},
			view: ViewSide,
			want: "β-cut: 0.5 ≥ β=0.25",
		},
		{
			name: "forward cut, the same in the side's view",
			n:    trace.NodeState{Type: trace.TypeMax, Cut: trace.CutForward, CutValue: 42, CutAlpha: 22},
			view: ViewSide,
			want: "forward cut: below 22 (best 42)",
		},
		{
			name: "no cut, in the side's view",
			n:    trace.NodeState{Type: trace.TypeMin, CutValue: 1, CutBeta: 2},
			view: ViewSide,
			want: "",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := CutReason(tt.n, tt.view); got != tt.want {
				t.Errorf("CutReason = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestWindowText(t *testing.T) {
	testenv.SkipUnderRace(t, "words windows")
	t.Parallel()
	minNode := trace.NodeState{Type: trace.TypeMin, Alpha: math.Inf(-1), Beta: -3}
	maxNode := trace.NodeState{Type: trace.TypeMax, Alpha: 3, Beta: math.Inf(1)}
	tests := []struct {
		name string
		n    trace.NodeState
		v    View
		want string
	}{
		{"min node, root view flips the window", minNode, ViewRoot, "α=3 β=∞"},
		{"min node, side view as stored", minNode, ViewSide, "α=-∞ β=-3"},
		{"max node, root view as stored", maxNode, ViewRoot, "α=3 β=∞"},
		{"max node, side view as stored", maxNode, ViewSide, "α=3 β=∞"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := windowText(tt.n, tt.v); got != tt.want {
				t.Errorf("windowText = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestElideLabel(t *testing.T) {
	testenv.SkipUnderRace(t, "cuts strings")
	t.Parallel()
	n := MaxLabelRunes
	tests := []struct{ name, in, want string }{
		{"empty", "", ""},
		{"short", "a1", "a1"},
		{"at the limit", strings.Repeat("m", n), strings.Repeat("m", n)},
		{"one over", strings.Repeat("m", n+1), strings.Repeat("m", n-1) + "…"},
		{"multibyte at the limit", strings.Repeat("α", n), strings.Repeat("α", n)},
		{"multibyte one over", strings.Repeat("α", n+1), strings.Repeat("α", n-1) + "…"},
		{"invalid bytes count one each", strings.Repeat("\xff", n+1), strings.Repeat("\xff", n-1) + "…"},
		{"as long as a trace allows", strings.Repeat("m", trace.MaxString), strings.Repeat("m", n-1) + "…"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := elideLabel(tt.in)
			if got != tt.want {
				t.Errorf("elideLabel(%d bytes) = %q, want %q", len(tt.in), got, tt.want)
			}
			if utf8.RuneCountInString(got) > n {
				t.Errorf("elideLabel(%d bytes) has %d characters, over MaxLabelRunes", len(tt.in), utf8.RuneCountInString(got))
			}
		})
	}
}

// TestDrawingsElideLongLabels draws the textbook tree with every move's
// label, pruned moves' too, as long as a trace allows: the tidy SVG and
// the DOT are byte for byte those of the labels cut to MaxLabelRunes
// characters, the edge into B reads its label's start and "…", and no
// drawing holds even one label whole.
func TestDrawingsElideLongLabels(t *testing.T) {
	testenv.SkipUnderRace(t, "draws SVG and DOT in the test goroutine")
	t.Parallel()
	relabel := func(cut bool) []trace.Event {
		label := func(old string) string {
			s := old + strings.Repeat("m", trace.MaxString-len(old))
			if cut {
				s = s[:MaxLabelRunes-1] + "…"
			}
			return s
		}
		evs := textbookEvents()
		for i, e := range evs {
			if e.Kind == trace.KindNode && e.Parent != trace.NoNode {
				evs[i].Label = label(e.Label)
			}
			if e.Kind == trace.KindCut {
				evs[i].PrunedLabels = nil
				for _, l := range e.PrunedLabels {
					evs[i].PrunedLabels = append(evs[i].PrunedLabels, label(l))
				}
			}
		}
		return evs
	}
	long, cut := mustTree(t, relabel(false), lastStep), mustTree(t, relabel(true), lastStep)
	opts := Options{Legend: true, Patchable: true}
	wantB := "a1" + strings.Repeat("m", MaxLabelRunes-3) + "…"
	for _, d := range []struct {
		name string
		draw func(*trace.Tree) []byte
	}{
		{"tidy SVG", func(tr *trace.Tree) []byte { return tidySVG(t, tr, opts) }},
		{"DOT", func(tr *trace.Tree) []byte { return []byte(writeDOT(t, tr, opts)) }},
	} {
		t.Run(d.name, func(t *testing.T) {
			got, want := d.draw(long), d.draw(cut)
			if !bytes.Equal(got, want) {
				t.Errorf("the drawing of long labels (%d bytes) is not that of the labels cut (%d bytes)", len(got), len(want))
			}
			if !bytes.Contains(got, []byte(wantB)) {
				t.Errorf("the drawing lacks B's label cut, %q", wantB)
			}
			if len(got) >= trace.MaxString || bytes.Contains(got, []byte(strings.Repeat("m", MaxLabelRunes))) {
				t.Errorf("the drawing is %d bytes and holds a label longer than %d characters", len(got), MaxLabelRunes)
			}
		})
	}
}

// TestPatchableCutReasons checks that a page's drawing of the textbook
// tree, which the page keeps when it switches views, lays the cut's
// reason out with the room of the wider of its two views' lines, in
// whichever view it is drawn, and draws each line in both views, the
// root player's of class classRootView and the side to move's of class
// classSideView, of which the page's style sheet hides the view not
// shown.
func TestPatchableCutReasons(t *testing.T) {
	testenv.SkipUnderRace(t, "draws with Graphviz in the test goroutine")
	t.Parallel()
	// "β-cut" is as wide as "α-cut", and "-2 ≥ β=-3" wider than "2 ≤ α=3".
	const wantLabel = `c2\nα-cut\n-2 ≥ β=-3`
	wantTexts := []string{"c2", "vr α-cut", "vs β-cut", "vr 2 ≤ α=3", "vs -2 ≥ β=-3"}
	text := regexp.MustCompile(`<text(?: class="(v[rs])")?[^>]*>([^<]*)</text>`)
	tr := mustTree(t, textbookEvents(), lastStep)
	for _, view := range []View{ViewRoot, ViewSide} {
		opts := Options{View: view, Patchable: true}
		_, edges, _, _ := parseDOT(t, writeDOT(t, tr, opts))
		if got := edges[idC2].attrs["label"]; got != wantLabel {
			t.Errorf("%s view: edge into c2 labelled %q, want %q", view, got, wantLabel)
		}
		var svg bytes.Buffer
		if err := Render(context.Background(), &svg, tr, opts, cropLayouter); err != nil {
			t.Fatal(err)
		}
		var got []string
		_, group, _ := strings.Cut(svg.String(), `<g id="e`+strconv.Itoa(idC2)+`"`)
		group, _, _ = strings.Cut(group, "</g>")
		for _, m := range text.FindAllStringSubmatch(group, -1) {
			got = append(got, strings.TrimSpace(m[1]+" "+html.UnescapeString(m[2])))
		}
		if !slices.Equal(got, wantTexts) {
			t.Errorf("%s view: the edge into c2 draws %q, want %q", view, got, wantTexts)
		}
	}
	if rule := `[data-view="side"] .vr, [data-view="root"] .vs { display: none; }`; !strings.Contains(StyleSheet(), rule) {
		t.Errorf("the style sheet has no rule %s", rule)
	}
}

// FuzzPatchReasons checks that patchReasons never fails on any SVG and
// changes nothing where it has no reasons to write or no edge of theirs.
func FuzzPatchReasons(f *testing.F) {
	f.Add([]byte(`<g id="e11" class="edge"><text x="1">c2</text><text x="1">a</text><text x="1">b</text></g>`), int32(11))
	f.Add([]byte(`<g id="e`), int32(0))
	f.Add([]byte(`<g id="e3"><text>`), int32(3))
	f.Fuzz(func(t *testing.T, svg []byte, id int32) {
		reasons := map[trace.NodeID]*viewLines{trace.NodeID(id): {root: []string{"α-cut", "2 ≤ α=3"}, side: []string{"β-cut", "-2 ≥ β=-3"}}}
		out := patchReasons(svg, reasons)
		if !bytes.Contains(svg, []byte(`<g id="e`+strconv.Itoa(int(id))+`"`)) && !bytes.Equal(out, svg) {
			t.Errorf("patchReasons(%q) = %q, changed with no edge of its reasons", svg, out)
		}
		if got := patchReasons(svg, nil); !bytes.Equal(got, svg) {
			t.Errorf("patchReasons(%q, nil) = %q", svg, got)
		}
	})
}
