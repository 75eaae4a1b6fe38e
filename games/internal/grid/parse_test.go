package grid_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/games/internal/grid"
)

// errPlace is what the place function of the tests returns for a 'B'.
var errPlace = errors.New("place: no 'B' here")

// placeRecorder records the letters Parse places, and refuses a 'B'.
type placeRecorder struct {
	got []string
}

func (r *placeRecorder) place(c byte, row, col, offset int) error {
	if c == 'B' {
		return errPlace
	}
	r.got = append(r.got, fmt.Sprintf("%c %d,%d,%d", c, row, col, offset))
	return nil
}

func TestParse(t *testing.T) {
	t.Parallel()
	big := "1000:" + strings.Repeat(strings.Repeat("9", 31)+"/", 30) + strings.Repeat("9", 30) + "@"
	tests := []struct {
		text          string
		end           byte
		turns         int
		height, width int
		stop          int
		placed        []string
	}{
		{"3:#.5#/.@18/3#..", 0, 3, 3, 4, 16, []string{"@ 1,1,8"}},
		{"0:@", 0, 0, 1, 1, 3, []string{"@ 0,0,2"}},
		{"12:.", 0, 12, 1, 1, 4, nil},
		{"7:9/A/#", 0, 7, 3, 1, 7, []string{"A 1,0,4"}},
		{"7:9/A/#", ';', 7, 3, 1, 7, []string{"A 1,0,4"}},
		{"4:A.@/...;x", ';', 4, 2, 3, 9, []string{"A 0,0,2", "@ 0,2,4"}},
		{"4:A.@;", ';', 4, 1, 3, 5, []string{"A 0,0,2", "@ 0,2,4"}},
		{big, 0, 1000, 31, 31, len(big), []string{"@ 30,30,995"}},
	}
	for _, tt := range tests {
		var r placeRecorder
		b := &grid.Board{}
		turns, end, err := grid.Parse(tt.text, grid.Syntax{Letters: "@AB", End: tt.end}, b, r.place)
		if err != nil || turns != tt.turns || end != tt.stop || b.Height() != tt.height || b.Width() != tt.width ||
			strings.Join(r.got, "; ") != strings.Join(tt.placed, "; ") {
			t.Errorf("Parse(%.40q, end %q) = %d turns, end %d, %dx%d, placed %v, %v; want %d, %d, %dx%d, %v",
				tt.text, tt.end, turns, end, b.Height(), b.Width(), r.got, err, tt.turns, tt.stop, tt.height, tt.width, tt.placed)
		}
	}
}

func TestParseErrors(t *testing.T) {
	t.Parallel()
	row31 := strings.Repeat(".", 31)
	tests := []struct {
		text    string
		letters string
		offset  int
		want    string
	}{
		{"", "@", 0, "grid: at offset 0: expected the turns left (0..1000), found end of input"},
		{"-3:@", "@", 0, "expected the turns left (0..1000), found '-'"},
		{"03:@", "@", 0, "turns left 03 has a leading zero"},
		{"1001:@", "@", 0, "turns left 1001 is out of range: want 0..1000"},
		{"99999999999999999999999:@", "@", 0, "turns left 9999999999 is out of range: want 0..1000"},
		{"3 :@", "@", 1, "expected ':' after the turns left, found ' '"},
		{"3:", "@", 2, "row 1 is empty: expected a cell ('#', '.', '1'..'9' or '@'), found end of input"},
		{"3:", "ABX", 2, "row 1 is empty: expected a cell ('#', '.', '1'..'9', 'A', 'B' or 'X'), found end of input"},
		{"3:", "", 2, "row 1 is empty: expected a cell ('#', '.', '1'..'9'), found end of input"},
		{"3:.@//..", "@", 5, "row 2 is empty: expected a cell ('#', '.', '1'..'9' or '@'), found '/'"},
		{"3:.@;", "@", 4, "expected a cell ('#', '.', '1'..'9' or '@'), found ';'"},
		{"3:#.5#/.@18/3#...", "@", 16, "row 3 has more than 4 cells, want 4 as in row 1"},
		{"3:#.5#/.@1/3#..", "@", 10, "row 2 has 3 cells, want 4 as in row 1"},
		{"3:#.5#/.@10/3#..", "@", 10, "expected a cell, found '0': an empty floor cell is '.'"},
		{"3:#.5#/.@1\xff/3#..", "@", 10, "found byte 0xff"},
		{"3:é@", "@", 2, "found 'é'"},
		{"3:\x00@", "@", 2, "found '\\x00'"},
		{"3:." + row31, "@", 33, "row 1 has more than 31 cells: a board has at most 31 columns"},
		{"3:@" + strings.Repeat("/.", 31), "@", 64, "more than 31 rows: a board has at most 31"},
	}
	for _, tt := range tests {
		_, _, err := grid.Parse(tt.text, grid.Syntax{Letters: tt.letters}, &grid.Board{}, func(byte, int, int, int) error { return nil })
		var se *grid.SyntaxError
		if !errors.As(err, &se) || se.Offset != tt.offset || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Parse(%.40q): %v\nwant a *grid.SyntaxError at offset %d containing: %s", tt.text, err, tt.offset, tt.want)
		}
	}
}

