package exercise

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
)

// Kind is what an exercise asks for.
type Kind string

// The kinds of exercise.
const (
	// AlphaBeta asks for every pruned branch and the value AlphaBeta
	// computes at every interior node it searches, in MAX's view.
	AlphaBeta Kind = "alphabeta"
	// MiniMax asks for every interior node's value, in MAX's view.
	MiniMax Kind = "minimax"
	// NegaMax asks for every interior node's value, in the view of the
	// side to move there.
	NegaMax Kind = "negamax"
	// UCB1 asks which child UCB1 picks next, given the parent's visits
	// and each child's total and visits.
	UCB1 Kind = "ucb1"
	// Expectimax asks for the value of every interior and chance node of
	// a chance tree, in MAX's view.
	Expectimax Kind = "expectimax"
	// MCTS asks what one iteration of MCTS does to a tree whose nodes
	// hold their visits and totals: the leaf selection reaches, the node
	// expanded, if any, and every visit count and total after the
	// playout's result is backed up.
	MCTS Kind = "mcts"
	// Ordering asks for an order of every interior node's children that
	// makes AlphaBeta search the fewest nodes.
	Ordering Kind = "ordering"
	// Beam asks which states beam search keeps at each depth on a small
	// maze.
	Beam Kind = "beam"
)

// kinds lists every kind, for messages.
var kinds = []Kind{AlphaBeta, MiniMax, NegaMax, UCB1, Expectimax, MCTS, Ordering, Beam}

// ParseKind returns the kind with the given name, such as "alphabeta".
func ParseKind(name string) (Kind, error) {
	k := Kind(strings.ToLower(strings.TrimSpace(name)))
	if err := k.check(); err != nil {
		return "", err
	}
	return k, nil
}

// check refuses a kind that is not one of the constants.
func (k Kind) check() error {
	for _, known := range kinds {
		if k == known {
			return nil
		}
	}
	names := make([]string, len(kinds))
	for i, known := range kinds {
		names[i] = string(known)
	}
	return fmt.Errorf("exercise: unknown kind %q: want one of %s", string(k), strings.Join(names, ", "))
}

// Difficulty sets the size of a generated exercise.
//
// Depth is the number of levels from the root to the leaves; in an
// expectimax tree, levels of chance nodes count, and they alternate with
// levels of players' moves: MAX, chance, MIN, chance, ... Branching is
// the most children of a node: each node has from 2 to Branching, and for
// UCB1 the parent has exactly that many children. Cuts is, for AlphaBeta
// only, the exact number of cuts the search must make; other kinds ignore
// it, and UCB1 ignores Depth.
//
// MaxVisits and C are UCB1's: the most visits of one child (0 for
// defaultArmVisits), and the exploration constant (0 draws one of 0.5, 1
// and 2 for each exercise); MCTS draws C alike. Threshold, Draws and
// Unvisited are MCTS's alone: the expansion threshold, whether the
// playout may end in a draw, and whether a leaf may have no visits yet.
type Difficulty struct {
	Depth, Branching, Cuts int
	MaxVisits              int
	C                      float64
	Threshold              int
	Draws, Unvisited       bool
}

// Preset difficulties of the tree exercises; LevelsOf has each kind's.
var (
	Easy   = Difficulty{Depth: 2, Branching: 3, Cuts: 1}
	Medium = Difficulty{Depth: 3, Branching: 3, Cuts: 2}
	Hard   = Difficulty{Depth: 4, Branching: 3, Cuts: 4}
)

// Limits on generated exercises.
const (
	MaxDepth     = 5   // levels from the root to the leaves
	MaxBranching = 4   // children of one node
	MaxLeaves    = 256 // leaves of the largest tree a difficulty allows
	// MaxAttempts is how many trees Generate draws, from seeds derived
	// from the one it is given, to find one that fits the difficulty.
	MaxAttempts = 1000
)

// The leaves of generated trees are whole numbers from MinLeaf to MaxLeaf.
const (
	MinLeaf = -9
	MaxLeaf = 9
)

