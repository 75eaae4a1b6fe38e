package gametest_test

import (
	"errors"
	"fmt"
	"strconv"
	"testing"

	"github.com/searchviz/searchviz/games/board"
	"github.com/searchviz/searchviz/games/gametest"
)

var (
	dot  = board.Cell{}
	xPic = board.Cell{Kind: board.Piece, Owner: board.First, Mark: "x"}
	wall = board.Cell{Kind: board.Wall, Mark: "#"}
)

// row is a position of one row of cells, 'x' or '.', drawn as a board;
// Edit writes a board back, refusing any cell but those two.
type row string

func (r row) Board() board.Board {
	b := board.New(1, len(r), "caption")
	for i := range len(r) {
		if r[i] == 'x' {
			b.Set(0, i, xPic)
		}
	}
	return b
}

func (r row) Edit(b board.Board) (string, error) {
	text := make([]byte, len(b.Cells))
	for i, c := range b.Cells {
		switch c {
		case dot:
			text[i] = '.'
		case xPic:
			text[i] = 'x'
		default:
			return "", fmt.Errorf("row: cell %d is not in the palette", i)
		}
	}
	return string(text), nil
}

// A test of a check runs it on a Recorder and compares the failures with
// the test's fail: "" for none, else a part of one failure.

func TestCheckBoard(t *testing.T) {
	t.Parallel()
	b := row("x.").Board()
	tests := []struct {
		name string
		b    board.Board
		want gametest.Drawn
		fail string
	}{
		{"right", b, gametest.Drawn{Rows: 1, Cols: 2, Caption: "caption", Cells: gametest.Cells{{0, 0}: xPic, {0, 1}: dot}}, ""},
		{"other caption", b, gametest.Drawn{Rows: 1, Cols: 2}, `board 1x2, caption "caption", Check <nil>; want 1x2, ""`},
		{"other size", b, gametest.Drawn{Rows: 2, Cols: 1, Caption: "caption"}, "want 2x1"},
		{"other cell", b, gametest.Drawn{Rows: 1, Cols: 2, Caption: "caption", Cells: gametest.Cells{{0, 1}: xPic}}, "name: cell (0, 1) = "},
		{"malformed", board.Board{Rows: 1, Cols: 2, Caption: "caption"}, gametest.Drawn{Rows: 1, Cols: 2, Caption: "caption"}, "Check board: 0 cells for 1x2"},
	}
	for _, tt := range tests {
		r := &gametest.Recorder{}
		gametest.CheckBoard(r, "name", tt.b, tt.want)
		if !r.Matches(tt.fail) {
			t.Errorf("%s: failures %q, want %q", tt.name, r.Errors, tt.fail)
		}
	}
}

func TestCheckChanged(t *testing.T) {
	t.Parallel()
	before, after := row("...").Board(), row(".x.").Board()
	tests := []struct {
		name   string
		before board.Board
		cells  [][2]int
		fail   string
	}{
		{"right", before, [][2]int{{0, 1}}, ""},
		{"another cell", before, [][2]int{{0, 2}}, "move: cell (0, 1) changed = true, want false"},
		{"too few", before, nil, "cell (0, 1) changed = true, want false"},
		{"too many", before, [][2]int{{0, 1}, {0, 0}}, "cell (0, 0) changed = false, want true"},
		{"other shape", row("..").Board(), [][2]int{{0, 1}}, "a board of 1x3 after one of 1x2"},
	}
	for _, tt := range tests {
		r := &gametest.Recorder{}
		gametest.CheckChanged(r, "move", after, tt.before, tt.cells...)
		if !r.Matches(tt.fail) {
			t.Errorf("%s: failures %q, want %q", tt.name, r.Errors, tt.fail)
		}
	}
}

func TestCheckEdit(t *testing.T) {
	t.Parallel()
	tests := []struct {
		edits gametest.Cells
		want  string
		fail  string
	}{
		{gametest.Cells{{0, 0}: dot, {0, 2}: xPic}, "..x", ""},
		{nil, "x..", ""},
		{gametest.Cells{{0, 0}: dot, {0, 2}: xPic}, "x.x", `x.. edited: "..x", <nil>; want "x.x"`},
		{gametest.Cells{{0, 1}: wall}, "x#.", "row: cell 1 is not in the palette"},
	}
	for _, tt := range tests {
		r := &gametest.Recorder{}
		gametest.CheckEdit(r, "x..", row("x.."), tt.edits, tt.want)
		if !r.Matches(tt.fail) {
			t.Errorf("edits %v to %q: failures %q, want %q", tt.edits, tt.want, r.Errors, tt.fail)
		}
	}
}

