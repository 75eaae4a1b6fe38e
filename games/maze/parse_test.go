package maze_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/games/internal/grid/gridtest"
	"github.com/searchviz/searchviz/games/maze"
)

func TestParse(t *testing.T) {
	t.Parallel()
	big := "1000:" + strings.Repeat(strings.Repeat("9", 31)+"/", 15) + strings.Repeat("9", 15) + "@" + strings.Repeat("9", 15) +
		strings.Repeat("/"+strings.Repeat("9", 31), 15)
	tests := []struct {
		text          string
		height, width int
		row, col      int
		turns         int
		legal         []int
	}{
		{small, 3, 4, 1, 1, 3, []int{r, l, u}},
		{primer5x5, 5, 5, 2, 2, 3, []int{r, l, d, u}},
		{"0:@", 1, 1, 0, 0, 0, nil},
		{"1:@", 1, 1, 0, 0, 1, nil},
		{"0:.@.", 1, 3, 0, 1, 0, nil},
		{"12:.@9", 1, 3, 0, 1, 12, []int{r, l}},
		{"7:9/@/#", 3, 1, 1, 0, 7, []int{u}},
		{big, 31, 31, 15, 15, 1000, []int{r, l, d, u}},
	}
	for _, tt := range tests {
		s, err := maze.Parse(tt.text)
		if err != nil {
			t.Errorf("Parse(%.40q): %v", tt.text, err)
			continue
		}
		row, col := s.Pos()
		if s.String() != tt.text || s.Height() != tt.height || s.Width() != tt.width || row != tt.row || col != tt.col ||
			s.Turns() != tt.turns || s.Score() != 0 {
			t.Errorf("Parse(%.40q) = %.40s, %dx%d at (%d, %d), %d turns, score %v; want %dx%d at (%d, %d), %d turns, score 0",
				tt.text, s, s.Height(), s.Width(), row, col, s.Turns(), s.Score(), tt.height, tt.width, tt.row, tt.col, tt.turns)
		}
		if got := s.Legal(nil); !slices.Equal(got, tt.legal) {
			t.Errorf("Parse(%.40q): Legal = %v, want %v", tt.text, got, tt.legal)
		}
	}
}

func TestParseErrors(t *testing.T) {
	t.Parallel()
	row31 := strings.Repeat(".", 31)
	tests := []struct {
		text   string
		offset int
		want   string
	}{
		{"", 0, "maze: at offset 0: expected the turns left (0..1000), found end of input"},
		{"#.5#/.@18", 0, "maze: at offset 0: expected the turns left (0..1000), found '#'"},
		{"-3:@", 0, "expected the turns left (0..1000), found '-'"},
		{"03:@", 0, "maze: at offset 0: turns left 03 has a leading zero"},
		{"1001:@", 0, "maze: at offset 0: turns left 1001 is out of range: want 0..1000"},
		{"99999999999999999999999:@", 0, "turns left 9999999999 is out of range: want 0..1000"},
		{"3", 1, "maze: at offset 1: expected ':' after the turns left, found end of input"},
		{"3 :@", 1, "expected ':' after the turns left, found ' '"},
		{"3:", 2, "maze: at offset 2: row 1 is empty: expected a cell ('#', '.', '1'..'9' or '@'), found end of input"},
		{"3:@/", 4, "row 2 is empty: expected a cell ('#', '.', '1'..'9' or '@'), found end of input"},
		{"3:.@//..", 5, "row 2 is empty: expected a cell ('#', '.', '1'..'9' or '@'), found '/'"},
		{"3:/@", 2, "row 1 is empty"},
		{"3:#.5#/.@18/3#...", 16, "maze: at offset 16: row 3 has more than 4 cells, want 4 as in row 1"},
		{"3:#.5#/.@1/3#..", 10, "maze: at offset 10: row 2 has 3 cells, want 4 as in row 1"},
		{"3:#.5#/.@18/3#.", 15, "row 3 has 3 cells, want 4 as in row 1"},
		{"3:#.5#/.@18/3#.x", 15, "maze: at offset 15: expected a cell ('#', '.', '1'..'9' or '@'), found 'x'"},
		{"3:#.5#/.@18/3#. ", 15, "found ' '"},
		{"3:#.5#/.@18/3#..\n", 16, "row 3 has more than 4 cells"},
		{"3:#.5#/.@10/3#..", 10, "maze: at offset 10: expected a cell, found '0': an empty floor cell is '.'"},
		{"3:#.5#/.@1\xff/3#..", 10, "found byte 0xff"},
		{"3:é@", 2, "found 'é'"},
		{"3:#.5#/..18/3#..", 16, "maze: at offset 16: no '@': a board has exactly one character"},
		{"3:#.5#/.@18/3#@.", 14, "maze: at offset 14: a second '@' (the first is at offset 8): a board has exactly one character"},
		{"3:" + row31 + ".@", 33, "maze: at offset 33: row 1 has more than 31 cells: a board has at most 31 columns"},
		{"3:@" + strings.Repeat("/.", 31), 64, "maze: at offset 64: more than 31 rows: a board has at most 31"},
		{"3:@" + strings.Repeat(".", 1<<20), 33, "row 1 has more than 31 cells"},
	}
	for _, tt := range tests {
		gridtest.ParseError[maze.SyntaxError](t, maze.Parse, tt.text, tt.offset, tt.want)
	}
}

func FuzzParse(f *testing.F) {
	for _, text := range []string{
		small, primer5x5, "0:@", "1000:@", "5:###/#@#/###", "12:.@9", "7:9/@/#",
		"", "03:@", "1001:@", "3", "3:", "3:@/", "3:#.5#/.@1/3#..", "3:#.5#/.@10/3#..",
		"3:#.5#/..18/3#..", "3:@@", "3:é@", "3:@\xff", "3:" + strings.Repeat(".", 32) + "@",
		"3:@" + strings.Repeat("/.", 31),
	} {
		f.Add(text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, err := maze.Parse(text)
		if err != nil {
			gridtest.SyntaxError[maze.SyntaxError](t, "maze", text, err)
			return
		}
		if got := s.String(); got != text {
			t.Errorf("Parse(%q).String() = %q, want the input back", text, got)
		}
		p, err := maze.Parse(s.String())
		if err != nil {
			t.Fatalf("Parse(%q) ok, but its text %q: %v", text, s.String(), err)
		}
		pRow, pCol := p.Pos()
		row, col := s.Pos()
		if p.String() != s.String() || p.Turns() != s.Turns() || pRow != row || pCol != col ||
			!slices.Equal(p.Legal(nil), s.Legal(nil)) || p.Done() != s.Done() {
			t.Errorf("Parse(%q) and Parse of its text %q differ", text, s.String())
		}
		if legal := s.Legal(nil); len(legal) > 0 {
			c := s.Play(legal[0])
			if again, err := maze.Parse(c.String()); err != nil || again.String() != c.String() {
				t.Errorf("after %s from %q: Parse(%q) = %v, %v", s.Label(legal[0]), text, c.String(), again, err)
			}
		}
	})
}
