package connectfour_test

import (
	"math/bits"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/games/connectfour"
	"github.com/searchviz/searchviz/games/gametest"
	"github.com/searchviz/searchviz/games/internal/xo/xotest"
)

const emptyText = "......./......./......./......./......./......."

func TestParse(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text   string
		toMove byte
		winner byte
		done   bool
	}{
		{emptyText, 'x', 0, false},
		{"......./......./......./......./...o.../..xx...", 'o', 0, false},
		{"......./......./......./......./...o.../..xxo..", 'x', 0, false},
		{"......./......./x....../xo...../xo...../xo.....", 'o', 'x', true},
		{"......./......./o....../o....../ox...../oxx.x..", 'x', 'o', true},
		{"......./......./......./......./oooo.../xxxoxx.", 'x', 'o', true},
		// x's last disc, d4, made two fours at once: a row and a diagonal.
		{"......./......./xxxx.../ooxo.../oxox.../xoxoo..", 'o', 'x', true},
		{drawn, 'x', 0, true},
	}
	for _, tt := range tests {
		xotest.CheckParse(t, connectfour.Parse, tt.text, xotest.Outcome{ToMove: tt.toMove, Winner: tt.winner, Done: tt.done})
	}
}

func TestParseEmptyText(t *testing.T) {
	t.Parallel()
	s, err := connectfour.Parse("")
	if err != nil || s != connectfour.New() {
		t.Errorf("Parse(\"\") = %s, %v; want the empty board", s, err)
	}
}

func TestParseErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text string
		want string
	}{
		{"....../......./......./......./......./.......", "connectfour: at offset 6: expected a cell 'x', 'o' or '.' (a row has 7 cells, this one has 6), found '/'"},
		{"......", "connectfour: at offset 6: expected a cell 'x', 'o' or '.' (a row has 7 cells, this one has 6), found end of input"},
		{"......../......./......./......./......./.......", "connectfour: at offset 7: expected '/' after a row of 7 cells, found '.'"},
		{"......./......./", "connectfour: at offset 16: expected a cell 'x', 'o' or '.' (a row has 7 cells, this one has 0), found end of input"},
		{"......./.......", "connectfour: at offset 15: expected '/' and 4 more rows (a position has 6 rows), found end of input"},
		{".......", "connectfour: at offset 7: expected '/' and 5 more rows (a position has 6 rows), found end of input"},
		{emptyText + "/.......", "connectfour: at offset 47: expected end of input after 6 rows (a position is 47 bytes: 6 rows of 7 cells separated by '/'), found '/'"},
		{emptyText + strings.Repeat("?", 1<<20), "connectfour: at offset 47: expected end of input after 6 rows"},
		{"......./......./......./......./......./X......", "connectfour: at offset 40: expected a cell 'x', 'o' or '.', found 'X'"},
		{"......./......./......./......./......./... ...", "connectfour: at offset 43: expected a cell 'x', 'o' or '.', found ' '"},
		{"......./......./......./......./......./..\xff....", "connectfour: at offset 42: expected a cell 'x', 'o' or '.', found byte 0xff"},
		{"é....../......./......./......./......./.......", "connectfour: at offset 0: expected a cell 'x', 'o' or '.', found 'é'"},
		{"....... ......./......./......./......./.......", "connectfour: at offset 7: expected '/' after a row of 7 cells, found ' '"},
		{"......./......./......./......./x....../.......", "connectfour: at offset 32: the disc 'x' at a2 floats above the empty cell a1, but a disc falls to the lowest empty cell of its column"},
		{"......./......./...o.../......./...x.../...x...", "connectfour: at offset 19: the disc 'o' at d4 floats above the empty cell d3"},
		{"......./......./......./......./......./xx.....", `connectfour: impossible position "......./......./......./......./......./xx.....": x has 2 discs and o has 0, but x moves first, so x has as many discs as o or one more`},
		{"......./......./......./......./......./o......", "x has 0 discs and o has 1"},
		{"......./......./......./......./oooo.../xxxx...", "both x and o have four in a row, but the game ends at the first four"},
		{"......./......./......./......./ooo..../xxxx..o", "x has four in a row, so x moved last and has one more disc than o, but both have 4"},
		{"......./......./......./......./oooox../xxoxx.x", "o has four in a row, so o moved last and has as many discs as x, but x has 6 and o has 5"},
		{"......./......./x.....x/xo...ox/xo...ox/xoo..ox", "x has four in a row that no single last disc on top of a column completes, but the game ends at the first four"},
		{"......./......./x....../x....../o....../o......", "no game reaches it: the discs cannot be dropped in turn, x first, to stack the columns this way"},
		// x's four in column a stands on o's a1 and a2, but x has only b1
		// to play before them.
		{"x....../x....../x....../x....../oo...../oxo....", "no game reaches it"},
	}
	for _, tt := range tests {
		gametest.ParseError(t, connectfour.Parse, tt.text, tt.want)
	}
}

