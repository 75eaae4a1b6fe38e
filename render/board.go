package render

import (
	"strings"
	"unicode/utf8"
)

// maxBoardSide is the most rows or columns a board drawn in a node has;
// larger boards are left out rather than drawn unreadably small.
const maxBoardSide = 32

// board is a position's text form read as a grid, one cell per character.
type board struct {
	prefix string     // the text before ':', which is not a row
	rows   [][]string // cell glyphs, top row first; "" is an empty cell
	cols   int        // the longest row's length
}

// parseBoard reads a board text: rows separated by '/', optionally after a
// "<prefix>:", one cell per character, '.' an empty cell, as in
// "x.o/.x./..o" or the maze's "3:#.5#/.@18/3#..". It reports false for an
// empty board and one with more than maxBoardSide rows or columns.
func parseBoard(s string) (board, bool) {
	prefix, grid, found := strings.Cut(s, ":")
	if !found {
		prefix, grid = "", s
	}
	if grid == "" || strings.Count(grid, "/") >= maxBoardSide {
		return board{}, false
	}
	b := board{prefix: prefix}
	for line := range strings.SplitSeq(grid, "/") {
		if utf8.RuneCountInString(line) > maxBoardSide {
			return board{}, false
		}
		row := make([]string, 0, len(line))
		for _, r := range line {
			cell := string(r)
			if r == '.' {
				cell = ""
			}
			row = append(row, cell)
		}
		b.rows = append(b.rows, row)
		b.cols = max(b.cols, len(row))
	}
	return b, true
}

// changed reports which cells of b differ from parent, the position one
// move earlier: the move just played, in any grid game. Nothing is
// changed when the boards' shapes differ, as then no cell corresponds.
func (b board) changed(parent board) [][]bool {
	if len(parent.rows) != len(b.rows) {
		return nil
	}
	for i, row := range b.rows {
		if len(parent.rows[i]) != len(row) {
			return nil
		}
	}
	out := make([][]bool, len(b.rows))
	for i, row := range b.rows {
		out[i] = make([]bool, len(row))
		for j, cell := range row {
			out[i][j] = cell != parent.rows[i][j]
		}
	}
	return out
}
