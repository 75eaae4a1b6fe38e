package render

import (
	"unicode/utf8"

	"github.com/searchviz/searchviz/games/board"
)

// readBoard reads a node's position text with read, the game's own reader
// (Options.Board). It returns nil when there is nothing to draw: no
// reader, no text, text the reader refuses, or a board that is not well
// formed, such as one of more than board.MaxSide rows or columns, which
// would be drawn unreadably small.
func readBoard(read func(string) (board.Board, bool), text string) *board.Board {
	if read == nil || text == "" {
		return nil
	}
	b, ok := read(text)
	if !ok || b.Check() != nil {
		return nil
	}
	return &b
}

// captionRuneWidth is the width in points that a board's caption is given
// per character: a digit or capital of Helvetica at 8 points, the widest
// of the characters captions use, so that a caption fits its node.
const captionRuneWidth = 4.5

// captionWidth returns the width in points a board's caption needs.
func captionWidth(caption string) int {
	return int(float64(utf8.RuneCountInString(caption))*captionRuneWidth + 0.5)
}
