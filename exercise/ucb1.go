package exercise

import (
	"math"
	"math/rand/v2"
	"strconv"
)

// The statistics of generated UCB1 exercises.
const (
	// defaultArmVisits is the most visits of one child when the
	// difficulty does not say.
	defaultArmVisits = 12
	// MaxGeneratedArms is the most children a generated UCB1 exercise
	// gives its parent: more is reading a table, not weighing UCB1's
	// terms.
	MaxGeneratedArms = 6
	// MaxGeneratedVisits is the most visits of one child a difficulty
	// may ask for.
	MaxGeneratedVisits = 100
	// MaxGeneratedC is the greatest exploration constant a difficulty
	// may ask for: with more, the exploration term outweighs every mean
	// and no table tells the classic mistakes from UCB1.
	MaxGeneratedC = 2
	// MaxUCB1Attempts is how many tables Generate draws for a UCB1
	// exercise, and trees for an MCTS one: about one table in 300 tells
	// every classic mistake from UCB1, and a draw costs microseconds.
	MaxUCB1Attempts = 50_000
	// minUCBGap is by how much the picked child's score must beat every
	// other's, so that rounding to two decimals cannot change the pick;
	// a mistake's pick counts as UCB1's within it too.
	minUCBGap = 0.02
)

// ucbConstants are the exploration constants C of generated UCB1
// exercises whose difficulty leaves C to chance.
var ucbConstants = []float64{0.5, 1, 2}

// A ucbMistake is a classic wrong way to pick a child under UCB1: pick
// returns the children it would pick, several when they tie, and hint
// says, of a child it picks, what was missed.
type ucbMistake struct {
	name string
	hint string // a format taking the child's label
	pick func(ex *Exercise) []int
}

// ucbMistakes are the wrong answers a generated UCB1 exercise must tell
// apart from the right one: a student who makes any of them picks
// another child than UCB1 does.
var ucbMistakes = []ucbMistake{
	{"the best mean w/n", "%s has the best mean w/n, but UCB1 adds to each mean the exploration term, which is larger for a child visited less", func(ex *Exercise) []int {
		return bestOf(ex.Arms, func(a Arm) float64 { return a.W / float64(a.N) }, minUCBGap)
	}},
	{"the most visits", "%s has the most visits: that is the move MCTS plays once its search ends, not the child it visits next", func(ex *Exercise) []int {
		return bestOf(ex.Arms, func(a Arm) float64 { return float64(a.N) }, 0)
	}},
	{"the fewest visits", "%s has the fewest visits, but UCB1 weighs the exploration term they give against each child's mean", func(ex *Exercise) []int {
		return bestOf(ex.Arms, func(a Arm) float64 { return -float64(a.N) }, 0)
	}},
	{"no square root", "%s is the pick without the square root over 2·ln t / n", func(ex *Exercise) []int {
		return bestOf(ex.Arms, func(a Arm) float64 {
			return a.W/float64(a.N) + ex.C*2*math.Log(float64(ex.Visits))/float64(a.N)
		}, minUCBGap)
	}},
	{"no logarithm", "%s is the pick with t in place of ln t", func(ex *Exercise) []int {
		return bestOf(ex.Arms, func(a Arm) float64 {
			return a.W/float64(a.N) + ex.C*math.Sqrt(2*float64(ex.Visits)/float64(a.N))
		}, minUCBGap)
	}},
	{"the child's visits for t", "%s is the pick with each child's own visits for t: t is the parent's visits, the sum of its children's", func(ex *Exercise) []int {
		return bestOf(ex.Arms, func(a Arm) float64 {
			return a.W/float64(a.N) + ex.C*math.Sqrt(2*math.Log(float64(a.N))/float64(a.N))
		}, minUCBGap)
	}},
}

// bestOf returns the arms whose score is within tie of the greatest.
func bestOf(arms []Arm, score func(Arm) float64, tie float64) []int {
	top := math.Inf(-1)
	for _, a := range arms {
		top = max(top, score(a))
	}
	var out []int
	for i, a := range arms {
		if score(a) >= top-tie {
			out = append(out, i)
		}
	}
	return out
}

// drawUCB1 fills ex with random UCB1 statistics and reports whether they
// make a fair item: one child scores best by at least minUCBGap, every
// child has been visited (an unvisited child is picked whatever the
// scores), and each of ucbMistakes picks another child.
func (ex *Exercise) drawUCB1(r *rand.Rand) bool {
	d := ex.Difficulty
	most := d.MaxVisits
	if most == 0 {
		most = defaultArmVisits
	}
	ex.Arms = make([]Arm, d.Branching)
	ex.Visits = 0
	for i := range ex.Arms {
		visits := 1 + r.IntN(most)
		ex.Arms[i] = Arm{Label: "a" + strconv.Itoa(i+1), W: float64(r.IntN(visits + 1)), N: visits}
		ex.Visits += visits
	}
	ex.C = d.C
	if ex.C == 0 {
		ex.C = ucbConstants[r.IntN(len(ucbConstants))]
	}
	scores := ex.ucbScores()
	best := pickUCB1(scores)
	for i, s := range scores {
		if i != best && scores[best]-s < minUCBGap {
			return false
		}
	}
	for _, m := range ucbMistakes {
		for _, i := range m.pick(ex) {
			if i == best {
				return false
			}
		}
	}
	return true
}
