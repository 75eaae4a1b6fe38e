package exercise

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/games/maze"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/trace"
)

// Sizes of beam exercises.
const (
	beamMazeSize = 5 // rows and columns of a generated maze
	// MaxBeamDepth and MaxBeamWidth bound a beam exercise's depth and
	// width: past them the states to weigh are too many for a sheet.
	MaxBeamDepth = 4
	MaxBeamWidth = 4
)

// beamState is one state a beam search made: the moves to it from the
// start and its score.
type beamState struct {
	path  string // the moves, such as "up right"
	score float64
}

// beamRun is what beam search did at each depth: every state it made,
// best first as it ranked them, and how many of them it kept.
type beamRun struct {
	depths [][]beamState
	kept   []int
}

// runBeam runs search.Beam on ex's maze and reads its trace.
func runBeam(ex Exercise) (*beamRun, error) {
	switch {
	case ex.BeamWidth < 1 || ex.BeamWidth > MaxBeamWidth:
		return nil, fmt.Errorf("exercise: a beam exercise's width is 1 to %d, not %d", MaxBeamWidth, ex.BeamWidth)
	case ex.BeamDepth < 1 || ex.BeamDepth > MaxBeamDepth:
		return nil, fmt.Errorf("exercise: a beam exercise's depth is 1 to %d, not %d", MaxBeamDepth, ex.BeamDepth)
	}
	s, err := maze.Parse(ex.Maze)
	if err != nil {
		return nil, fmt.Errorf("exercise: beam maze: %w", err)
	}
	rec := trace.NewRecorder(0)
	opts := search.SingleOptions{Width: ex.BeamWidth, Depth: ex.BeamDepth, Tracing: search.Tracing{Tracer: rec}}
	if _, err := search.Beam(context.Background(), s, opts); err != nil {
		return nil, fmt.Errorf("exercise: beam search: %w", err)
	}
	type made struct {
		path  string
		score float64
	}
	var nodes []made
	run := &beamRun{}
	for _, e := range rec.Events() {
		switch e.Kind {
		case trace.KindNode:
			var m made
			if e.Parent != trace.NoNode {
				m.path = strings.TrimSpace(nodes[e.Parent].path + " " + e.Label)
			}
			nodes = append(nodes, m)
		case trace.KindEval:
			nodes[e.Node].score = e.Value
		case trace.KindBeam:
			var depth []beamState
			for _, id := range slices.Concat(e.Kept, e.Dropped) {
				n := nodes[id]
				depth = append(depth, beamState{path: n.path, score: n.score})
			}
			run.depths = append(run.depths, depth)
			run.kept = append(run.kept, len(e.Kept))
		}
	}
	return run, nil
}

// MazeCells returns a beam exercise's maze, row by row, each cell as the
// maze's text writes it: '@' the character, '#' a wall, a digit the
// points a cell holds, '.' an empty floor.
func (ex Exercise) MazeCells() ([][]string, error) {
	s, err := maze.Parse(ex.Maze)
	if err != nil {
		return nil, fmt.Errorf("exercise: beam maze: %w", err)
	}
	rows := make([][]string, s.Height())
	for r := range rows {
		rows[r] = make([]string, s.Width())
		for c := range rows[r] {
			rows[r][c] = string(s.Cell(r, c))
		}
	}
	return rows, nil
}

// drawBeam fills ex with a maze from r and reports whether its beams are
// a fair item: the search runs to the depth asked, at every depth the
// last state kept scores more than the first dropped, so that no tie
// decides what is kept, and every depth after the first drops a state.
func (ex *Exercise) drawBeam(r *rand.Rand) (bool, error) {
	d := ex.Difficulty
	s, err := maze.Generate(beamMazeSize, beamMazeSize, d.Depth, r.Int64N(1<<31))
	if err != nil {
		return false, fmt.Errorf("exercise: beam maze: %w", err)
	}
	ex.Maze, ex.BeamWidth, ex.BeamDepth = s.String(), d.Branching, d.Depth
	run, err := runBeam(*ex)
	if err != nil {
		return false, err
	}
	if len(run.depths) != d.Depth {
		return false, nil
	}
	for i, states := range run.depths {
		k := run.kept[i]
		if k < len(states) && states[k-1].score == states[k].score {
			return false, nil
		}
		if k == len(states) && i > 0 {
			return false, nil
		}
	}
	return true, nil
}

