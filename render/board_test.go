package render

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/games/board"
	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/trace"
)

// gameBoards returns the board reader of a game of the catalog, as the
// callers of WriteDOT set Options.Board.
func gameBoards(tb testing.TB, game string) func(string) (board.Board, bool) {
	tb.Helper()
	g, err := catalog.LookupGame(game)
	if err != nil {
		tb.Fatal(err)
	}
	return g.Board
}

func TestReadBoard(t *testing.T) {
	testenv.SkipUnderRace(t, "draws boards in the test goroutine")
	t.Parallel()
	tictactoe := gameBoards(t, "tictactoe")
	huge := func(string) (board.Board, bool) { return board.New(board.MaxSide+1, 1, ""), true }
	malformed := func(string) (board.Board, bool) { return board.Board{Rows: 2, Cols: 2}, true }
	tests := []struct {
		name       string
		read       func(string) (board.Board, bool)
		text       string
		rows, cols int // 0 for no board
	}{
		{"tic-tac-toe", tictactoe, "x.o/.x./..o", 3, 3},
		{"no reader", nil, "x.o/.x./..o", 0, 0},
		{"no text", tictactoe, "", 0, 0},
		{"text the game refuses", tictactoe, "x.o/.x.", 0, 0},
		{"another game's text", tictactoe, "3:#.5#/.@18/3#..", 0, 0},
		{"too big to draw", huge, "x", 0, 0},
		{"malformed", malformed, "x", 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			b := readBoard(explain.English, tt.read, tt.text)
			switch {
			case tt.rows == 0 && b != nil:
				t.Errorf("read a %dx%d board, want none", b.Rows, b.Cols)
			case tt.rows != 0 && (b == nil || b.Rows != tt.rows || b.Cols != tt.cols):
				t.Errorf("read %v, want a %dx%d board", b, tt.rows, tt.cols)
			}
		})
	}
}

func TestBoardTable(t *testing.T) {
	testenv.SkipUnderRace(t, "draws boards in the test goroutine")
	t.Parallel()
	maze := gameBoards(t, "maze")
	twin := gameBoards(t, "twinmaze-turns")
	tests := []struct {
		name, parent, text string
		read               func(string) (board.Board, bool)
		marks              []string // every cell's mark, row by row
		bold               []string // the marks of the changed cells
		yellow             int      // changed cells, with or without a mark
	}{
		{"tic-tac-toe", "x.o/.x./..o", "x.o/.xx/..o", gameBoards(t, "tictactoe"),
			[]string{"x", "", "o", "", "x", "x", "", "", "o"}, []string{"x"}, 1},
		{"maze: the player moves onto points", "3:#.5#/.@18/3#..", "2:#.5#/..@8/3#..", maze,
			[]string{"#", "", "5", "#", "", "", "@", "8", "3", "#", "", ""}, []string{"@"}, 2},
		// The side to move is the caption's, not a row of ';' and 'A'.
		{"twinmaze-turns: A moves", "1:A9B;A", "1:.AB;B", twin,
			[]string{"", "A", "B"}, []string{"A"}, 2},
		{"no parent", "", "1:.AB;B", twin, []string{"", "A", "B"}, nil, 0},
	}
	cell := regexp.MustCompile(`<TD FIXEDSIZE="TRUE" WIDTH="12" HEIGHT="12"( BGCOLOR="` + colorYellow + `")?>(?:<FONT POINT-SIZE="10">(?:<B>)?([^<]*)(?:</B>)?</FONT>)?</TD>`)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var parent *board.Board
			if tt.parent != "" {
				parent = readBoard(explain.English, tt.read, tt.parent)
			}
			var b strings.Builder
			boardTable(&b, readBoard(explain.English, tt.read, tt.text), parent)
			var marks, bold []string
			yellow := 0
			for _, m := range cell.FindAllStringSubmatch(b.String(), -1) {
				marks = append(marks, m[2])
				if m[1] != "" {
					yellow++
					if m[2] != "" {
						bold = append(bold, m[2])
					}
				}
			}
			if strings.Join(marks, ",") != strings.Join(tt.marks, ",") || strings.Join(bold, ",") != strings.Join(tt.bold, ",") || yellow != tt.yellow {
				t.Errorf("cells %q, bold %q, %d on yellow; want %q, %q, %d", marks, bold, yellow, tt.marks, tt.bold, tt.yellow)
			}
		})
	}
}

func TestBoardCaption(t *testing.T) {
	testenv.SkipUnderRace(t, "draws boards in the test goroutine")
	t.Parallel()
	tests := []struct {
		lang       explain.Lang
		game, text string
		caption    string // "" for no caption row
		minInner   int    // the label's width at least
	}{
		{explain.English, "tictactoe", "x.o/.x./..o", "", labelWidth},
		{explain.English, "maze", "3:#.5#/.@18/3#..", "3 turns left", labelWidth},
		{explain.English, "maze", "1:.@9", "1 turn left", labelWidth},
		{explain.English, "twinmaze-turns", "20:39793/3#3#3/1A6B1/9#6#9/68486;B", "20 turns left, B to move", 100},
		{explain.Japanese, "maze", "3:#.5#/.@18/3#..", "残り 3 ターン", labelWidth},
		// 9 kana, kanji and marks at two capitals' width each, and 5 others:
		// 23 × 5.6 points.
		{explain.Japanese, "twinmaze-turns", "20:39793/3#3#3/1A6B1/9#6#9/68486;B", "残り 20 ターン、Bの手番", 128},
	}
	for _, tt := range tests {
		t.Run(tt.lang.Code()+" "+tt.game+" "+tt.text, func(t *testing.T) {
			t.Parallel()
			b := readBoard(tt.lang, gameBoards(t, tt.game), tt.text)
			if b == nil {
				t.Fatal("no board")
			}
			g := geometryOf(trace.NodeState{Type: trace.TypeSingle}, b, captionRuneWidth, 0) // a box: its height is its content's
			label := nodeLabel(0, NodeDisplay{}, g, nil, Options{})
			row := `<FONT POINT-SIZE="` + strconv.Itoa(fontWindow) + `">` + tt.caption + `</FONT>`
			if has := strings.Contains(label, row); has != (tt.caption != "") {
				t.Errorf("caption row %q present %v, want %v", tt.caption, has, tt.caption != "")
			}
			height := b.Rows*cellSize + 2 + valueHeight + windowHeight
			if tt.caption != "" {
				height += captionHeight
			}
			if g.inner < tt.minInner || g.inner < b.Cols*cellSize+2 || g.inner < captionWidth(tt.caption, captionRuneWidth) {
				t.Errorf("label %d wide, too narrow for %d columns and the caption %q", g.inner, b.Cols, tt.caption)
			}
			if want := `WIDTH="` + strconv.Itoa(cellSize) + `" HEIGHT="` + strconv.Itoa(cellSize) + `"`; strings.Count(label, want) != b.Rows*b.Cols {
				t.Errorf("%d cells drawn, want %d", strings.Count(label, want), b.Rows*b.Cols)
			}
			if got := int(g.height - edgeMargin); got != height {
				t.Errorf("content %d high, want %d", got, height)
			}
		})
	}
}
