package catalog_test

import (
	"context"
	"testing"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/search"
)

// TestEvalKindsOffered checks that every evaluation kind a game declares
// is offered by Expectimax's eval= parameter for it: a spec naming the
// kind runs, and its trace's header names the kind. Only games of the
// chance family, which Expectimax searches, declare kinds, and the dice
// game declares the paper's three.
func TestEvalKindsOffered(t *testing.T) {
	t.Parallel()
	declared := 0
	for _, g := range catalog.Games() {
		if len(g.Evals) > 0 && g.Family != search.FamilyChance {
			t.Errorf("%s declares evaluation kinds %q, but Expectimax does not search its family", g.Name, g.Evals)
		}
		for _, kind := range g.Evals {
			declared++
			t.Run(g.Name+"/"+kind, func(t *testing.T) {
				t.Parallel()
				r, err := catalog.Prepare(catalog.Request{Game: g.Name, Algo: "expectimax depth=1 eval=" + kind})
				if err != nil {
					t.Fatalf("eval=%s: %v", kind, err)
				}
				if got := r.Header().Params["eval"]; got != kind {
					t.Errorf("eval=%s: the header says eval=%s", kind, got)
				}
				if _, err := r.Search(context.Background(), nil); err != nil {
					t.Errorf("eval=%s: %v", kind, err)
				}
			})
		}
	}
	if dice, err := catalog.LookupGame("dice"); err != nil || len(dice.Evals) != 3 {
		t.Errorf("the dice game declares %q (%v), want the paper's three kinds", dice.Evals, err)
	}
	if declared == 0 {
		t.Error("no game declares an evaluation kind")
	}
}
