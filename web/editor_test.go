package web

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/games/board"
)

// postEditor posts form to the position editor and returns the status
// and the answer, with its error if it has one.
func postEditor(t *testing.T, base string, form url.Values) (int, editorMsg, string) {
	t.Helper()
	res, body := postForm(t, base+"/editor", form)
	if ct := res.Header.Get("Content-Type"); ct != "application/json" {
		t.Fatalf("POST /editor: Content-Type %q: %s", ct, body)
	}
	var msg struct {
		editorMsg
		Error string `json:"error"`
	}
	if err := json.Unmarshal([]byte(body), &msg); err != nil {
		t.Fatalf("POST /editor: %v: %s", err, body)
	}
	return res.StatusCode, msg.editorMsg, msg.Error
}

func TestEditorOpens(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	tests := []struct {
		name     string
		form     url.Values
		position string
		rows     int
		caption  string
		cell     int
		want     board.Cell
		name0    string // the first cell's name
	}{
		{"tic-tac-toe", url.Values{"game": {"tictactoe"}, "position": {"x.o/.x./..o"}}, "x.o/.x./..o", 3, "", 2,
			board.Cell{Kind: board.Piece, Owner: board.Second, Mark: "o"}, "a3"},
		{"the generated maze of the parameters and seed", url.Values{"game": {"maze"}, "game.maze.h": {"3"}, "game.maze.w": {"7"}, "game.maze.turns": {"2"}, "seed": {"5"}}, "", 3, "2 turns left", 10,
			board.Cell{Kind: board.Piece, Owner: board.First, Mark: "@"}, "row 1, column 1"},
		{"twinmaze-turns", url.Values{"game": {"twinmaze-turns"}, "position": {"1:.AB;B"}}, "1:.AB;B", 1, "1 turn left, B to move", 1,
			board.Cell{Kind: board.Piece, Owner: board.First, Mark: "A"}, "row 1, column 1"},
	}
	for _, tt := range tests {
		code, msg, errText := postEditor(t, ts.URL, tt.form)
		if code != http.StatusOK || msg.Board == nil {
			t.Errorf("%s: status %d, board %v, error %q", tt.name, code, msg.Board, errText)
			continue
		}
		b := msg.Board
		if tt.position != "" && msg.Position != tt.position || b.Rows != tt.rows || b.Caption != tt.caption || b.Cells[tt.cell] != tt.want || msg.Names[0] != tt.name0 || len(msg.Palette) < 3 {
			t.Errorf("%s: %q, %dx%d %q, cell %d %+v, names %q, palette %d; want %q, %d rows, %q, %+v, %q",
				tt.name, msg.Position, b.Rows, b.Cols, b.Caption, tt.cell, b.Cells[tt.cell], msg.Names, len(msg.Palette), tt.position, tt.rows, tt.caption, tt.want, tt.name0)
		}
	}
	// A chance tree has no board or outline to edit, and its position is
	// read: no error, which the start page would show under the field.
	for _, form := range []url.Values{
		{"game": {"chancetree"}, "position": {"[{0.5:3,0.5:12},{0.5:2,0.5:20}]"}},
		{"game": {"chancetree"}},
	} {
		if code, msg, errText := postEditor(t, ts.URL, form); code != http.StatusOK || errText != "" || msg.Board != nil || msg.Outline != nil {
			t.Errorf("%v: status %d, %+v, error %q; want 200 and nothing to edit", form, code, msg, errText)
		}
	}
	code, msg, errText := postEditor(t, ts.URL, url.Values{"game": {"tree"}, "position": {"[[1,2],3]"}})
	if code != http.StatusOK || msg.Board != nil || msg.Outline == nil || msg.Outline.Name != "A" || msg.Outline.Children[0].Name != "B" ||
		strings.Join(msg.Outline.Children[0].Labels, " ") != "b1 b2" || msg.Outline.Children[1] != nil {
		t.Errorf("tree: status %d, %+v, error %q; want A's outline with B (b1 b2) and a leaf", code, msg, errText)
	}
}

