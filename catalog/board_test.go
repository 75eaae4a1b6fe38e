package catalog_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/games/board"
)

func mustGame(t *testing.T, name string) catalog.Game {
	t.Helper()
	g, err := catalog.LookupGame(name)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestGameBoard(t *testing.T) {
	t.Parallel()
	tests := []struct {
		game, position string
		rows, cols     int // 0 for no board
		caption        string
		row, col       int
		cell           board.Cell
	}{
		{"tictactoe", "x.o/.x./..o", 3, 3, "", 0, 2, board.Cell{Kind: board.Piece, Owner: board.Second, Mark: "o"}},
		{"maze", "3:#.5#/.@18/3#..", 3, 4, "3 turns left", 1, 1, board.Cell{Kind: board.Piece, Owner: board.First, Mark: "@"}},
		{"twinmaze", "20:39793/3#3#3/1A6B1/9#6#9/68486", 5, 5, "20 turns left", 2, 3, board.Cell{Kind: board.Piece, Owner: board.Second, Mark: "B"}},
		// The side to move is the caption's: the board has the grid's rows only.
		{"twinmaze-turns", "20:39793/3#3#3/1A6B1/9#6#9/68486;A", 5, 5, "20 turns left, A to move", 4, 4, board.Cell{Kind: board.Points, Mark: "6"}},
		{"twinmaze-turns", "1:.AB;B", 1, 3, "1 turn left, B to move", 0, 0, board.Cell{}},
		{"tree", "[[3,12,8],[2,4,6]]", 0, 0, "", 0, 0, board.Cell{}},
		{"tictactoe", "", 0, 0, "", 0, 0, board.Cell{}},
		{"tictactoe", "xxx/xxx/xxx", 0, 0, "", 0, 0, board.Cell{}},
		{"maze", "x.o/.x./..o", 0, 0, "", 0, 0, board.Cell{}},
		{"twinmaze", "20:39793/3#3#3/1A6B1/9#6#9/68486;A", 0, 0, "", 0, 0, board.Cell{}},
		{"maze", "", 0, 0, "", 0, 0, board.Cell{}}, // no board is made up for no text
	}
	for _, tt := range tests {
		b, ok := mustGame(t, tt.game).Board(tt.position)
		if ok != (tt.rows > 0) {
			t.Errorf("%s %q: ok %v, want %v", tt.game, tt.position, ok, tt.rows > 0)
			continue
		}
		if !ok {
			continue
		}
		if b.Rows != tt.rows || b.Cols != tt.cols || b.Caption != tt.caption || b.At(tt.row, tt.col) != tt.cell {
			t.Errorf("%s %q: %dx%d, caption %q, cell (%d, %d) %+v; want %dx%d, %q, %+v",
				tt.game, tt.position, b.Rows, b.Cols, b.Caption, tt.row, tt.col, b.At(tt.row, tt.col), tt.rows, tt.cols, tt.caption, tt.cell)
		}
	}
	if _, ok := (catalog.Game{}).Board("x.o/.x./..o"); ok {
		t.Error("the zero Game reads a board")
	}
}

func TestLookupGameSpec(t *testing.T) {
	t.Parallel()
	tests := []struct {
		spec, want, err string
	}{
		{"tictactoe", "tictactoe", ""},
		{"maze h=5 w=5", "maze", ""},
		{"twinmaze-turns turns=3", "twinmaze-turns", ""},
		{"maze size=9", "maze", ""}, // a trace from elsewhere may have other parameters
		{"", "", "game: spec: empty"},
		{"go", "", `unknown game "go"`},
	}
	for _, tt := range tests {
		g, err := catalog.LookupGameSpec(tt.spec)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("LookupGameSpec(%q) = %v, want an error containing %q", tt.spec, err, tt.err)
			}
			continue
		}
		if err != nil || g.Name != tt.want {
			t.Errorf("LookupGameSpec(%q) = %q, %v; want %q", tt.spec, g.Name, err, tt.want)
		}
	}
}

