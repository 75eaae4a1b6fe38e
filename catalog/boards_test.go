package catalog_test

import (
	"context"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/trace"
)

// TestFillBoards runs every algorithm on every game twice, with boards
// and without (Run.OmitBoards), and checks that FillBoards gives the
// second trace exactly the boards the first recorded, the search having
// made them from the states themselves.
func TestFillBoards(t *testing.T) {
	t.Parallel()
	for _, g := range catalog.Games() {
		for _, a := range catalog.Algorithms() {
			if a.Family != g.Family {
				continue
			}
			algo := specAtDepth(a, 3)
			for i, pos := range testPositions(g) {
				t.Run(g.Name+"/"+a.Name+"/"+positionName(i), func(t *testing.T) {
					t.Parallel()
					_, with := recordRun(t, catalog.Request{Game: g.Name, Algo: algo, Position: pos, Seed: 1}, false)
					r, without := recordRun(t, catalog.Request{Game: g.Name, Algo: algo, Position: pos, Seed: 1}, true)
					if slices.ContainsFunc(without, func(e trace.Event) bool { return e.Board != "" }) {
						t.Fatalf("%s %s %q: a node has a board after OmitBoards", g.Name, algo, pos)
					}
					if err := catalog.FillBoards(r.Header(), without); err != nil {
						t.Fatalf("%s %s %q: %v", g.Name, algo, pos, err)
					}
					if len(without) != len(with) {
						t.Fatalf("%s %s %q: %d events without boards, %d with", g.Name, algo, pos, len(without), len(with))
					}
					filled, recorded := normalize(without), normalize(with)
					for i := range recorded {
						// The two runs took their own time.
						filled[i].Counters.Elapsed, recorded[i].Counters.Elapsed = 0, 0
						if !reflect.DeepEqual(filled[i], recorded[i]) {
							t.Errorf("%s %s %q: event %d: filled %+v, recorded %+v", g.Name, algo, pos, i, filled[i], recorded[i])
							break
						}
					}
				})
			}
		}
	}
}

// TestFillBoardsLeavesOthers checks the traces FillBoards leaves alone or
// refuses: a game it does not know, nodes that have their boards, a move
// that is not legal, and a position that does not parse.
func TestFillBoardsLeavesOthers(t *testing.T) {
	t.Parallel()
	root := trace.Event{Kind: trace.KindNode, Node: 0, Parent: trace.NoNode, Action: -1, Type: trace.TypeMax}
	child := func(action int) trace.Event {
		return trace.Event{Kind: trace.KindNode, Node: 1, Parent: 0, Action: action, Depth: 1, Type: trace.TypeMin}
	}
	h := trace.Header{Game: "tictactoe", Position: "x.o/.x./..o"}
	tests := []struct {
		name    string
		h       trace.Header
		events  []trace.Event
		boards  []string // each node's board afterwards
		wantErr string
	}{
		{"unknown game", trace.Header{Game: "chess", Position: "?"}, []trace.Event{root}, []string{""}, ""},
		{"boards given", trace.Header{Game: "tictactoe", Position: "not a board"}, []trace.Event{{Kind: trace.KindNode, Parent: trace.NoNode, Board: "b"}}, []string{"b"}, ""},
		{"legal move", h, []trace.Event{root, child(1)}, []string{"x.o/.x./..o", "xxo/.x./..o"}, ""},
		{"illegal move", h, []trace.Event{root, child(0)}, []string{"x.o/.x./..o", ""}, ""},
		{"bad position", trace.Header{Game: "tictactoe", Position: "xxxx"}, []trace.Event{root}, []string{""}, "position"},
		{"bad game parameter", trace.Header{Game: "maze h=2", Position: ""}, []trace.Event{root}, []string{""}, "h=2"},
	}
	for _, tt := range tests {
		events := slices.Clone(tt.events)
		err := catalog.FillBoards(tt.h, events)
		if tt.wantErr == "" && err != nil || tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)) {
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.wantErr)
		}
		for i, e := range events {
			if e.Board != tt.boards[i] {
				t.Errorf("%s: node %d has board %q, want %q", tt.name, i, e.Board, tt.boards[i])
			}
		}
	}
}

// recordRun runs a request, without boards if omitBoards, and returns the
// run and its trace.
func recordRun(t *testing.T, req catalog.Request, omitBoards bool) (*catalog.Run, []trace.Event) {
	t.Helper()
	r, err := catalog.Prepare(req)
	if err != nil {
		t.Fatal(err)
	}
	if omitBoards {
		r.OmitBoards()
	}
	rec := trace.NewRecorder(0)
	if _, err := r.Search(context.Background(), rec); err != nil {
		t.Fatalf("%+v: %v", req, err)
	}
	return r, rec.Events()
}
