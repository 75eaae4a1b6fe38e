package render

import (
	"reflect"
	"strings"
	"testing"
)

func TestParseBoard(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		ok     bool
		prefix string
		rows   [][]string
		cols   int
	}{
		{
			name: "tic-tac-toe", in: "x.o/.x./..o", ok: true,
			rows: [][]string{{"x", "", "o"}, {"", "x", ""}, {"", "", "o"}}, cols: 3,
		},
		{
			name: "maze with a prefix", in: "3:#.5#/.@18/3#..", ok: true, prefix: "3",
			rows: [][]string{{"#", "", "5", "#"}, {"", "@", "1", "8"}, {"3", "#", "", ""}}, cols: 4,
		},
		{
			name: "ragged rows", in: "ab/c", ok: true,
			rows: [][]string{{"a", "b"}, {"c"}}, cols: 2,
		},
		{
			name: "non-ASCII glyphs are one cell each", in: "♜♞/.♙", ok: true,
			rows: [][]string{{"♜", "♞"}, {"", "♙"}}, cols: 2,
		},
		{name: "empty", in: ""},
		{name: "prefix only", in: "3:"},
		{name: "too many rows", in: strings.Repeat("x/", maxBoardSide) + "x"},
		{name: "too many columns", in: strings.Repeat("x", maxBoardSide+1)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, ok := parseBoard(tt.in)
			if ok != tt.ok {
				t.Fatalf("parseBoard(%q) ok = %v, want %v", tt.in, ok, tt.ok)
			}
			if !ok {
				return
			}
			if b.prefix != tt.prefix || b.cols != tt.cols || !reflect.DeepEqual(b.rows, tt.rows) {
				t.Errorf("parseBoard(%q) = prefix %q, %d columns, rows %q; want %q, %d, %q", tt.in, b.prefix, b.cols, b.rows, tt.prefix, tt.cols, tt.rows)
			}
		})
	}
}

func TestBoardChanged(t *testing.T) {
	tests := []struct {
		name, parent, child string
		want                [][2]int // the changed cells, row and column
	}{
		{"x plays c2", "x.o/.x./..o", "x.o/.xx/..o", [][2]int{{1, 2}}},
		{"a piece moves", "@./..", "../.@", [][2]int{{0, 0}, {1, 1}}},
		{"prefix changes nothing", "3:ab", "4:ab", nil},
		{"no move", "ab/cd", "ab/cd", nil},
		{"different shapes", "ab/cd", "abc/def", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, _ := parseBoard(tt.parent)
			c, _ := parseBoard(tt.child)
			var got [][2]int
			for i, row := range c.changed(p) {
				for j, ch := range row {
					if ch {
						got = append(got, [2]int{i, j})
					}
				}
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("changed cells %v, want %v", got, tt.want)
			}
		})
	}
}
