package viewer

// The limits of a viewer: of what a page may ask, and of what a frame
// holds, so that a frame's size does not grow with the trace.
const (
	// MaxPathMoves caps the moves a node's path names in the variables
	// and the filter: a deeper path keeps its first and last moves and
	// says how many are left out between them.
	MaxPathMoves = 40

	maxSpeed = 50 // steps a second while playing
	logLines = 40 // the most recent steps a frame describes

	// MaxMarks is the most marks of each sort, iteration starts and cuts, a
	// full frame gives the scrubber: a scrubber a few hundred pixels wide
	// shows no more, and MCTS's thousands of iterations would only fill the
	// frame. Past it they are thinned to MaxMarks evenly spaced by count, the
	// first always among them.
	MaxMarks = 200

	// maxChoices caps the expansions and the collapses a page's navigation
	// remembers; past it the oldest are forgotten.
	maxChoices = 256

	// historyPoints is the most points of the visits chart's history.
	historyPoints = 60

	// maxRanked is the most rows a beam list shows.
	maxRanked = 25

	// MaxPanelUnits caps the width and the height of a tree panel a page
	// reports, in the drawing's units at the scale its texts are readable
	// at: a wall of screens is a few thousand.
	MaxPanelUnits = 100_000

	// minPanelBudget is the fewest nodes, placeholders aside, a display
	// set fitted to a narrow panel is picked with: the paths Pick always
	// shows, and a few of their neighbours, even if they overflow it.
	minPanelBudget = 8

	// panelFitTries caps the drawings of one display set made to fit a
	// panel: each smaller than the last by what the last overflowed.
	panelFitTries = 4

	// maxRepicks caps the drawings of one arrangement made again for the
	// ranks a drawing measured (render.Choices.Ranks), beyond the tries
	// at the panel's width: once without boards, when they make a rank
	// too tall for the panel, once for the ranks of the drawing without.
	maxRepicks = 2
)
