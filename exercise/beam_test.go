package exercise_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/exercise"
	"github.com/searchviz/searchviz/games/maze"
)

// refBeam is beam search as the primer states it, written apart from
// package search on the maze's own moves: from the beam [start], every
// state of the beam is expanded, all moves in the maze's order; the new
// states are ranked by score, the one made first ahead among equals, and
// the best width of them are the next beam. It returns the paths kept at
// each depth.
func refBeam(t *testing.T, text string, width, depth int) [][]string {
	t.Helper()
	start, err := maze.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	type st struct {
		s    maze.State
		path string
	}
	beam := []st{{start, ""}}
	var out [][]string
	for range depth {
		var next []st
		for _, b := range beam {
			for _, a := range b.s.Legal(nil) {
				next = append(next, st{b.s.Play(a), strings.TrimSpace(b.path + " " + b.s.Label(a))})
			}
		}
		if len(next) == 0 {
			break
		}
		slices.SortStableFunc(next, func(x, y st) int {
			switch {
			case x.s.Score() > y.s.Score():
				return -1
			case x.s.Score() < y.s.Score():
				return 1
			}
			return 0
		})
		beam = next[:min(width, len(next))]
		var kept []string
		for _, b := range beam {
			kept = append(kept, b.path)
		}
		out = append(out, kept)
		if beam[0].s.Done() {
			break
		}
	}
	return out
}

// TestBeamAgainstReference checks generated beam exercises of every level
// against the tests' own beam search, depth by depth; the solution is
// graded right, and expanding a state the first depth dropped, a classic
// mistake, is graded wrong with the rule it breaks.
func TestBeamAgainstReference(t *testing.T) {
	t.Parallel()
	for _, l := range exercise.LevelsOf(exercise.Beam) {
		t.Run(l.Name, func(t *testing.T) {
			t.Parallel()
			for seed := range int64(60) {
				ex, err := exercise.Generate(exercise.Beam, l.Difficulty, seed)
				if err != nil {
					t.Fatal(err)
				}
				want := refBeam(t, ex.Maze, ex.BeamWidth, ex.BeamDepth)
				got, err := exercise.Solve(ex)
				if err != nil {
					t.Fatal(err)
				}
				if len(got.Beams) != len(want) {
					t.Fatalf("seed %d %s: %d depths, want %d", seed, ex.Maze, len(got.Beams), len(want))
				}
				for i := range want {
					if a, b := slices.Sorted(slices.Values(got.Beams[i])), slices.Sorted(slices.Values(want[i])); !slices.Equal(a, b) {
						t.Errorf("seed %d %s: depth %d keeps %v, want %v", seed, ex.Maze, i+1, a, b)
					}
				}
				if r := grade(t, ex, got.String()); !r.Correct {
					t.Errorf("seed %d: the solution %s is graded wrong: %s", seed, got, r.Feedback)
				}
				// A state at depth 2 made from a state depth 1 dropped.
				start, _ := maze.Parse(ex.Maze)
				for _, a := range start.Legal(nil) {
					first := start.Label(a)
					if slices.Contains(want[0], first) {
						continue
					}
					s := start.Play(a)
					if moves := s.Legal(nil); len(moves) > 0 {
						wrong := fmt.Sprintf("1: %s; 2: %s %s", strings.Join(want[0], ", "), first, s.Label(moves[0]))
						if r := grade(t, ex, wrong); r.Correct || !strings.Contains(r.Feedback+fmt.Sprint(r.Mistakes), "which depth 1 does not keep") {
							t.Errorf("seed %d: %q is graded %v: %v", seed, wrong, r.Correct, r.Mistakes)
						}
					}
					break
				}
			}
		})
	}
}
