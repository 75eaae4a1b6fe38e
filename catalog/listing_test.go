package catalog_test

import (
	"strings"
	"testing"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/trace"
)

// A position of Othello, Black to move, where a search two plies deep stops
// just before White takes a corner: quiescence searches on to see it.
const othelloHorizon = "......../o......./.oxx..../o.xxx.x./xxxxxx../.oo.x.../o......./........ o"

// TestListingFollowsOptions runs each algorithm with each of its options
// off and on, and checks the pseudocode listed for the run in each view:
// the option's lines, named by what the lecture and the paper write for
// it, are listed exactly when it is on, and every event of the run but
// the decision lights exactly one line of that listing. Where the run
// surely does what the option adds (a table hit, a stand-pat, a pass of
// the forward cut), one of its events must light one of the option's
// lines, so the lines are not listed in vain.
func TestListingFollowsOptions(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, game, position string
		off, on              string   // the algorithm's spec without and with the option
		lines                []string // a piece of each line the option adds
		lit                  bool     // the run with it lights one of them
	}{
		{"transposition table", "tree", "[[[1,2],[3,4]],[[3,4],[1,2]]]", "alphabeta", "alphabeta tt=1", []string{"TABLE["}, true},
		{"move ordering", "tictactoe", "x.o/.x./..o", "alphabeta", "alphabeta ordering=1", []string{"likely cuts first"}, true},
		{"killer moves", "tictactoe", "x.o/.x./..o", "alphabeta", "alphabeta ordering=2", []string{"likely cuts first"}, true},
		{"quiescence", "othello", othelloHorizon, "alphabeta depth=2", "alphabeta depth=2 quiescence=2", []string{"QUIESCE"}, true},
		{"iterative ordering", "tictactoe", "x.o/.x./..o", "iterative depth=3 ordering=0", "iterative depth=3 ordering=1", []string{"last depth's best moves first"}, true},
		{"time budget", "tictactoe", "x.o/.x./..o", "iterative depth=3", "iterative depth=3 budget=7500 time=0", []string{"B/2", "2B"}, false},
		{"forward cut", "chancetree", "", "expectimax depth=3", "expectimax depth=3 cut=1 margin=0", []string{"for d ← 1, 3, 5", "v − margin"}, true},
		{"obvious moves", "dice", "", "expectimax depth=1", "expectimax depth=1 obvious=1", []string{"obvious move"}, false},
		{"random opponent", "chancetree", "", "expectimax", "expectimax opponent=random", []string{"mean of the q"}, false},
	}
	for _, tt := range tests {
		for _, on := range []bool{false, true} {
			algo := tt.off
			if on {
				algo = tt.on
			}
			t.Run(tt.name+"/"+algo, func(t *testing.T) {
				t.Parallel()
				r, events := recordRun(t, catalog.Request{Game: tt.game, Algo: algo, Position: tt.position, Seed: 1}, true)
				h := r.Header()
				a, err := catalog.LookupAlgorithm(h.Algorithm)
				if err != nil {
					t.Fatal(err)
				}
				tr, err := trace.NewTree(events)
				if err != nil {
					t.Fatal(err)
				}
				for _, v := range []trace.View{trace.ViewRoot, trace.ViewSide} {
					code := a.Listing(v, h.Params)
					if !a.Forms() && v == trace.ViewRoot {
						continue // the one form is checked in the side's view
					}
					for _, piece := range tt.lines {
						if n := linesWith(code, piece); (n > 0) != on {
							t.Errorf("%s view: %d lines with %q, want them listed only with the option on", v, n, piece)
						}
					}
					if litOption := checkEveryEventLit(t, tr, code, tt.lines); on && tt.lit && !litOption {
						t.Errorf("%s view: no event lights a line of the option (%q)", v, tt.lines)
					}
				}
			})
		}
	}
}

// linesWith counts the lines of code whose text has piece in it.
func linesWith(code search.Code, piece string) int {
	n := 0
	for _, l := range code {
		if strings.Contains(l.Text, piece) {
			n++
		}
	}
	return n
}

// checkEveryEventLit checks that every event of tr but the decision
// lights exactly one line of code, and reports whether one lit a line
// with one of pieces in it.
func checkEveryEventLit(t *testing.T, tr *trace.Tree, code search.Code, pieces []string) bool {
	t.Helper()
	litPiece := false
	for k := range tr.Len() {
		if err := tr.Seek(k); err != nil {
			t.Fatal(err)
		}
		lit := code.Lighting(tr)
		e := tr.Event(k)
		if len(lit) > 1 || len(lit) == 0 && e.Kind != trace.KindDecision {
			t.Errorf("step %d (%s at node %d): lights lines %v of %d, want one", k, e.Kind, e.Node, lit, len(code))
			continue
		}
		for _, n := range lit {
			for _, p := range pieces {
				litPiece = litPiece || strings.Contains(code[n-1].Text, p)
			}
		}
	}
	return litPiece
}