func TestOpenEditorBoards(t *testing.T) {
	t.Parallel()
	tests := []struct {
		spec     string
		seed     int64
		position string
		text     string // the position opened
		rows     int
		palette  int
		caption  string
	}{
		{"tictactoe", 0, "", ".../.../...", 3, 3, ""},
		{"tictactoe", 0, "x.o/.x./..o", "x.o/.x./..o", 3, 3, ""},
		// No position: the board the parameters and seed make, the primer's.
		{"maze", 0, "", "4:39737/3#1#6/69@86/6#8#4/36914", 5, 12, "4 turns left"},
		{"maze h=3 w=7 turns=2", 5, "", "", 3, 12, "2 turns left"},
		{"twinmaze-turns", 0, "", "20:39793/3#3#3/1A6B1/9#6#9/68486;A", 5, 14, "20 turns left, A to move"},
		{"twinmaze", 0, "1:A9B", "1:A9B", 1, 14, "1 turn left"},
	}
	for _, tt := range tests {
		e, err := catalog.OpenEditor(tt.spec, tt.seed, tt.position)
		if err != nil {
			t.Errorf("OpenEditor(%q, %d, %q): %v", tt.spec, tt.seed, tt.position, err)
			continue
		}
		if tt.text != "" && e.Position != tt.text || e.Board.Rows != tt.rows || len(e.Palette) != tt.palette || e.Board.Caption != tt.caption || e.Outline != nil {
			t.Errorf("OpenEditor(%q, %d, %q) = %q, %d rows, %d in the palette, caption %q, outline %v; want %q, %d, %d, %q, none",
				tt.spec, tt.seed, tt.position, e.Position, e.Board.Rows, len(e.Palette), e.Board.Caption, e.Outline, tt.text, tt.rows, tt.palette, tt.caption)
		}
		if len(e.Names) != e.Board.Rows*e.Board.Cols {
			t.Errorf("%s: %d cell names for %d cells", tt.spec, len(e.Names), e.Board.Rows*e.Board.Cols)
		}
		if again, ok := mustGame(t, strings.Fields(tt.spec)[0]).Board(e.Position); !ok || again.Caption != e.Board.Caption {
			t.Errorf("%s: the position opened, %q, has no board of its own", tt.spec, e.Position)
		}
	}
}

func TestEditorNames(t *testing.T) {
	t.Parallel()
	tests := []struct {
		spec, position string
		cell           int
		want           string
	}{
		{"tictactoe", "", 0, "a3"},
		{"tictactoe", "", 6, "a1"},
		{"tictactoe", "", 5, "c2"},
		{"maze", "3:#.5#/.@18/3#..", 0, "row 1, column 1"},
		{"maze", "3:#.5#/.@18/3#..", 6, "row 2, column 3"},
		{"twinmaze-turns", "1:.AB;B", 2, "row 1, column 3"},
	}
	for _, tt := range tests {
		e, err := catalog.OpenEditor(tt.spec, 0, tt.position)
		if err != nil {
			t.Fatal(err)
		}
		if e.Names[tt.cell] != tt.want {
			t.Errorf("%s %q: cell %d is named %q, want %q", tt.spec, tt.position, tt.cell, e.Names[tt.cell], tt.want)
		}
	}
}

func TestOpenEditorErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		spec, position, want string
	}{
		{"", "", "game: spec: empty"},
		{"chess", "", `unknown game "chess"`},
		{"maze h=4", "", "position: maze: height 4"},
		{"maze h=99", "", "h=99 is out of range"},
		{"maze", "3:#.5#/.@18/3#.", "position: maze: at offset 15: row 3 has 3 cells, want 4 as in row 1"},
		{"tictactoe", "xx./.../...", "position: tictactoe: impossible position"},
		{"tree", "[1,", "position: tree: at offset 3"},
	}
	for _, tt := range tests {
		_, err := catalog.OpenEditor(tt.spec, 0, tt.position)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("OpenEditor(%q, %q) = %v, want an error containing %q", tt.spec, tt.position, err, tt.want)
		}
		if errors.Is(err, catalog.ErrNotEditable) {
			t.Errorf("OpenEditor(%q, %q): %v is ErrNotEditable", tt.spec, tt.position, err)
		}
	}
}