func TestCheckEditError(t *testing.T) {
	t.Parallel()
	bad := row("x.").Board()
	bad.Set(0, 1, wall)
	tests := []struct {
		b          board.Board
		want, fail string
	}{
		{bad, "row: cell 1 is not in the palette", ""},
		{bad, "row: cell 1", `want the error "row: cell 1"`},
		{row("x.").Board(), "row: cell 1", `Edit(1x2) = "x.", <nil>; want the error`},
	}
	for _, tt := range tests {
		r := &gametest.Recorder{}
		gametest.CheckEditError(r, row("x."), tt.b, tt.want)
		if !r.Matches(tt.fail) {
			t.Errorf("%q: failures %q, want %q", tt.want, r.Errors, tt.fail)
		}
	}
}

func TestPanics(t *testing.T) {
	t.Parallel()
	tests := []struct {
		f    func()
		fail string
	}{
		{func() { panic("boom") }, ""},
		{func() { panic("bang") }, `f() panics with bang, want "boom"`},
		{func() {}, `f() panics with <nil>, want "boom"`},
	}
	for _, tt := range tests {
		r := &gametest.Recorder{}
		gametest.Panics(r, "f()", "boom", tt.f)
		if !r.Matches(tt.fail) {
			t.Errorf("failures %q, want %q", r.Errors, tt.fail)
		}
	}
}

func TestParseError(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text, want string
		fail       string
	}{
		{"-1", "nim: bad pile", ""},
		{"-1", "want a number", ""},
		{"-1", "pile of", `parsing "-1": nim: bad pile "-1": want a number of stones >= 0` + "\nwant an error containing: pile of"},
		{"3", "nim", `parsing "3" gives 3, want an error`},
	}
	for _, tt := range tests {
		r := &gametest.Recorder{}
		err := gametest.ParseError(r, parser(""), tt.text, tt.want)
		if !r.Matches(tt.fail) || (err != nil) != (tt.text == "-1") {
			t.Errorf("ParseError(%q, %q) = %v, failures %q; want %q", tt.text, tt.want, err, r.Errors, tt.fail)
		}
	}
}

func TestMustParse(t *testing.T) {
	t.Parallel()
	if s := gametest.MustParse(t, parser(""), "4"); s.String() != "4" {
		t.Errorf("MustParse(4) = %s", s)
	}
	r := &fatalRecorder{}
	func() {
		defer func() {
			if p := recover(); p != nil && p != errFatal {
				panic(p)
			}
		}()
		gametest.MustParse(r, strconv.Atoi, "x")
		t.Error("MustParse went on after a parse error")
	}()
	if len(r.Errors) != 1 || !r.Matches(`parsing "x": strconv.Atoi: parsing "x": invalid syntax`) {
		t.Errorf("MustParse(x) reports %q", r.Errors)
	}
}

// errFatal is what a fatalRecorder panics with to stop the check.
var errFatal = errors.New("fatal")

// fatalRecorder is a Recorder whose Fatalf records and stops the caller.
type fatalRecorder struct {
	gametest.Recorder
}

func (r *fatalRecorder) Fatalf(format string, args ...any) {
	r.Errorf(format, args...)
	panic(errFatal)
}

func TestRecorderMatches(t *testing.T) {
	t.Parallel()
	r := &gametest.Recorder{}
	if !r.Matches("") || r.Matches("x") {
		t.Errorf("no failures: Matches(\"\") = %t, Matches(x) = %t; want true, false", r.Matches(""), r.Matches("x"))
	}
	r.Errorf("a %s b", "x")
	if r.Matches("") || !r.Matches("a x b") || !r.Matches("x") || r.Matches("y") {
		t.Errorf("failures %q: Matches wrong", r.Errors)
	}
}
