package dice_test

import (
	"strings"
	"testing"

	"github.com/searchviz/searchviz/games/dice"
	"github.com/searchviz/searchviz/games/gametest"
)

func TestParse(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text   string
		toMove int
		ply    int
		winner int
	}{
		{homeRows, dice.White, 0, 0},
		{spread, dice.White, 5, 0},
		{".c.k.b./d.....a/...#.../..###../...#.../A.....D/.B.K.C. b 200", dice.Black, 200, 0},
		// Black's King and 1 and 2 on row 7 after Black's move.
		{"kab...c/......d/...#.../..###../...#.../A.....D/.B.K.C. w 12", dice.White, 12, dice.Black},
	}
	for _, tt := range tests {
		s := mustParse(t, tt.text)
		if s.ToMove() != tt.toMove || s.Ply() != tt.ply || s.Winner() != tt.winner {
			t.Errorf("%q: ToMove %d, Ply %d, Winner %d; want %d, %d, %d", tt.text, s.ToMove(), s.Ply(), s.Winner(), tt.toMove, tt.ply, tt.winner)
		}
		if got := s.String(); got != tt.text {
			t.Errorf("Parse(%q).String() = %q", tt.text, got)
		}
	}
}

func TestParseErrors(t *testing.T) {
	t.Parallel()
	rows := strings.Fields(homeRows)[0]
	tests := []struct {
		text string
		want string
	}{
		{"", "dice: at offset 0: expected a cell: '.' empty, '#' wall, 'K' 'A' 'B' 'C' 'D' White's King and pieces 1 to 4, the same in lower case for Black's (a row has 7 cells, this one has 0), found end of input"},
		{".c.k.b/", "dice: at offset 6: expected a cell: '.' empty"},
		{".c.k.b.x", "dice: at offset 7: expected '/' after a row of 7 cells, found 'x'"},
		{".c.k.x./", "dice: at offset 5: expected a cell: '.' empty, '#' wall, 'K' 'A' 'B' 'C' 'D' White's King and pieces 1 to 4, the same in lower case for Black's, found 'x'"},
		{".c.k.b./d.....a/.......", "dice: at offset 19: expected '#' at d5 (the wall is c4, d4, e4, d3 and d5), found '.'"},
		{"#c.k.b./", "dice: at offset 0: '#' at a7, which is not a wall cell: the wall is c4, d4, e4, d3 and d5"},
		{"Kc.k.b./d.....a/...#.../..###../...#.../A.....D/.B.K.C. w 0", "dice: at offset 51: 'K' at d1, but White's King has one already at a7"},
		{".c.k.b./d.....a/...#.../..###../...#.../A.....D/.B...C. w 0", "dice: the board has no 'K', White's King: each side has its King and pieces 1 to 4"},
		{".c.k.b./......a/...#.../..###../...#.../A.....D/.B.K.C. w 0", "dice: the board has no 'd', Black's piece 4"},
		{rows, "dice: at offset 55: expected a space and the side to move ('w' or 'b') after the seventh row, found end of input"},
		{rows + "/", "dice: at offset 55: expected a space and the side to move"},
		{rows + " W 0", "dice: at offset 56: expected the side to move, 'w' or 'b', found 'W'"},
		{rows + " w", "dice: at offset 57: expected a space and the plies played after the side to move, found end of input"},
		{rows + " w ", "dice: at offset 58: expected the plies played, a number in 0..200 without leading zeros, found end of input"},
		{rows + " w -1", "found '-'"},
		{rows + " w 01", "dice: at offset 58: expected the plies played, a number in 0..200 without leading zeros, found a leading zero"},
		{rows + " w 201", `found "201"`},
		{rows + " w 99999999999999999999", `found "9999"`},
		{rows + " w 0 ", "dice: at offset 59: expected end of input after the plies played, found ' '"},
		{rows + " w 0\n", `found '\n'`},
		{rows + " w 0" + strings.Repeat("x", 1<<20), "dice: at offset 59: expected end of input"},
		{"\xff", "found byte 0xff"},
		// Black's line d7-e7-f7 with Black to move.
		{"...kab./d.....c/...#.../..###../...#.../A.....D/.B.K.C. b 3", "Black, the side to move, has a line through its King"},
		{"...kab./d.....c/...#.../..###../...#.../A.....D/.B.K.C. w 0", "Black has a line at ply 0, before any move"},
	}
	for _, tt := range tests {
		gametest.ParseError(t, dice.Parse, tt.text, tt.want)
	}
}

func FuzzParse(f *testing.F) {
	for _, text := range []string{
		homeRows, spread, rowWin, stuckText,
		"kab...c/......d/...#.../..###../...#.../A.....D/.B.K.C. w 12",
		"", ".c.k.b./", homeRows + " ", "...kab./d.....c/...#.../..###../...#.../A.....D/.B.K.C. b 3",
	} {
		f.Add(text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, err := dice.Parse(text)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "dice: ") {
				t.Errorf("Parse(%q): error %q does not name the game", text, err)
			}
			return
		}
		if got := s.String(); got != text {
			t.Errorf("Parse(%q).String() = %q, want the input back", text, got)
		}
		again, err := dice.Parse(s.String())
		if err != nil || again != s {
			t.Errorf("Parse(%q) round trip: %v, %v", text, again, err)
		}
		if s.Done() != (len(s.Legal(nil)) == 0) {
			t.Errorf("%q: Done %t, Legal %v", text, s.Done(), s.Legal(nil))
		}
		for _, a := range s.Legal(nil) {
			for o := range s.Chances(a, nil) {
				s.Roll(a, o)
			}
		}
		if err := s.Board().Check(); err != nil {
			t.Errorf("%q: %v", text, err)
		}
	})
}
