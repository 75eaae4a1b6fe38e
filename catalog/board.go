package catalog

import (
	"errors"
	"fmt"

	"github.com/searchviz/searchviz/games/board"
	"github.com/searchviz/searchviz/games/tree"
	"github.com/searchviz/searchviz/spec"
)

// boarded is a state that declares its board for display.
type boarded interface {
	Board() board.Board
}

// editable is a state whose board can be edited cell by cell: Palette is
// what a cell may hold, in the order a click cycles through, and Edit
// writes the position text of the state with its cells replaced by a
// board's, keeping what the board does not show (the turns left, the side
// to move). The text need not be a position: the game's parser says why.
type editable interface {
	boarded
	Palette() []board.Cell
	Edit(b board.Board) (string, error)
}

// cellNamer is a state whose board's cells have names of the game's own,
// such as tic-tac-toe's "a1", for an editor to call them by.
type cellNamer interface {
	CellName(row, col int) string
}

// ErrNotEditable is the error OpenEditor returns for a game whose
// positions have neither a board to edit nor a typed tree.
var ErrNotEditable = errors.New("catalog: this game's positions have no board to edit")

// Board returns the board of a position of g, read by g's own parser: the
// grid a node's position text stands for, as the game declares it. It
// reports false for a game without a board, such as the typed tree, and
// for text that is not a position of g, "" included. It is safe for
// concurrent use.
func (g Game) Board(position string) (board.Board, bool) {
	if position == "" || g.open == nil {
		return board.Board{}, false
	}
	r, err := g.open(nil, 0, position) // a position given is parsed, never made from the values
	if err != nil {
		return board.Board{}, false
	}
	s, ok := r.state.(boarded)
	if !ok {
		return board.Board{}, false
	}
	b := s.Board()
	if b.Check() != nil {
		return board.Board{}, false
	}
	return b, true
}

// LookupGameSpec returns the game a game spec names, as a trace header
// writes it: "tictactoe", "maze h=5 w=5". It checks the spec's syntax and
// the game's name, not the parameters, which reading a position does not
// need, so that a trace recorded elsewhere still finds its game.
func LookupGameSpec(gameSpec string) (Game, error) {
	gs, err := spec.Parse(gameSpec)
	if err != nil {
		return Game{}, fmt.Errorf("game: %w", err)
	}
	return LookupGame(gs.Name)
}

// resolveGame reads a game spec: the game it names, the spec and the
// values of the game's parameters, defaults filled in.
func resolveGame(gameSpec string) (Game, spec.Spec, spec.Values, error) {
	gs, err := spec.Parse(gameSpec)
	if err != nil {
		return Game{}, gs, nil, fmt.Errorf("game: %w", err)
	}
	g, err := LookupGame(gs.Name)
	if err != nil {
		return Game{}, gs, nil, err
	}
	gv, err := spec.Resolve(gs, g.Params)
	return g, gs, gv, err
}

// openAt opens the position text of g with parameters gv and seed or,
// when position is "", the game's start or the board they make.
func (g Game) openAt(gv spec.Values, seed int64, position string) (root, error) {
	if position == "" {
		position = g.Start
	}
	r, err := g.open(gv, seed, position)
	if err != nil {
		return root{}, fmt.Errorf("position: %w", err)
	}
	return r, nil
}

// Editor is a position opened for editing: a grid game's board and what
// its cells may hold, or the typed tree's outline with the game's names.
type Editor struct {
	Position string       // the position's text
	Board    board.Board  // a grid game's board; zero for the typed tree
	Palette  []board.Cell // what a cell may hold, in the order a click cycles through; nil for the typed tree
	Names    []string     // each cell's name, row by row: the game's own ("a1") or "row 2, column 3"
	Outline  *Outline     // the typed tree's outline, nil for other games and a tree of one leaf

	state editable // the position, nil for the typed tree
}

// Outline is a typed tree's interior node with the names the game gives
// it and its actions, so that an editor shows the tree's own names.
type Outline struct {
	Name     string     // the node's name: "A" for the root, then "B", "C", ... breadth-first
	Max      bool       // MAX is to move at the node
	Labels   []string   // the labels of its actions, the edges to its children: "a1", "a2", ...
	Children []*Outline // by action; nil for a leaf
}

// OpenEditor opens a position of the game gameSpec names for editing: the
// position text or, when it is "", the position a search starts from, the
// game's start or the one its parameters and seed make, as Prepare opens
// it. It fails for a spec or position that Prepare refuses, and with
// ErrNotEditable for a game that has no board or tree to edit.
func OpenEditor(gameSpec string, seed int64, position string) (Editor, error) {
	g, _, gv, err := resolveGame(gameSpec)
	if err != nil {
		return Editor{}, err
	}
	r, err := g.openAt(gv, seed, position)
	if err != nil {
		return Editor{}, err
	}
	e := Editor{Position: r.text}
	switch s := r.state.(type) {
	case editable:
		e.Board, e.Palette, e.state = s.Board(), s.Palette(), s
		if err := e.Board.Check(); err != nil {
			return Editor{}, fmt.Errorf("catalog: %s draws a board it cannot: %w", g.Name, err)
		}
		e.Names = cellNames(s, e.Board.Rows, e.Board.Cols)
	case tree.State:
		e.Outline = outline(s)
	default:
		return Editor{}, fmt.Errorf("%w (%s)", ErrNotEditable, g.Name)
	}
	return e, nil
}

// Edit returns the position text of e's position with its cells replaced
// by those of b, a board of the same rows and columns: what the board does
// not show, such as the turns left, stays. The text may not be a position
// of the game, as an edit may leave two players or none; OpenEditor of the
// text says why. Edit fails for a board of another shape, a cell not in
// the palette, and a typed tree, which has no board.
func (e Editor) Edit(b board.Board) (string, error) {
	if e.state == nil {
		return "", errors.New("catalog: editing a position with no board")
	}
	if b.Rows != e.Board.Rows || b.Cols != e.Board.Cols {
		return "", fmt.Errorf("catalog: an edited board of %dx%d cells for a position of %dx%d: editing changes cells, not the board's size", b.Rows, b.Cols, e.Board.Rows, e.Board.Cols)
	}
	return e.state.Edit(b)
}

// cellNames names the cells of a board of rows×cols cells of state s, row
// by row: as the game names them, or by row and column counted from 1.
func cellNames(s any, rows, cols int) []string {
	namer, named := s.(cellNamer)
	names := make([]string, 0, rows*cols)
	for r := range rows {
		for c := range cols {
			if named {
				names = append(names, namer.CellName(r, c))
			} else {
				names = append(names, fmt.Sprintf("row %d, column %d", r+1, c+1))
			}
		}
	}
	return names
}

// outline returns the outline of the subtree at s, nil for a leaf.
func outline(s tree.State) *Outline {
	if s.Done() {
		return nil
	}
	o := &Outline{Name: s.Name(), Max: s.MaxToMove()}
	for _, a := range s.Legal(nil) {
		o.Labels = append(o.Labels, s.Label(a))
		o.Children = append(o.Children, outline(s.Play(a)))
	}
	return o
}
