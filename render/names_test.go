package render

import (
	"fmt"
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
