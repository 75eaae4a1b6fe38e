package xo_test

import (
	"testing"

	"github.com/searchviz/searchviz/games/internal/xo"
)

// rows3 reports whether the cells m of a 3x3 board, cell i being bit i,
// fill a row; columns and diagonals do not count, to keep cases small.
func rows3(m uint16) bool {
	return m&0x007 == 0x007 || m&0x038 == 0x038 || m&0x1c0 == 0x1c0
}

func TestSides(t *testing.T) {
	t.Parallel()
	tests := []struct {
		x, o    uint64
		xToMove bool
		toMove  byte
		me, opp uint64
	}{
		{0, 0, true, 'x', 0, 0},
		{1, 0, false, 'o', 0, 1},
		{0b011, 0b100, false, 'o', 0b100, 0b011},
		{0b011, 0b1100, true, 'x', 0b011, 0b1100},
		{1 << 63, 0, false, 'o', 0, 1 << 63},
		{1<<63 | 1<<40, 1, false, 'o', 1, 1<<63 | 1<<40},
	}
	for _, tt := range tests {
		if got := xo.XToMove(tt.x, tt.o); got != tt.xToMove {
			t.Errorf("XToMove(%#x, %#x) = %t, want %t", tt.x, tt.o, got, tt.xToMove)
		}
		if got := xo.ToMove(tt.x, tt.o); got != tt.toMove {
			t.Errorf("ToMove(%#x, %#x) = %q, want %q", tt.x, tt.o, got, tt.toMove)
		}
		if me, opp := xo.Sides(tt.x, tt.o); me != tt.me || opp != tt.opp {
			t.Errorf("Sides(%#x, %#x) = %#x, %#x; want %#x, %#x", tt.x, tt.o, me, opp, tt.me, tt.opp)
		}
		// The side to move takes a cell that is free in every case.
		x, o := xo.Take(tt.x, tt.o, 1<<62)
		if tt.xToMove && (x != tt.x|1<<62 || o != tt.o) || !tt.xToMove && (x != tt.x || o != tt.o|1<<62) {
			t.Errorf("Take(%#x, %#x, 1<<62) = %#x, %#x; want the cell added to %c's", tt.x, tt.o, x, o, tt.toMove)
		}
	}
}

func TestDoneWinnerDecided(t *testing.T) {
	t.Parallel()
	const full, winScore = 0x1ff, 10
	tests := []struct {
		name    string
		x, o    uint16
		done    bool
		winner  byte
		score   float64 // Decided of the side to move against the other
		decided bool
	}{
		{"not over", 0x001, 0x010, false, 0, 0, false},
		{"x won, o to move", 0x007, 0x018, true, 'x', -winScore, true},
		{"o won, x to move", 0x043, 0x038, true, 'o', -winScore, true},
		{"x won, x to move", 0x007, 0x058, true, 'x', 0, true},
		{"both won", 0x007, 0x038, true, 'x', -winScore, true},
		{"full, no row", 0x0ab, 0x154, true, 0, 0, true},
	}
	for _, tt := range tests {
		if got := xo.Done(tt.x, tt.o, full, rows3); got != tt.done {
			t.Errorf("%s: Done = %t, want %t", tt.name, got, tt.done)
		}
		if got := xo.Winner(tt.x, tt.o, rows3); got != tt.winner {
			t.Errorf("%s: Winner = %q, want %q", tt.name, got, tt.winner)
		}
		me, opp := xo.Sides(tt.x, tt.o)
		if score, decided := xo.Decided(me, opp, full, rows3, winScore); score != tt.score || decided != tt.decided {
			t.Errorf("%s: Decided = %g, %t; want %g, %t", tt.name, score, decided, tt.score, tt.decided)
		}
	}
}

// words is a game of three actions, slots a to c, with stones for pieces.
var words = xo.Game{
	Name: "test", Actions: 3, Label: func(action int) string { return string(rune('a' + action)) },
	Action: "slot", Taken: "is taken", Piece: "stone", Line: "a row", First: "first row",
}

func TestBadPlay(t *testing.T) {
	t.Parallel()
	tests := []struct {
		action int
		want   string
	}{
		{0, "test: Play(0) in x.o: slot a is taken"},
		{2, "test: Play(2) in x.o: slot c is taken"},
		{3, "test: Play(3) in x.o: an action is a slot number in 0..2"},
		{-1, "test: Play(-1) in x.o: an action is a slot number in 0..2"},
	}
	for _, tt := range tests {
		if got := words.BadPlay("x.o", tt.action); got != tt.want {
			t.Errorf("BadPlay(%d) = %q, want %q", tt.action, got, tt.want)
		}
	}
}

func TestCheckCounts(t *testing.T) {
	t.Parallel()
	tests := []struct {
		nx, no       int
		xLine, oLine bool
		want         string // "" for no error
	}{
		{0, 0, false, false, ""},
		{1, 0, false, false, ""},
		{4, 3, true, false, ""},
		{3, 3, false, true, ""},
		{2, 0, false, false, "x has 2 stones and o has 0, but x moves first, so x has as many stones as o or one more"},
		{1, 2, false, true, "x has 1 stones and o has 2, but x moves first, so x has as many stones as o or one more"},
		{3, 3, true, true, "both x and o have a row, but the game ends at the first row"},
		{3, 3, true, false, "x has a row, so x moved last and has one more stone than o, but both have 3"},
		{4, 3, false, true, "o has a row, so o moved last and has as many stones as x, but x has 4 and o has 3"},
	}
	for _, tt := range tests {
		err := words.CheckCounts(tt.nx, tt.no, tt.xLine, tt.oLine)
		if got := errText(err); got != tt.want {
			t.Errorf("CheckCounts(%d, %d, %t, %t) = %q, want %q", tt.nx, tt.no, tt.xLine, tt.oLine, got, tt.want)
		}
	}
}

// errText is err's message, or "" for nil.
func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