func TestEditorEdits(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	wall := board.Cell{Kind: board.Wall, Mark: "#"}
	player := board.Cell{Kind: board.Piece, Owner: board.First, Mark: "@"}
	tests := []struct {
		name, game, base string
		edit             map[int]board.Cell
		want, problem    string
	}{
		{"x on a1", "tictactoe", ".../.../...", map[int]board.Cell{6: {Kind: board.Piece, Owner: board.First, Mark: "x"}}, ".../.../x..", ""},
		{"two x: written, and why it is no position", "tictactoe", ".../.../...",
			map[int]board.Cell{0: {Kind: board.Piece, Owner: board.First, Mark: "x"}, 1: {Kind: board.Piece, Owner: board.First, Mark: "x"}},
			"xx./.../...", "x has 2 marks and o has 0"},
		{"a wall, the turns kept", "maze", "3:#.5#/.@18/3#..", map[int]board.Cell{1: wall}, "3:##5#/.@18/3#..", ""},
		{"a second player", "maze", "3:#.5#/.@18/3#..", map[int]board.Cell{0: player}, "3:@.5#/.@18/3#..", "a second '@'"},
		{"the side to move kept", "twinmaze-turns", "1:.AB;B", map[int]board.Cell{0: {Kind: board.Points, Mark: "7"}}, "1:7AB;B", ""},
	}
	for _, tt := range tests {
		_, opened, _ := postEditor(t, ts.URL, url.Values{"game": {tt.game}, "position": {tt.base}})
		b := *opened.Board
		for k, c := range tt.edit {
			b.Cells[k] = c
		}
		edited, err := json.Marshal(b)
		if err != nil {
			t.Fatal(err)
		}
		code, msg, errText := postEditor(t, ts.URL, url.Values{"game": {tt.game}, "position": {tt.base}, "board": {string(edited)}})
		if code != http.StatusOK || msg.Position != tt.want || (tt.problem == "") != (msg.Problem == "") || !strings.Contains(msg.Problem, tt.problem) {
			t.Errorf("%s: status %d, %q, problem %q, error %q; want %q, problem %q", tt.name, code, msg.Position, msg.Problem, errText, tt.want, tt.problem)
		}
	}
}

func TestEditorErrors(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	ttt := func(extra ...string) url.Values {
		v := url.Values{"game": {"tictactoe"}, "position": {".../.../..."}}
		for i := 0; i+1 < len(extra); i += 2 {
			v.Set(extra[i], extra[i+1])
		}
		return v
	}
	tests := []struct {
		name string
		form url.Values
		want string
	}{
		{"unknown game", url.Values{"game": {"chess"}}, `unknown game "chess"`},
		{"a position that does not parse", ttt("position", "xo"), "position: tictactoe: at offset"},
		{"a parameter out of range", url.Values{"game": {"maze"}, "game.maze.h": {"99"}}, "h=99 is out of range"},
		{"a seed that is no number", url.Values{"game": {"maze"}, "seed": {"x"}}, `seed "x" is not a whole number`},
		{"a board that is no JSON", ttt("board", "{"), "the edited board is not a board"},
		{"an unknown kind", ttt("board", `{"rows":3,"cols":3,"cells":[{"kind":"lava"}]}`), `unknown kind "lava"`},
		{"a board of another size", ttt("board", `{"rows":1,"cols":1,"cells":[{"kind":"empty"}]}`), "an edited board of 1x1 cells for a position of 3x3"},
		{"too few cells", ttt("board", `{"rows":3,"cols":3,"cells":[]}`), "0 cells for 3x3"},
		{"a cell not in the palette", ttt("board", `{"rows":3,"cols":3,"cells":[{"kind":"wall"},{},{},{},{},{},{},{},{}]}`), "not in the palette"},
		{"the tree has no board", url.Values{"game": {"tree"}, "position": {"[1,2]"}, "board": {`{"rows":1,"cols":1,"cells":[{}]}`}}, "editing a position with no board"},
		{"a request over the limit", ttt("board", strings.Repeat(" ", maxEditorRequest)), "could not be read (at most 128 KiB)"},
	}
	for _, tt := range tests {
		code, _, errText := postEditor(t, ts.URL, tt.form)
		if code != http.StatusBadRequest || !strings.Contains(errText, tt.want) {
			t.Errorf("%s: status %d, error %q; want 400 and an error containing %q", tt.name, code, errText, tt.want)
		}
	}
}
