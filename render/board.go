package render

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/games/board"
	"github.com/searchviz/searchviz/trace"
)

// readBoard reads a node's position text with read, the game's own reader
// (Options.Board). It returns nil when there is nothing to draw: no
// reader, no text, text the reader refuses, or a board that is not well
// formed, such as one of more than board.MaxSide rows or columns, which
// would be drawn unreadably small.
func readBoard(l explain.Lang, read func(string) (board.Board, bool), text string) *board.Board {
	if read == nil || text == "" {
		return nil
	}
	b, ok := read(text)
	if !ok || b.Check() != nil {
		return nil
	}
	b.Caption = l.BoardCaption(nodeCaption(b.Caption))
	return &b
}

// maxNodeCaption is the most characters of a board's caption drawn in a
// node: the caption's first clauses that fit, such as "White to move" of
// "White to move, ply 0 of 200, no diagonal King move", so that a node is
// not made wide by words the viewer's board panel shows in full.
const maxNodeCaption = 24

// nodeCaption returns the part of caption a node shows: caption if it
// fits maxNodeCaption, else its first clauses (up to a ", ") that fit, or
// failing that its start and an ellipsis.
func nodeCaption(caption string) string {
	if utf8.RuneCountInString(caption) <= maxNodeCaption {
		return caption
	}
	clauses := strings.Split(caption, ", ")
	kept := clauses[0]
	for _, c := range clauses[1:] {
		next := kept + ", " + c
		if utf8.RuneCountInString(next) > maxNodeCaption {
			break
		}
		kept = next
	}
	if utf8.RuneCountInString(kept) <= maxNodeCaption {
		return kept
	}
	return string([]rune(caption)[:maxNodeCaption-1]) + "…"
}

// captionRuneWidth is the width in points that a board's caption is given
// per character: a digit or capital of Helvetica at 10 points, the size
// a page draws captions at (they are written at 8), the widest of the
// characters captions use, so that a caption fits its node.
const captionRuneWidth = 5.6

// captionRuneRoom is captionRuneWidth in a Patchable drawing, whose page
// draws captions in presentation mode at 12.5 points (--present-window
// in static/app.css).
const captionRuneRoom = captionRuneWidth * 12.5 / 10

// boardCaptionSlot is the slot of node id's board caption in a Patchable
// drawing, "k<id>", which the page styles by its SVG id, "a_k<id>".
func boardCaptionSlot(id trace.NodeID) string { return "k" + strconv.Itoa(int(id)) }

// captionWidth returns the width in points a board's caption needs, at
// perRune points a character.
func captionWidth(caption string, perRune float64) int {
	w := 0.0
	for _, r := range caption {
		if isWide(r) {
			w += 2 * perRune // a kana or kanji is as wide as two capitals
		} else {
			w += perRune
		}
	}
	return int(w + 0.5)
}
