package gallery

import (
	"context"
	"testing"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/internal/testenv"
)

// TestExamplesPrepare checks that every example of the gallery is a
// search the catalog accepts, so that no link of the start page fails.
func TestExamplesPrepare(t *testing.T) {
	testenv.SkipUnderRace(t, "prepares the gallery's searches")
	t.Parallel()
	for _, ex := range Examples() {
		if _, err := catalog.Prepare(ex.Req); err != nil {
			t.Errorf("example %s: %v", ex.Name, err)
		}
	}
}

// TestChanceExamplesSayTrue runs the chance examples and checks what their
// sentences claim, worked out by hand: the lecture's tree is worth 11 by
// a2 ((2+20)/2, against (3+12)/2 = 7.5); against a random ghost a2 is
// worth (2+14+20)/3 = 12, against a1's (3+12+9)/3 = 8.
func TestChanceExamplesSayTrue(t *testing.T) {
	testenv.SkipUnderRace(t, "runs searches and checks their values")
	t.Parallel()
	for _, tt := range []struct {
		name, move string
		value      float64
	}{
		{"expectimax-lecture", "a2", 11},
		{"expectimax-ghost", "a2", 12},
	} {
		ex := ExampleNamed(tt.name)
		if ex == nil {
			t.Fatalf("no example %s", tt.name)
		}
		r, err := catalog.Prepare(ex.Req)
		if err != nil {
			t.Fatal(err)
		}
		res, err := r.Search(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.Label != tt.move || res.Value != tt.value {
			t.Errorf("example %s plays %s worth %v, want %s worth %v", tt.name, res.Label, res.Value, tt.move, tt.value)
		}
	}
}