// Exercise is one exercise: what to solve and how it was made.
type Exercise struct {
	Kind       Kind
	Difficulty Difficulty // zero for an exercise typed by hand
	Seed       int64      // the seed Generate was given
	// Tree is the tree in the text form of tree.Parse, or of
	// tree.ParseChance for Expectimax; empty for UCB1.
	Tree string
	// For UCB1: the parent's visits t, the exploration constant C, and
	// its children, labelled a1, a2, ...
	Visits int
	C      float64
	Arms   []Arm
	// For MCTS: the tree's nodes, breadth-first from the root, with C
	// above, the expansion threshold, and the result of the iteration's
	// playout for MAX (1 a win, 0.5 a draw, 0 a loss).
	Nodes     []MCTSNode
	Threshold int
	Result    float64
	// For Beam: the maze in the text form of maze.Parse, its turns the
	// depth, and the beam's width and depth.
	Maze                 string
	BeamWidth, BeamDepth int
}

// Arm is one child of a UCB1 exercise's parent.
type Arm struct {
	Label string  // the edge to the child, such as "a2"
	W     float64 // the child's total value, from the parent's view
	N     int     // the child's visits
}

// ErrNoFit is returned, wrapped, when Generate finds no exercise that fits
// the difficulty within MaxAttempts trees.
var ErrNoFit = errors.New("exercise: no exercise fits the difficulty")

// Generate makes an exercise of the given kind and difficulty. The same
// kind, difficulty and seed always make the same exercise. For AlphaBeta it
// draws trees until the search makes exactly d.Cuts cuts, at most
// MaxAttempts; for UCB1, until one child clearly scores best and none of
// the classic mistakes picks it (see drawUCB1).
func Generate(kind Kind, d Difficulty, seed int64) (Exercise, error) {
	if err := kind.check(); err != nil {
		return Exercise{}, err
	}
	if err := d.check(kind); err != nil {
		return Exercise{}, err
	}
	ex := Exercise{Kind: kind, Difficulty: d, Seed: seed}
	attempts := MaxAttempts
	if kind == UCB1 || kind == MCTS {
		attempts = MaxUCB1Attempts
	}
	for attempt := range attempts {
		r := rand.New(rand.NewPCG(uint64(seed), uint64(attempt)))
		ok, err := ex.draw(r)
		if err != nil {
			return Exercise{}, err
		}
		if ok {
			return ex, nil
		}
	}
	return Exercise{}, fmt.Errorf("%w: %s with depth %d, branching %d and %d cuts, seed %d, after %d attempts",
		ErrNoFit, kind, d.Depth, d.Branching, d.Cuts, seed, attempts)
}

// check refuses a difficulty beyond the limits for kind.
func (d Difficulty) check(kind Kind) error {
	if kind == Beam {
		switch {
		case d.Depth < 1 || d.Depth > MaxBeamDepth:
			return fmt.Errorf("exercise: a beam exercise's depth is 1 to %d, not %d", MaxBeamDepth, d.Depth)
		case d.Branching < 1 || d.Branching > MaxBeamWidth:
			return fmt.Errorf("exercise: a beam exercise's width (Branching) is 1 to %d, not %d", MaxBeamWidth, d.Branching)
		}
		return nil
	}
	if kind == MCTS {
		switch {
		case d.Depth < 1 || d.Depth > maxMCTSDepth:
			return fmt.Errorf("exercise: an mcts exercise's tree is 1 to %d deep, not %d", maxMCTSDepth, d.Depth)
		case d.Branching < 2 || d.Branching > MaxBranching:
			return fmt.Errorf("exercise: branching %d is outside 2..%d", d.Branching, MaxBranching)
		case d.Threshold < 2 || d.Threshold > MaxThreshold:
			return fmt.Errorf("exercise: a generated mcts exercise's threshold is from 2 to %d, not %d", MaxThreshold, d.Threshold)
		case !(d.C >= 0 && d.C <= MaxGeneratedC):
			return fmt.Errorf("exercise: an mcts exercise's C is from 0 (drawn) to %d, not %v", MaxGeneratedC, d.C)
		}
		return nil
	}
	if kind == UCB1 {
		switch {
		case d.Branching < 2 || d.Branching > MaxGeneratedArms:
			return fmt.Errorf("exercise: a ucb1 exercise has 2 to %d children, not %d", MaxGeneratedArms, d.Branching)
		case d.MaxVisits < 0 || d.MaxVisits > MaxGeneratedVisits:
			return fmt.Errorf("exercise: a ucb1 exercise's children have at most 1 to %d visits each, not %d", MaxGeneratedVisits, d.MaxVisits)
		case !(d.C >= 0 && d.C <= MaxGeneratedC):
			return fmt.Errorf("exercise: a ucb1 exercise's C is from 0 (drawn) to %d, not %v", MaxGeneratedC, d.C)
		}
		return nil
	}
	switch {
	case d.Depth < 1 || d.Depth > MaxDepth:
		return fmt.Errorf("exercise: depth %d is outside 1..%d", d.Depth, MaxDepth)
	case d.Branching < 2 || d.Branching > MaxBranching:
		return fmt.Errorf("exercise: branching %d is outside 2..%d", d.Branching, MaxBranching)
	case d.Cuts < 0:
		return fmt.Errorf("exercise: %d cuts is negative", d.Cuts)
	}
	if leaves := math.Pow(float64(d.Branching), float64(d.Depth)); leaves > MaxLeaves {
		return fmt.Errorf("exercise: depth %d and branching %d allow %.0f leaves, more than %d", d.Depth, d.Branching, leaves, MaxLeaves)
	}
	return nil
}

