package catalog_test

import (
	"context"
	"slices"
	"sync"
	"testing"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/trace"
)

// lightCase is one algorithm's recorded search, which FuzzLightEveryEvent
// cuts short and ends with an event of its choosing.
type lightCase struct {
	name   string
	forms  map[string]search.Code
	events []trace.Event
}

// lightGames are the games FuzzLightEveryEvent records every algorithm
// of their family on: one of each family, each small at its start.
var lightGames = []string{"tictactoe", "chancetree", "twinmaze", "maze"}

// lightCases records every algorithm of lightGames' families once.
var lightCases = sync.OnceValues(func() ([]lightCase, error) {
	var out []lightCase
	for _, name := range lightGames {
		g, err := catalog.LookupGame(name)
		if err != nil {
			return nil, err
		}
		for _, a := range catalog.Algorithms() {
			if a.Family != g.Family {
				continue
			}
			algo := specAtDepth(a, 2)
			r, err := catalog.Prepare(catalog.Request{Game: name, Algo: algo, Seed: 1})
			if err != nil {
				return nil, err
			}
			rec := trace.NewRecorder(0)
			if _, err := r.Search(context.Background(), rec); err != nil {
				return nil, err
			}
			out = append(out, lightCase{name: name + "/" + algo, forms: forms(a), events: rec.Events()})
		}
	}
	return out, nil
})

// FuzzLightEveryEvent cuts a recorded search at any step and ends it with
// an event of any kind, copied from one the search made, at any node, no
// node (-1) included: lighting the pseudocode in every form and
// describing the step in both views never panics, and lights only lines
// the pseudocode has.
//
//	go test ./catalog -run '^$' -fuzz FuzzLightEveryEvent -fuzztime 1m
func FuzzLightEveryEvent(f *testing.F) {
	cases, err := lightCases()
	if err != nil {
		f.Fatal(err)
	}
	for i := range cases {
		for k := trace.KindNode; k <= trace.KindNote; k++ {
			for _, node := range []int32{-1, 0, 1} {
				f.Add(uint16(i), uint16(len(cases[i].events)/2), uint8(k), node)
			}
		}
	}
	f.Fuzz(func(t *testing.T, which, cut uint16, kind uint8, node int32) {
		c := cases[int(which)%len(cases)]
		n := 1 + int(cut)%(len(c.events)-1)
		k := trace.Kind(1 + int(kind)%int(trace.KindNote))
		last := trace.Event{Kind: k}
		if i := slices.IndexFunc(c.events, func(e trace.Event) bool { return e.Kind == k }); i >= 0 {
			last = c.events[i]
		}
		last.Step, last.Node = n, trace.NodeID(node)
		tr, err := trace.NewTree(append(slices.Clip(c.events[:n]), last))
		if err != nil {
			return // a trace the fold refuses never reaches a viewer
		}
		if err := tr.Seek(tr.Len() - 1); err != nil {
			t.Fatal(err)
		}
		for form, code := range c.forms {
			lines := len(code.Text())
			for _, l := range code.Lighting(tr) {
				if l < 1 || l > lines { // lines are numbered from 1
					t.Errorf("%s (%s): a %s event at node %d lights line %d of %d", c.name, form, k, node, l, lines)
				}
			}
		}
		for _, v := range []trace.View{trace.ViewRoot, trace.ViewSide} {
			explain.Describe(tr, v)
		}
	})
}
