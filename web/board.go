package web

import (
	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/games/board"
)

// boardReader returns the reader of the show's game's boards, which turns
// a node's position text into the board the game declares, or nil for a
// trace of a game not in the catalog, whose boards are not drawn.
func (s *show) boardReader() func(string) (board.Board, bool) {
	g, err := catalog.LookupGameSpec(s.header.Game)
	if err != nil {
		return nil
	}
	return g.Board
}

// readBoard reads a node's position text with read, returning nil for
// none: no reader, no text, or text the game does not read as a board.
func readBoard(read func(string) (board.Board, bool), text string) *board.Board {
	if read == nil || text == "" {
		return nil
	}
	b, ok := read(text)
	if !ok {
		return nil
	}
	return &b
}
