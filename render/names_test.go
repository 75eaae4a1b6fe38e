package render

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/internal/testenv"
)

// TestNames draws the textbook tree at the cut step with names given to
// some nodes: a node with a value shows its value whatever its name (A,
// B, C are searched by then), D, not reached, shows its name, and a node
// named "" or past the end of Names shows nothing, in both writers.
func TestNames(t *testing.T) {
	testenv.SkipUnderRace(t, "draws in the test goroutine")
	t.Parallel()
	const idD1 = 8 // D's first leaf, not reached at the cut
	full := make([]string, idD1+1)
	full[idA], full[idB], full[idC], full[idD] = "A", "B", "C", "D"
	tests := []struct {
		name  string
		names []string
		want  map[int]string // node id → the text in its value slot
	}{
		{"none", nil, map[int]string{idA: "3", idB: "3", idC: "2", idD: "", idD1: ""}},
		{"every interior node", full, map[int]string{idA: "3", idB: "3", idC: "2", idD: "D", idD1: ""}},
		{"shorter than the tree", full[:idD], map[int]string{idA: "3", idD: "", idD1: ""}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tr := mustTree(t, textbookEvents(), textbookCutStep)
			opts := Options{Names: tt.names, Patchable: true}
			nodes, _, _, _ := parseDOT(t, writeDOT(t, tr, opts))
			elems := parseSVG(t, tidySVG(t, tr, opts))
			for id, want := range tt.want {
				dot := ""
				if m := valueCell.FindStringSubmatch(nodes[id].html); m != nil {
					dot = m[1]
				}
				if dot != want && !(want == "" && dot == "\u00a0") {
					t.Errorf("DOT: node %d shows %q, want %q", id, dot, want)
				}
				v := elems[fmt.Sprintf("a_v%d", id)]
				if v == nil || len(v.texts) != 1 {
					t.Fatalf("tidy SVG: node %d has no value slot", id)
				}
				if got := v.texts[0]; got != want && !(want == "" && got == "\u00a0") {
					t.Errorf("tidy SVG: node %d shows %q, want %q", id, got, want)
				}
			}
		})
	}
}

// TestNamesWiden checks that a name longer than a value's cell widens its
// node, in the tidy drawing, to hold the name in bold at the value's
// size with a margin each side; a short name leaves the node as a value
// would.
func TestNamesWiden(t *testing.T) {
	testenv.SkipUnderRace(t, "draws in the test goroutine")
	t.Parallel()
	const long = "D n=12345"
	width := func(name string) float64 {
		names := make([]string, idD+1)
		names[idD] = name
		tr := mustTree(t, textbookEvents(), textbookCutStep)
		elems := parseSVG(t, tidySVG(t, tr, Options{Names: names}))
		n := elems[fmt.Sprintf("n%d", idD)]
		if n == nil {
			t.Fatalf("node D is not drawn")
		}
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, pt := range strings.Fields(strings.TrimPrefix(n.shape, "polygon ")) {
			var x, y float64
			if _, err := fmt.Sscanf(pt, "%g,%g", &x, &y); err != nil {
				t.Fatalf("node D's outline %q: %v", n.shape, err)
			}
			lo, hi = min(lo, x), max(hi, x)
		}
		return hi - lo
	}
	short, wide := width("D"), width(long)
	if short != labelWidth+sideMargin {
		t.Errorf("named D, the node is %v wide, want a value's %d", short, labelWidth+sideMargin)
	}
	// Bold Helvetica at 12 points is about 0.6 em a character.
	if need := float64(len(long)) * fontValue * 0.6; wide < need+2*2 {
		t.Errorf("named %q, the node is %v wide, want room for about %.0f points of bold text and margins", long, wide, need)
	}
}