// draw fills ex with one random exercise from r and reports whether it
// fits the difficulty.
func (ex *Exercise) draw(r *rand.Rand) (bool, error) {
	d := ex.Difficulty
	switch ex.Kind {
	case UCB1:
		return ex.drawUCB1(r), nil
	case MCTS:
		return ex.drawMCTS(r), nil
	case Ordering:
		return ex.drawOrdering(r)
	case Beam:
		return ex.drawBeam(r)
	case Expectimax:
		var b strings.Builder
		writeChance(&b, r, d.Depth, d.Branching)
		ex.Tree = b.String()
		return true, nil
	}
	var b strings.Builder
	writeTree(&b, r, d.Depth, d.Branching)
	ex.Tree = b.String()
	if ex.Kind != AlphaBeta {
		return true, nil
	}
	sol, err := solve(*ex)
	if err != nil {
		return false, err
	}
	return sol.cuts == d.Cuts, nil
}

// children returns a random number of children, 2 to branching.
func children(r *rand.Rand, branching int) int {
	return 2 + r.IntN(branching-1)
}

// leaf returns a random leaf value.
func leaf(r *rand.Rand) string {
	return strconv.Itoa(MinLeaf + r.IntN(MaxLeaf-MinLeaf+1))
}

// writeTree writes a random tree of the given depth to b.
func writeTree(b *strings.Builder, r *rand.Rand, depth, branching int) {
	if depth == 0 {
		b.WriteString(leaf(r))
		return
	}
	writeList(b, '[', ']', children(r, branching), func(int) { writeTree(b, r, depth-1, branching) })
}

// chanceDenominators are the denominators of generated probabilities,
// so that expected values stay short decimals.
var chanceDenominators = []int{2, 4, 5, 10}

// writeChance writes a random chance tree of the given depth in levels
// to b: a player node whose children are chance nodes, whose outcomes are
// player nodes again, and so on; a player node one level above the
// leaves has leaves for children.
func writeChance(b *strings.Builder, r *rand.Rand, depth, branching int) {
	if depth == 0 {
		b.WriteString(leaf(r))
		return
	}
	writeList(b, '[', ']', children(r, branching), func(int) {
		if depth == 1 {
			b.WriteString(leaf(r))
			return
		}
		ps := fractions(r, children(r, branching))
		writeList(b, '{', '}', len(ps), func(j int) {
			b.WriteString(ps[j])
			b.WriteByte(':')
			writeChance(b, r, depth-2, branching)
		})
	})
}

// writeList writes n items to b between open and close, separated by
// commas, each written by item.
func writeList(b *strings.Builder, open, close byte, n int, item func(i int)) {
	b.WriteByte(open)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		item(i)
	}
	b.WriteByte(close)
}

// fractions returns n random probabilities that sum to 1, as fractions in
// lowest terms such as "1/4", or "1" for a whole.
func fractions(r *rand.Rand, n int) []string {
	var den int
	for den < n {
		den = chanceDenominators[r.IntN(len(chanceDenominators))]
	}
	// Cut 1..den-1 at n-1 distinct points.
	cuts := r.Perm(den - 1)[:n-1]
	for i := range cuts {
		cuts[i]++
	}
	slices.Sort(cuts)
	out := make([]string, n)
	prev := 0
	for i := range n {
		next := den
		if i < n-1 {
			next = cuts[i]
		}
		out[i] = fraction(next-prev, den)
		prev = next
	}
	return out
}

// fraction writes num/den in lowest terms.
func fraction(num, den int) string {
	g := gcd(num, den)
	num, den = num/g, den/g
	if den == 1 {
		return strconv.Itoa(num)
	}
	return strconv.Itoa(num) + "/" + strconv.Itoa(den)
}

// gcd returns the greatest common divisor of two positive ints.
func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
