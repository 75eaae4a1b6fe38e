package gallery

import (
	"math"
	"strconv"

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
// player, named player.
func (t Terms) Value(f Facts, player string) string {
	v := f.Value
	if f.MonteCarlo {
		rate := strconv.FormatFloat(v, 'f', 2, 64)
		switch {
		case t != TermsExpect:
			return rate
		case math.Abs(v-0.5) <= EvenRate:
			return rate + " win rate: about even"
		}
		return rate + " win rate: " + player + sideOf(v-0.5, " ahead", " behind")
	}
	n := trace.FormatValue(v)
	if v > 0 {
		n = "+" + n
	}
	even := !(v > 0 || v < 0) // 0, or not a number
	switch {
	case t == TermsExpect && even:
		return "0 points: even"
	case even:
		return "0: a draw"
	case t == TermsExpect && math.Abs(v) == 1:
		return n + " point: " + player + sideOf(v, " ahead", " behind")
	case t == TermsExpect:
		return n + " points: " + player + sideOf(v, " ahead", " behind")
	}
	return n + ": " + player + sideOf(v, " wins", " loses")
}

// sideOf returns above for a v above 0, else below.
func sideOf(v float64, above, below string) string {
	if v > 0 {
		return above
	}
	return below
}
