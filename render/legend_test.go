package render

import (
	"strings"
	"testing"

	"github.com/searchviz/searchviz/internal/testenv"
)

// TestLegendExplainsWhatIsDrawn checks that the legend explains pruning,
// α-β windows and widths by visits exactly in drawings that have them:
// AlphaBeta prunes and keeps windows on tic-tac-toe, MiniMax does
// neither, MCTS backs up visits, and a beam drops states but prunes none.
func TestLegendExplainsWhatIsDrawn(t *testing.T) {
	testenv.SkipUnderRace(t, "draws DOT in the test goroutine")
	t.Parallel()
	const (
		pruned  = "pruned, never searched"
		windows = "α-β window"
		widths  = "edge width: share of the iterations"
	)
	tests := []struct {
		game, algo, position string
		want                 []string
		notWant              []string
	}{
		{"tictactoe", "alphabeta", "x.o/.x./..o", []string{pruned, windows}, []string{widths}},
		{"tictactoe", "minimax", "x.o/.x./..o", nil, []string{pruned, windows, widths}},
		{"tictactoe", "mcts playouts=30", "x.o/.x./..o", []string{widths}, []string{pruned, windows}},
		{"maze h=5 w=5 turns=3", "beam width=2 depth=3", "", nil, []string{pruned, windows, widths}},
	}
	for _, tt := range tests {
		t.Run(tt.algo, func(t *testing.T) {
			t.Parallel()
			dot := writeDOT(t, mustTree(t, searchEvents(t, tt.game, tt.algo, tt.position), lastStep), Options{Legend: true})
			_, legend, ok := strings.Cut(dot, `legend [id="legend"`)
			if !ok {
				t.Fatal("the drawing has no legend")
			}
			for _, s := range tt.want {
				if !strings.Contains(legend, s) {
					t.Errorf("the legend does not explain %q", s)
				}
			}
			for _, s := range tt.notWant {
				if strings.Contains(legend, s) {
					t.Errorf("the legend explains %q, which the drawing does not have", s)
				}
			}
		})
	}
}