func TestEditorEdit(t *testing.T) {
	t.Parallel()
	player := board.Cell{Kind: board.Piece, Owner: board.First, Mark: "@"}
	tests := []struct {
		spec, position string
		edit           func(b board.Board) board.Board
		want, err      string
	}{
		{"tictactoe", "", func(b board.Board) board.Board {
			b.Set(2, 0, board.Cell{Kind: board.Piece, Owner: board.First, Mark: "x"})
			return b
		}, ".../.../x..", ""},
		{"maze", "3:#.5#/.@18/3#..", func(b board.Board) board.Board {
			b.Set(1, 1, board.Cell{})
			b.Set(2, 3, player)
			return b
		}, "3:#.5#/..18/3#.@", ""},
		{"twinmaze-turns", "1:.AB;B", func(b board.Board) board.Board {
			b.Set(0, 0, board.Cell{Kind: board.Wall, Mark: "#"})
			return b
		}, "1:#AB;B", ""},
		{"maze", "3:#.5#/.@18/3#..", func(board.Board) board.Board { return board.New(4, 4, "") },
			"", "catalog: an edited board of 4x4 cells for a position of 3x4"},
		{"maze", "3:#.5#/.@18/3#..", func(b board.Board) board.Board {
			b.Set(0, 0, board.Cell{Kind: board.Piece, Owner: board.First, Mark: "x"})
			return b
		}, "", "maze: editing: row 1, column 1 holds a cell that is not in the palette"},
		{"tree", "[1,2]", func(b board.Board) board.Board { return b }, "", "catalog: editing a position with no board"},
	}
	for _, tt := range tests {
		e, err := catalog.OpenEditor(tt.spec, 0, tt.position)
		if err != nil {
			t.Fatal(err)
		}
		b := e.Board
		b.Cells = append([]board.Cell(nil), b.Cells...) // the editor's own stays as opened
		got, err := e.Edit(tt.edit(b))
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s %q: Edit = %q, %v; want an error containing %q", tt.spec, tt.position, got, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("%s %q: Edit = %q, %v; want %q", tt.spec, tt.position, got, err, tt.want)
		}
	}
}

func TestOpenEditorTree(t *testing.T) {
	t.Parallel()
	// Interior nodes are named breadth-first, A the root; a leaf is no
	// node of the outline. [[1,[2,3]],[[4,-5.5],6],0.25]: B and C are A's
	// interior children, D is B's, E is C's.
	e, err := catalog.OpenEditor("tree", 0, "[[1,[2,3]],[[4,-5.5],6],0.25]")
	if err != nil {
		t.Fatal(err)
	}
	a := e.Outline
	if a == nil || a.Name != "A" || !a.Max || strings.Join(a.Labels, " ") != "a1 a2 a3" || len(a.Children) != 3 || a.Children[2] != nil {
		t.Fatalf("the root's outline is %+v, want A (MAX) with a1 a2 a3, the third a leaf", a)
	}
	b, c := a.Children[0], a.Children[1]
	if b == nil || b.Name != "B" || b.Max || strings.Join(b.Labels, " ") != "b1 b2" || b.Children[0] != nil {
		t.Errorf("A's first child is %+v, want B (MIN) with b1 b2, b1 a leaf", b)
	}
	if c == nil || c.Name != "C" || c.Children[0] == nil || c.Children[0].Name != "E" || c.Children[1] != nil {
		t.Errorf("A's second child is %+v, want C with E and a leaf", c)
	}
	if d := b.Children[1]; d == nil || d.Name != "D" || !d.Max || strings.Join(d.Labels, " ") != "d1 d2" {
		t.Errorf("B's second child is %+v, want D (MAX) with d1 d2", d)
	}
	if e.Board.Rows != 0 || e.Palette != nil || e.Position != "[[1,[2,3]],[[4,-5.5],6],0.25]" {
		t.Errorf("the tree's editor has a %d-row board, palette %v, position %q", e.Board.Rows, e.Palette, e.Position)
	}
	if leaf, err := catalog.OpenEditor("tree", 0, "7"); err != nil || leaf.Outline != nil {
		t.Errorf("a tree of one leaf opens with outline %+v, %v; want none", leaf.Outline, err)
	}
}
