package twinmaze_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/games/internal/grid/gridtest"
	"github.com/searchviz/searchviz/games/twinmaze"
)

func TestParse(t *testing.T) {
	t.Parallel()
	big := "1000:" + strings.Repeat(strings.Repeat("9", 31)+"/", 15) + strings.Repeat("9", 14) + "A9B" + strings.Repeat("9", 14) +
		strings.Repeat("/"+strings.Repeat("9", 31), 15)
	tests := []struct {
		text           string
		height, width  int
		a, b           [2]int
		turns          int
		legalA, legalB []int
	}{
		{small, 3, 5, [2]int{0, 1}, [2]int{0, 3}, 4, []int{r, l}, []int{r, l}},
		{primer5x5, 5, 5, [2]int{2, 1}, [2]int{2, 3}, 20, []int{r, l}, []int{r, l}},
		{"0:X", 1, 1, [2]int{0, 0}, [2]int{0, 0}, 0, nil, nil},
		{"1:X", 1, 1, [2]int{0, 0}, [2]int{0, 0}, 1, nil, nil},
		{"0:A.B", 1, 3, [2]int{0, 0}, [2]int{0, 2}, 0, nil, nil},
		{"12:B.9A", 1, 4, [2]int{0, 3}, [2]int{0, 0}, 12, []int{l}, []int{r}},
		{"7:9/X/#", 3, 1, [2]int{1, 0}, [2]int{1, 0}, 7, []int{u}, []int{u}},
		{big, 31, 31, [2]int{15, 14}, [2]int{15, 16}, 1000, []int{r, l, d, u}, []int{r, l, d, u}},
	}
	for _, tt := range tests {
		s, err := twinmaze.Parse(tt.text)
		if err != nil {
			t.Errorf("Parse(%.40q): %v", tt.text, err)
			continue
		}
		var a, b [2]int
		a[0], a[1] = s.Pos(0)
		b[0], b[1] = s.Pos(1)
		sa, sb := s.Scores()
		if s.String() != tt.text || s.Height() != tt.height || s.Width() != tt.width || a != tt.a || b != tt.b ||
			s.Turns() != tt.turns || sa != 0 || sb != 0 {
			t.Errorf("Parse(%.40q) = %.40s, %dx%d, A at %v, B at %v, %d turns, scores %d to %d; want %dx%d, %v, %v, %d turns, 0 to 0",
				tt.text, s, s.Height(), s.Width(), a, b, s.Turns(), sa, sb, tt.height, tt.width, tt.a, tt.b, tt.turns)
		}
		if got := s.Legal(0, nil); !slices.Equal(got, tt.legalA) {
			t.Errorf("Parse(%.40q): A's Legal = %v, want %v", tt.text, got, tt.legalA)
		}
		if got := s.Legal(1, nil); !slices.Equal(got, tt.legalB) {
			t.Errorf("Parse(%.40q): B's Legal = %v, want %v", tt.text, got, tt.legalB)
		}
		for _, side := range []string{";A", ";B"} {
			q, err := twinmaze.ParseSequential(tt.text + side)
			if side == ";B" && tt.turns == 0 {
				if err == nil {
					t.Errorf("ParseSequential(%.40q) = %.40s, want an error: B moves within a turn", tt.text+side, q)
				}
				continue
			}
			if err != nil || q.String() != tt.text+side || q.Position().String() != tt.text || q.ToMove() != int(side[1]-'A') {
				t.Errorf("ParseSequential(%.40q) = %.40s, %v, to move %d", tt.text+side, q, err, q.ToMove())
			}
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
		{"", 0, "twinmaze: at offset 0: expected the turns left (0..1000), found end of input"},
		{"2A9B3/.#5#./1...4", 1, "twinmaze: at offset 1: expected ':' after the turns left, found 'A'"},
		{"#.5#/.A18", 0, "expected the turns left (0..1000), found '#'"},
		{"-3:X", 0, "expected the turns left (0..1000), found '-'"},
		{"03:X", 0, "twinmaze: at offset 0: turns left 03 has a leading zero"},
		{"1001:X", 0, "twinmaze: at offset 0: turns left 1001 is out of range: want 0..1000"},
		{"99999999999999999999999:X", 0, "turns left 9999999999 is out of range: want 0..1000"},
		{"3", 1, "twinmaze: at offset 1: expected ':' after the turns left, found end of input"},
		{"3:", 2, "twinmaze: at offset 2: row 1 is empty: expected a cell ('#', '.', '1'..'9', 'A', 'B' or 'X'), found end of input"},
		{"3:X/", 4, "row 2 is empty: expected a cell ('#', '.', '1'..'9', 'A', 'B' or 'X'), found end of input"},
		{"3:.X//..", 5, "row 2 is empty: expected a cell ('#', '.', '1'..'9', 'A', 'B' or 'X'), found '/'"},
		{"3:/X", 2, "row 1 is empty"},
		{"3:A.B/...;", 9, "found ';': a position with the side to move is read by ParseSequential"},
		{"3:A.B;A", 5, "twinmaze: at offset 5: expected end of input, found ';': a position with the side to move is read by ParseSequential"},
		{"3:A.B/;A", 6, "row 2 is empty"},
		{"4:2A9B3/.#5#./1.....", 19, "twinmaze: at offset 19: row 3 has more than 5 cells, want 5 as in row 1"},
		{"4:2A9B3/.#5#/1...4", 12, "twinmaze: at offset 12: row 2 has 4 cells, want 5 as in row 1"},
		{"4:2A9B3/.#5#./1...", 18, "row 3 has 4 cells, want 5 as in row 1"},
		{"4:2A9B3/.#5#./1..x4", 17, "twinmaze: at offset 17: expected a cell ('#', '.', '1'..'9', 'A', 'B' or 'X'), found 'x'"},
		{"4:2A9B3/.#5#./1... ", 18, "found ' '"},
		{"4:2A9B3/.#5#./1...4\n", 19, "row 3 has more than 5 cells"},
		{"4:2A9B3/.#5#./10..4", 15, "twinmaze: at offset 15: expected a cell, found '0': an empty floor cell is '.'"},
		{"4:2a9B3", 3, "found 'a'"},
		{"4:2A9B\xff", 6, "found byte 0xff"},
		{"3:é.X", 2, "found 'é'"},
		{"4:2.9B3/.#5#./1...4", 19, "twinmaze: at offset 19: no 'A': a board has one 'A' and one 'B', or one 'X' for both on one cell"},
		{"4:2A9.3/.#5#./1...4", 19, "twinmaze: at offset 19: no 'B': a board has one 'A' and one 'B', or one 'X' for both on one cell"},
		{"4:2A9B3/.#5#./1.A.4", 16, "twinmaze: at offset 16: 'A' places A again ('A' at offset 3 placed it): a board has one 'A' and one 'B', or one 'X' for both on one cell"},
		{"4:2A9B3/.#5#./1.B.4", 16, "'B' places B again ('B' at offset 5 placed it)"},
		{"4:2A9.3/.#5#./1.X.4", 16, "'X' places A again ('A' at offset 3 placed it)"},
		{"4:2X9.3/.#5#./1.B.4", 16, "'B' places B again ('X' at offset 3 placed it)"},
		{"4:X.X", 4, "'X' places A again ('X' at offset 2 placed it)"},
		{"3:" + row31 + ".X", 33, "twinmaze: at offset 33: row 1 has more than 31 cells: a board has at most 31 columns"},
		{"3:X" + strings.Repeat("/.", 31), 64, "twinmaze: at offset 64: more than 31 rows: a board has at most 31"},
		{"3:X" + strings.Repeat(".", 1<<20), 33, "row 1 has more than 31 cells"},
	}
	for _, tt := range tests {
		gridtest.ParseError[twinmaze.SyntaxError](t, twinmaze.Parse, tt.text, tt.offset, tt.want)
	}
}

func TestParseSequentialErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text   string
		offset int
		want   string
	}{
		{"3:A.B", 5, "twinmaze: at offset 5: expected ';' and the side to move ('A' or 'B'), found end of input"},
		{"3:A.B;", 6, "twinmaze: at offset 6: expected the side to move ('A' or 'B') after ';', found end of input"},
		{"3:A.B;X", 6, "expected the side to move ('A' or 'B') after ';', found 'X'"},
		{"3:A.B;a", 6, "found 'a'"},
		{"3:A.B;AB", 7, "twinmaze: at offset 7: expected end of input after the side to move, found 'B'"},
		{"3:A.B;A;A", 7, "expected end of input after the side to move, found ';'"},
		{"3:A.B;B/...", 7, "found '/'"},
		{"0:A.B;B", 6, "twinmaze: at offset 6: B to move with no turns left: B moves within a turn, which ends after its move"},
		{"3:A.;B", 4, "twinmaze: at offset 4: no 'B'"},
		{"x:A.B;A", 0, "expected the turns left"},
	}
	for _, tt := range tests {
		gridtest.ParseError[twinmaze.SyntaxError](t, twinmaze.ParseSequential, tt.text, tt.offset, tt.want)
	}
}

