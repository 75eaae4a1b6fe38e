package othello_test

import (
	"testing"

	"github.com/searchviz/searchviz/games/gametest"
	"github.com/searchviz/searchviz/games/othello"
)

const startText = "......../......../......../...ox.../...xo.../......../......../........ x"

func TestParse(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text string
		want string // String of the position read
	}{
		{"", startText},
		{startText, startText},
		{"---------------------------OX------XO--------------------------- X", startText},
		{"...........................ox......xo........................... x", startText},
		{"---------------------------OX------**--------------------------- o", "......../......../......../...ox.../...xx.../......../......../........ o"},
		{"---------------------------OX------XO---------------------------   X", startText},
		{mustPass, mustPass},
	}
	for _, tt := range tests {
		s := gametest.MustParse(t, othello.Parse, tt.text)
		if got := s.String(); got != tt.want {
			t.Errorf("Parse(%q) reads %q, want %q", tt.text, got, tt.want)
		}
		if again := gametest.MustParse(t, othello.Parse, s.String()); again != s {
			t.Errorf("Parse(%q).String() reads back as another position", tt.text)
		}
	}
}

func TestParseErrors(t *testing.T) {
	t.Parallel()
	tests := []struct{ text, want string }{
		{"......../......../......../...ox.../...xo.../......../......../........", "at offset 71: expected a space and the side to move, 'x' (Black) or 'o' (White), after the 64 squares, found end of input"},
		{"......../......../......../...ox.../...xo.../......../......../........ ", "at offset 72: expected the side to move, 'x' (Black) or 'o' (White), found end of input"},
		{"......../......../......../...ox.../...xo.../......../......../........ b", "at offset 72: expected the side to move, 'x' (Black) or 'o' (White), found 'b'"},
		{"......../......../......../...ox.../...xo.../......../......../........ xo", "at offset 73: expected end of input after the side to move, found 'o'"},
		{"......./......../......../...ox.../...xo.../......../......../........ x", "at offset 7: expected a square 'x', 'o' or '.' (a row has 8 squares, this one has 7), found '/'"},
		{"........./......./......../...ox.../...xo.../......../......../........ x", "at offset 8: expected '/' after a row of 8 squares (a position has 8 rows), found '.'"},
		{"......../......../......../...oX.../...xo.../......../......../........ x", "at offset 31: expected a square 'x' (Black), 'o' (White) or '.' (empty), found 'X'"},
		{"......../......../......../...ox.../...xo.../......../......../ x", "at offset 63: expected a square 'x', 'o' or '.' (a row has 8 squares, this one has 0), found ' '"},
		{"---------------------------OX------XO--------------------------+ X", "at offset 63 (square h8): expected 'X' or '*' (Black), 'O' (White), '-' or '.' (empty), found '+'"},
		{"---------------------------OX------XO---------------------------X", "at offset 64: expected a space and the side to move"},
		{"......../......../......../...o..../...xo.../......../......../........ x", "the centre square e4 is empty"},
		{"x", "at offset 1: expected a square 'x', 'o' or '.' (a row has 8 squares, this one has 1), found end of input"},
	}
	for _, tt := range tests {
		gametest.ParseError(t, othello.Parse, tt.text, tt.want)
	}
}

func FuzzParse(f *testing.F) {
	for _, seed := range []string{"", startText, mustPass, "---------------------------OX------XO--------------------------- X", "x/o", "\xff"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, err := othello.Parse(text)
		if err != nil {
			return
		}
		again, err := othello.Parse(s.String())
		if err != nil || again != s {
			t.Fatalf("Parse(%q) reads %q, which reads back as %v, %v", text, s, again, err)
		}
		for _, a := range s.Legal(nil) {
			s.Play(a)
		}
	})
}