// boards calls visit with the text of every board of k discs that stand on
// one another, x having ⌈k/2⌉ of them and o the rest: every position the
// counts and gravity allow, whether or not a game reaches it.
func boards(k int, visit func(text string)) {
	var heights [connectfour.Cols]int
	var fill func(col, left int)
	fill = func(col, left int) {
		if col == connectfour.Cols {
			if left == 0 {
				assign(heights, k, visit)
			}
			return
		}
		for h := 0; h <= connectfour.Rows && h <= left; h++ {
			heights[col] = h
			fill(col+1, left-h)
		}
	}
	fill(0, k)
}

// assign calls visit with the text of every way to give ⌈k/2⌉ of the k
// cells the heights cover to x and the others to o.
func assign(heights [connectfour.Cols]int, k int, visit func(text string)) {
	for owners := uint(0); owners < 1<<k; owners++ {
		if bits.OnesCount(owners) != (k+1)/2 {
			continue
		}
		text := []byte(emptyText)
		i := 0
		for c, h := range heights {
			for r := range h {
				disc := byte('o')
				if owners&(1<<i) != 0 {
					disc = 'x'
				}
				text[(connectfour.Rows-1-r)*(connectfour.Cols+1)+c] = disc
				i++
			}
		}
		visit(string(text))
	}
}

func TestParseAcceptsExactlyTheReachable(t *testing.T) {
	t.Parallel()
	// Parse accepts as many boards of each number of discs as published,
	// and every position play reaches: so it accepts exactly those.
	for k, states := range byPly(len(a212693) - 1) {
		accepted := 0
		boards(k, func(text string) {
			if _, err := connectfour.Parse(text); err == nil {
				accepted++
			}
		})
		if accepted != a212693[k] {
			t.Errorf("Parse accepts %d boards of %d discs, want the %d legal positions", accepted, k, a212693[k])
		}
		for _, s := range states {
			if p, err := connectfour.Parse(s.String()); err != nil || p != s {
				t.Fatalf("Parse(%q) = %s, %v; want the position back", s.String(), p, err)
			}
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, text := range []string{
		"", emptyText, drawn,
		"......./......./......./......./...o.../..xx...",
		"......./......./x....../xo...../xo...../xo.....",
		"......./......./xxxx.../ooxo.../oxox.../xoxoo..",
		"......./......./x....../x....../o....../o......",
		"......./......./x.....x/xo...ox/xo...ox/xoo..ox",
		"....../......./......./......./......./.......",
		"......./......./......./......./x....../.......",
		"xxooxxo/ooxxoox/xxooxxo/ooxxoox/xxooxxo/xxooxxo",
		emptyText + "/", "X......", "é",
	} {
		f.Add(text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, ok := xotest.ParseAny(t, "connectfour", connectfour.Parse, text)
		if !ok {
			return
		}
		if got := s.String(); got != text && text != "" {
			t.Errorf("Parse(%q).String() = %q, want the input back", text, got)
		}
		if s.Done() != (len(s.Legal(nil)) == 0) {
			t.Errorf("Parse(%q): Done() = %t, but Legal returns %v", text, s.Done(), s.Legal(nil))
		}
	})
}