func FuzzParse(f *testing.F) {
	for _, text := range []string{
		small, primer5x5, "0:X", "1000:X", "5:#A#/###/B..", "12:B.9A", "7:9/X/#", "1:A9B",
		small + ";A", small + ";B", "0:X;A", "0:X;B", "3:A.B;", "3:A.B;AB", "3:A.B;A;A",
		"", "03:X", "1001:X", "3", "3:", "3:X/", "4:2A9B3/.#5#/1...4", "4:2A9B3/.#5#./10..4",
		"4:2A9.3/.#5#./1...4", "4:X.X", "4:2A9B3/.#5#./1.X.4", "3:é.X", "3:X\xff", "3:" + strings.Repeat(".", 32) + "X",
		"3:X" + strings.Repeat("/.", 31),
	} {
		f.Add(text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if s, err := twinmaze.Parse(text); err != nil {
			gridtest.SyntaxError[twinmaze.SyntaxError](t, "twinmaze", text, err)
		} else {
			if got := s.String(); got != text {
				t.Errorf("Parse(%q).String() = %q, want the input back", text, got)
			}
			p, err := twinmaze.Parse(s.String())
			if err != nil || p.String() != s.String() || p.Turns() != s.Turns() || p.Done() != s.Done() ||
				!slices.Equal(p.Legal(0, nil), s.Legal(0, nil)) || !slices.Equal(p.Legal(1, nil), s.Legal(1, nil)) {
				t.Errorf("Parse(%q) and Parse of its text %q differ (%v)", text, s.String(), err)
			}
			if l0, l1 := s.Legal(0, nil), s.Legal(1, nil); len(l0) > 0 {
				c := s.Play(l0[0], l1[len(l1)-1])
				if again, err := twinmaze.Parse(c.String()); err != nil || again.String() != c.String() {
					t.Errorf("after a move from %q: Parse(%q) = %v, %v", text, c.String(), again, err)
				}
			}
		}
		if q, err := twinmaze.ParseSequential(text); err != nil {
			gridtest.SyntaxError[twinmaze.SyntaxError](t, "twinmaze", text, err)
		} else {
			if got := q.String(); got != text {
				t.Errorf("ParseSequential(%q).String() = %q, want the input back", text, got)
			}
			if legal := q.Legal(nil); len(legal) > 0 {
				c := q.Play(legal[len(legal)-1])
				if again, err := twinmaze.ParseSequential(c.String()); err != nil || again.String() != c.String() {
					t.Errorf("after a move from %q: ParseSequential(%q) = %v, %v", text, c.String(), again, err)
				}
			}
		}
	})
}
