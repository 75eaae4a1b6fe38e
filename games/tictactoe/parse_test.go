package tictactoe_test

import (
	"strings"
	"testing"

	"github.com/searchviz/searchviz/games/gametest"
	"github.com/searchviz/searchviz/games/internal/xo/xotest"
	"github.com/searchviz/searchviz/games/tictactoe"
)

func TestParse(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text   string
		toMove byte
		winner byte
		done   bool
	}{
		{".../.../...", 'x', 0, false},
		{"x.o/.x./..o", 'x', 0, false},
		{"x../.../...", 'o', 0, false},
		{"xxx/oo./...", 'o', 'x', true},
		{"xoo/.x./..x", 'o', 'x', true},
		{"xx./ooo/x..", 'x', 'o', true},
		{"xxx/xoo/xoo", 'o', 'x', true}, // x's last mark made two lines at once
		{"xox/xoo/oxx", 'o', 0, true},
	}
	for _, tt := range tests {
		xotest.CheckParse(t, tictactoe.Parse, tt.text, xotest.Outcome{ToMove: tt.toMove, Winner: tt.winner, Done: tt.done})
	}
}

func TestParseErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text string
		want string
	}{
		{"", "tictactoe: at offset 0: expected a cell 'x', 'o' or '.', found end of input"},
		{"x.oo.x.....", "tictactoe: at offset 3: expected '/' after a row of three cells, found 'o'"},
		{"x.o/.X./..o", "tictactoe: at offset 5: expected a cell 'x', 'o' or '.', found 'X'"},
		{"x.o .x. ..o", "tictactoe: at offset 3: expected '/' after a row of three cells, found ' '"},
		{"x.o/.x.", "tictactoe: at offset 7: expected '/' after a row of three cells, found end of input"},
		{"x.o/.x./..", "tictactoe: at offset 10: expected a cell 'x', 'o' or '.', found end of input"},
		{"x.o/.x./..\xff", "tictactoe: at offset 10: expected a cell 'x', 'o' or '.', found byte 0xff"},
		{"é./.../...", "tictactoe: at offset 0: expected a cell 'x', 'o' or '.', found 'é'"},
		{"x.o/.x./..o.", "tictactoe: at offset 11: expected end of input (a position is 11 bytes: three rows of three cells separated by '/'), found '.'"},
		{"x.o/.x./..o" + strings.Repeat("?", 1<<20), "tictactoe: at offset 11: expected end of input"},
		{"xx./.../...", `tictactoe: impossible position "xx./.../...": x has 2 marks and o has 0, but x moves first`},
		{"o../.../...", `tictactoe: impossible position "o../.../...": x has 0 marks and o has 1`},
		{"xxx/ooo/...", "both x and o have three in a row"},
		{"xxx/oo./o..", "x has three in a row, so x moved last and has one more mark than o, but both have 3"},
		{"ooo/xx./x.x", "o has three in a row, so o moved last and has as many marks as x, but x has 4 and o has 3"},
	}
	for _, tt := range tests {
		gametest.ParseError(t, tictactoe.Parse, tt.text, tt.want)
	}
}

func FuzzParse(f *testing.F) {
	for _, text := range []string{
		".../.../...", "x.o/.x./..o", "xxx/oo./...", "xox/xoo/oxx",
		"", "x.oo.x.....", "XXX/OO./...", "xx./.../...", "x.o/.x./..o.", "é./.../...",
	} {
		f.Add(text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if s, ok := xotest.ParseAny(t, "tictactoe", tictactoe.Parse, text); ok && s.String() != text {
			t.Errorf("Parse(%q).String() = %q, want the input back", text, s.String())
		}
	})
}
