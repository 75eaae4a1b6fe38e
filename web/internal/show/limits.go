package show

import "time"

// The limits of a loaded trace and of the cache of them. Each is
// enforced where it is named; the tests of this package cross them.
const (
	// MaxCached caps the traces the cache keeps folded, however small;
	// its byte budget is the caller's (web's Config.CacheBytes).
	MaxCached = 64

	// MaxNotesShown caps the notes a viewer page carries, whatever the
	// trace holds.
	MaxNotesShown = 12
	// maxNoteRunes caps each note a viewer page carries.
	maxNoteRunes = 1_000

	// maxBoardNodes is the largest tree whose nodes the viewer draws with
	// their boards inside: beyond it a board is too small to read at any
	// zoom that shows the tree, and costs Graphviz time and the page three
	// times the drawing's size. The side panel shows the board of any node.
	maxBoardNodes = 400

	// redrawAfter is how long a drawing that ran out of time is not tried
	// again: pages opened meanwhile are told at once. It is tried again
	// after, since the time may have gone in waiting for a layout process.
	redrawAfter = 5 * time.Minute

	// MaxShownDrawings caps the drawings of display sets a show keeps, and
	// its tally indexes, so that the pages of a class on one trace, which
	// show the same nodes at the same steps, share them; the least
	// recently used go first.
	MaxShownDrawings = 8

	// OverviewCols and OverviewRows are the minimap's grid: columns by
	// place in the tree's preorder, rows by depth.
	OverviewCols = 160
	OverviewRows = 40
)
