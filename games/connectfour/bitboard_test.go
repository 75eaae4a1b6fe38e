package connectfour

import "testing"

// TestHasFourEverySetOfFour checks the bitboard line test on every set of
// four cells: it finds a line exactly when the four lie in a row, column or
// diagonal of the board, so no line wraps from one column into the next.
// A larger set has a line exactly when one of its sets of four does, so
// this covers every position.
func TestHasFourEverySetOfFour(t *testing.T) {
	t.Parallel()
	type cell struct{ col, row int }
	var cells []cell
	for col := range Cols {
		for row := range Rows {
			cells = append(cells, cell{col, row})
		}
	}
	// inLine reports whether four distinct cells, in column-major order,
	// are consecutive along one direction.
	inLine := func(q [4]cell) bool {
		dc, dr := q[1].col-q[0].col, q[1].row-q[0].row
		if dc < 0 || dc > 1 || dr < -1 || dr > 1 || (dc == 0 && dr != 1) {
			return false
		}
		for k := 1; k < 4; k++ {
			if q[k].col-q[k-1].col != dc || q[k].row-q[k-1].row != dr {
				return false
			}
		}
		return true
	}
	bit := func(c cell) uint64 { return 1 << (c.col*stride + c.row) }
	lines, sets := 0, 0
	for i := range cells {
		for j := i + 1; j < len(cells); j++ {
			for k := j + 1; k < len(cells); k++ {
				for l := k + 1; l < len(cells); l++ {
					q := [4]cell{cells[i], cells[j], cells[k], cells[l]}
					m := bit(q[0]) | bit(q[1]) | bit(q[2]) | bit(q[3])
					want := inLine(q)
					if got := hasFour(m); got != want {
						t.Errorf("hasFour(%v) = %t, want %t", q, got, want)
					}
					if want {
						lines++
					}
					sets++
				}
			}
		}
	}
	if lines != 69 || sets != 111930 {
		t.Errorf("checked %d sets of four cells with %d lines, want 111930 and 69", sets, lines)
	}
}
