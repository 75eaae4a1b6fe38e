package gallery

import (
	"math"
	"strconv"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/trace"
)

// EvenRate is how far from one half a win rate may be and still read as
// an even game.
const EvenRate = 0.05

// Facts is what a comparison's table says of one search.
type Facts struct {
	Name       string // "AlphaBeta depth=4"
	Move       string // the decision's move, "" if there is none
	Decided    bool   // the trace has a decision
	Value      float64
	Counters   trace.Counters
	MonteCarlo bool // the search backs playouts' results up to the root
	Playouts   int  // results backed up through the root
	OnMove     int  // of them, through the move chosen
}

// FactsOf reads what a comparison's table says of the search named name
// whose trace t holds, at its last step, without moving t.
func FactsOf(t *trace.Tree, name string) Facts {
	f := Facts{Name: name}
	last := t.Len() - 1
	visits := t.RootVisits(last)
	f.MonteCarlo = len(visits) > 0
	f.Playouts = len(visits)
	d, ok := t.Decision()
	if !ok {
		return f
	}
	dec := d.Decision()
	f.Decided, f.Move, f.Value, f.Counters = true, dec.Label, dec.Value, dec.Counters
	if dec.Action < 0 {
		return f
	}
	for _, c := range visits {
		n := t.Node(c)
		a := n.Action
		if n.Joint != nil {
			a = n.Joint[0].Action // the root player's part of the pair
		}
		if a == dec.Action {
			f.OnMove++
		}
	}
	return f
}

// Value states the value of the search f in terms t, for the root
// player, named player, in the language l.
func (t Terms) Value(l explain.Lang, f Facts, player string) string {
	v := f.Value
	if f.MonteCarlo {
		rate := strconv.FormatFloat(v, 'f', 2, 64)
		switch {
		case t != TermsExpect:
			return rate
		case math.Abs(v-0.5) <= EvenRate:
			return l.F("%s win rate: about even", rate)
		case v > 0.5:
			return l.F("%s win rate: %s ahead", rate, player)
		}
		return l.F("%s win rate: %s behind", rate, player)
	}
	n := trace.FormatValue(v)
	if v > 0 {
		n = "+" + n
	}
	even := !(v > 0 || v < 0) // 0, or not a number
	switch {
	case t == TermsExpect && even:
		return l.T("0 points: even")
	case even:
		return l.T("0: a draw")
	case t == TermsExpect:
		return expectedPoints(l, n, v, player)
	case v > 0:
		return l.F("%s: %s wins", n, player)
	}
	return l.F("%s: %s loses", n, player)
}

// expectedPoints states an expected score v, written n, for player: one
// point or more, ahead or behind.
func expectedPoints(l explain.Lang, n string, v float64, player string) string {
	one := math.Abs(v) == 1
	switch {
	case one && v > 0:
		return l.F("%s point: %s ahead", n, player)
	case one:
		return l.F("%s point: %s behind", n, player)
	case v > 0:
		return l.F("%s points: %s ahead", n, player)
	}
	return l.F("%s points: %s behind", n, player)
}
