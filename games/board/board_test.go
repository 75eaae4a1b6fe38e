package board_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/games/board"
)

func TestCellJSON(t *testing.T) {
	t.Parallel()
	tests := []struct {
		cell board.Cell
		json string
	}{
		{board.Cell{}, `{"kind":"empty","owner":"nobody","mark":""}`},
		{board.Cell{Kind: board.Wall, Mark: "#"}, `{"kind":"wall","owner":"nobody","mark":"#"}`},
		{board.Cell{Kind: board.Points, Mark: "5"}, `{"kind":"points","owner":"nobody","mark":"5"}`},
		{board.Cell{Kind: board.Piece, Owner: board.Second, Mark: "o"}, `{"kind":"piece","owner":"second","mark":"o"}`},
		{board.Cell{Kind: board.Piece, Owner: board.Both, Mark: "X"}, `{"kind":"piece","owner":"both","mark":"X"}`},
	}
	for _, tt := range tests {
		got, err := json.Marshal(tt.cell)
		if err != nil || string(got) != tt.json {
			t.Errorf("Marshal(%+v) = %s, %v; want %s", tt.cell, got, err, tt.json)
		}
		var back board.Cell
		if err := json.Unmarshal([]byte(tt.json), &back); err != nil || back != tt.cell {
			t.Errorf("Unmarshal(%s) = %+v, %v; want %+v", tt.json, back, err, tt.cell)
		}
	}
}

func TestCellJSONErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		json, want string
	}{
		{`{"kind":"lava"}`, `board: unknown kind "lava" (known: empty, wall, points, piece)`},
		{`{"kind":"piece","owner":"third"}`, `board: unknown owner "third" (known: nobody, first, second, both)`},
		{`{"kind":"Wall"}`, `unknown kind "Wall"`},
		{`{"kind":3}`, "cannot unmarshal number"},
	}
	for _, tt := range tests {
		var c board.Cell
		if err := json.Unmarshal([]byte(tt.json), &c); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Unmarshal(%s) = %v, want an error containing %q", tt.json, err, tt.want)
		}
	}
	if _, err := json.Marshal(board.Cell{Kind: 7}); err == nil || !strings.Contains(err.Error(), "board: no name for kind 7") {
		t.Errorf("Marshal of kind 7: %v", err)
	}
}

func TestChanged(t *testing.T) {
	t.Parallel()
	x := board.Cell{Kind: board.Piece, Owner: board.First, Mark: "x"}
	before := board.New(2, 2, "2 turns left")
	after := board.New(2, 2, "1 turn left")
	after.Set(1, 0, x)
	tests := []struct {
		name          string
		after, before board.Board
		want          []bool
	}{
		{"one cell", after, before, []bool{false, false, true, false}},
		{"the caption alone is no change", board.New(2, 2, "a"), board.New(2, 2, "b"), []bool{false, false, false, false}},
		{"other shape", board.New(1, 4, ""), before, nil},
		{"short cells", after, board.Board{Rows: 2, Cols: 2, Cells: make([]board.Cell, 3)}, nil},
	}
	for _, tt := range tests {
		if got := tt.after.Changed(tt.before); !slices.Equal(got, tt.want) || (got == nil) != (tt.want == nil) {
			t.Errorf("%s: Changed = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestCheck(t *testing.T) {
	t.Parallel()
	tests := []struct {
		b    board.Board
		want string // "" for none
	}{
		{board.New(3, 3, ""), ""},
		{board.New(board.MaxSide, 1, ""), ""},
		{board.New(0, 3, ""), "board: 0x3 is not drawable (sides 1..32)"},
		{board.New(board.MaxSide+1, 1, ""), "board: 33x1 is not drawable"},
		{board.Board{Rows: 2, Cols: 2}, "board: 0 cells for 2x2"},
		{board.Board{Rows: 1, Cols: 2, Cells: []board.Cell{{}, {Owner: 4}}}, "board: cell 1 of 1x2 is empty of Owner(4)"},
	}
	for _, tt := range tests {
		err := tt.b.Check()
		if (tt.want == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Check(%dx%d, %d cells) = %v, want %q", tt.b.Rows, tt.b.Cols, len(tt.b.Cells), err, tt.want)
		}
	}
}