func TestParsePlaceError(t *testing.T) {
	t.Parallel()
	// An error of place stops Parse, even with errors later in the text,
	// and comes back as it is.
	var r placeRecorder
	_, _, err := grid.Parse("3:A.B.x/..", grid.Syntax{Letters: "AB"}, &grid.Board{}, r.place)
	if err != errPlace || len(r.got) != 1 {
		t.Errorf("Parse with a refused 'B': %v after placing %v, want %v after placing A", err, r.got, errPlace)
	}
}

func FuzzParse(f *testing.F) {
	for _, text := range []string{
		"3:#.5#/.@18/3#..", "0:@", "1000:@", "5:###/#@#/###", "12:.@9", "7:9/@/#", "4:A.@/...;x", "4:A.@;",
		"", "03:@", "1001:@", "3", "3:", "3:@/", "3:#.5#/.@1/3#..", "3:#.5#/.@10/3#..", "3:@@", "3:é@", "3:@\xff",
		"3:" + strings.Repeat(".", 32) + "@", "3:@" + strings.Repeat("/.", 31),
	} {
		f.Add(text)
	}
	syntax := grid.Syntax{Letters: "@A", End: ';'}
	f.Fuzz(func(t *testing.T, text string) {
		b := &grid.Board{}
		letters := map[[2]int]byte{}
		turns, end, err := grid.Parse(text, syntax, b, func(c byte, row, col, offset int) error {
			if text[offset] != c {
				t.Errorf("Parse(%q) places %q at offset %d, where the text has %q", text, c, offset, text[offset])
			}
			letters[[2]int{row, col}] = c
			return nil
		})
		if err != nil {
			var se *grid.SyntaxError
			if !errors.As(err, &se) || se.Offset < 0 || se.Offset > len(text) || !strings.HasPrefix(err.Error(), "grid: ") {
				t.Errorf("Parse(%q): %v, want a *grid.SyntaxError with an offset in 0..%d", text, err, len(text))
			}
			return
		}
		if end < len(text) && text[end] != ';' || end > len(text) {
			t.Fatalf("Parse(%q) ends the board at %d", text, end)
		}
		for pos := range letters {
			if pos[0] >= b.Height() || pos[1] >= b.Width() {
				t.Errorf("Parse(%q) places a letter at %v, off its %dx%d board", text, pos, b.Height(), b.Width())
			}
		}
		if got := string(grid.AppendText(nil, turns, picture{b, grid.Cells{}, letters})); got != text[:end] {
			t.Errorf("Parse(%q): AppendText gives %q, want the board's text %q back", text, got, text[:end])
		}
	})
}