// solveBeam runs the beam search of ex and lists the states it keeps at
// each depth.
func solveBeam(ex Exercise) (*solution, error) {
	run, err := runBeam(ex)
	if err != nil {
		return nil, err
	}
	sol := &solution{ex: ex, beams: run}
	for i, states := range run.depths {
		var kept []string
		for _, st := range states[:run.kept[i]] {
			kept = append(kept, st.path)
		}
		sol.want.Beams = append(sol.want.Beams, kept)
	}
	return sol, nil
}

// gradeBeam compares the states an answer keeps at each depth with the
// search's, depth by depth.
func (sol *solution) gradeBeam(r *Result, got [][]string) {
	run, l := sol.beams, sol.l
	for i, states := range run.depths {
		depth := i + 1
		var answer []string
		if i < len(got) {
			answer = got[i]
		}
		k := run.kept[i]
		kept := sol.want.Beams[i]
		for _, p := range kept {
			if slices.Contains(answer, p) {
				r.ValuesRight++
				continue
			}
			r.ValuesMissing++
			j := slices.IndexFunc(states, func(st beamState) bool { return st.path == p })
			from := l.T("one move from the start")
			if depth > 1 {
				from = l.F("made from depth %d's beam", depth-1)
			}
			r.add(MissingValue, strconv.Itoa(depth), 2*depth, l.F("At depth %d beam keeps %s: it scores %s, among the %d best of the %d states %s.",
				depth, quote(l, p), explain.Number(states[j].score), k, len(states), from))
		}
		for _, p := range answer {
			if slices.Contains(kept, p) {
				continue
			}
			r.ValuesExtra++
			j := slices.IndexFunc(states, func(st beamState) bool { return st.path == p })
			switch {
			case j < 0 && i > 0 && !sol.keptAt(i-1, parentPath(p)):
				r.add(ExtraValue, strconv.Itoa(depth), 2*depth+1, l.F("At depth %d, %s comes from %s, which depth %d does not keep: beam expands only the states it keeps.", depth, quote(l, p), quote(l, parentPath(p)), depth-1))
			case j < 0:
				r.add(ExtraValue, strconv.Itoa(depth), 2*depth+1, l.F("At depth %d no state is reached by %s: a state is the moves from the start, one a depth, such as \"up right\", and a move into a wall or off the board is not made.", depth, quote(l, p)))
			default:
				r.add(ExtraValue, strconv.Itoa(depth), 2*depth+1, l.F("At depth %d beam drops %s: it scores %s, and beam keeps the %d best, the last of which scores %s.",
					depth, quote(l, p), explain.Number(states[j].score), k, explain.Number(states[k-1].score)))
			}
		}
	}
	for i := len(run.depths); i < len(got); i++ {
		r.ValuesExtra++
		r.add(ExtraValue, strconv.Itoa(i+1), 2*i+2, sol.l.F("Beam search stops at depth %d: there is no depth %d.", len(run.depths), i+1))
	}
}

// keptAt reports whether the state of path p is kept at depth index i.
func (sol *solution) keptAt(i int, p string) bool {
	return i < len(sol.want.Beams) && slices.Contains(sol.want.Beams[i], p)
}

// parentPath returns the path of the state p is made from.
func parentPath(p string) string {
	if i := strings.LastIndexByte(p, ' '); i >= 0 {
		return p[:i]
	}
	return ""
}

// quote quotes a text as answers type it, such as a state's moves, in a
// sentence of the language l: "up right" in English, 「up right」 in
// Japanese.
func quote(l explain.Lang, text string) string {
	if l.Code() == "ja" {
		return "「" + text + "」"
	}
	return strconv.Quote(text)
}
