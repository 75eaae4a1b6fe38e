package counts

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/searchviz/searchviz/explain"
)

// Trace is one trace's counts and the name its words, charts and tables
// give it.
type Trace struct {
	Name   string // "AlphaBeta", "MCTS playouts=300"
	Counts Counts
}

// wholeNodes returns the nodes the whole search looked at: its decision's
// count when a budget cut the trace short, else the nodes recorded.
func (c Counts) wholeNodes() int {
	if c.truncated && c.hasWhole {
		return c.whole.Nodes
	}
	return c.total.nodes
}

// wholeEvals and wholeCuts are wholeNodes for evaluations and cuts.
func (c Counts) wholeEvals() int {
	if c.truncated && c.hasWhole {
		return c.whole.Evals
	}
	return c.total.evals()
}

func (c Counts) wholeCuts() int {
	if c.truncated && c.hasWhole {
		return c.whole.Cuts
	}
	return c.total.cuts()
}

// Words is WordsIn in English.
func Words(ts []Trace) []string { return WordsIn(explain.English, ts) }

// WordsIn says in language l what each search did in all, each after the
// first compared with the first, and where the first saves most on each
// later one, or the other way round.
func WordsIn(l explain.Lang, ts []Trace) []string {
	var out []string
	for i, t := range ts {
		if l.Code() == explain.English.Code() {
			out = append(out, totalsSentence(t, ts[0], i == 0))
		} else {
			out = append(out, totalsSentences(l, t, ts[0], i == 0))
		}
	}
	for _, t := range ts[1:] {
		if s := savingsSentence(l, ts[0], t); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// totalsSentences says what totalsSentence says in language l, in short
// sentences, one a fact: a language whose verbs close its sentences does
// not chain clauses as English does.
func totalsSentences(l explain.Lang, t, first Trace, isFirst bool) string {
	c := t.Counts
	n := explain.Thousands
	out := l.F("%s looked at %s nodes.", t.Name, n(c.wholeNodes()))
	if ref := first.Counts.wholeNodes(); !isFirst && ref > 0 && c.wholeNodes() > 0 {
		out += l.F("That is %s of %s's %s.", Relative(c.wholeNodes(), ref), first.Name, n(ref))
	}
	if c.total.visits > 0 {
		return out + l.F("%s results of playouts and finished games went through its root.", n(c.depths[0].visits))
	}
	out += l.F("It made %s evaluations.", n(c.wholeEvals()))
	switch cuts := c.wholeCuts(); {
	case cuts == 0:
		out += l.T("It never pruned.")
	case c.truncated:
		out += l.F("It pruned %s times.", n(cuts))
	default:
		out += l.F("It pruned %s times, cutting off %s moves.", n(cuts), n(c.total.pruned))
	}
	if hits := c.total.tableHits; hits > 0 {
		out += l.F("Its transposition table spared the search of %s positions.", n(hits))
	}
	return out
}

// totalsSentence says what t did in all, and if it is not first how its
// nodes compare with first's: "AlphaBeta looked at 18,297 nodes, 3.3% of
// MiniMax's 549,946, and made 7,330 evaluations; it pruned 4,237 times,
// cutting off 6,930 moves." A Monte Carlo search says how many results
// went through its root instead: it does not prune, and its evaluations
// are the ends of its iterations.
func totalsSentence(t, first Trace, isFirst bool) string {
	c := t.Counts
	var b strings.Builder
	fmt.Fprintf(&b, "%s looked at %s", t.Name, explain.Count(c.wholeNodes(), "node", "nodes"))
	compared := false
	if ref := first.Counts.wholeNodes(); !isFirst && ref > 0 && c.wholeNodes() > 0 {
		how := Relative(c.wholeNodes(), ref) + " of"
		if c.wholeNodes() > ref {
			how = Relative(c.wholeNodes(), ref) + " as many as"
		}
		fmt.Fprintf(&b, ", %s %s's %s", how, first.Name, explain.Thousands(ref))
		compared = true
	}
	if c.total.visits > 0 {
		fmt.Fprintf(&b, "; %s of playouts and finished games went through its root.", explain.Count(c.depths[0].visits, "result", "results"))
		return b.String()
	}
	if compared {
		b.WriteString(",")
	}
	fmt.Fprintf(&b, " and made %s", explain.Count(c.wholeEvals(), "evaluation", "evaluations"))
	switch cuts := c.wholeCuts(); {
	case cuts == 0:
		b.WriteString("; it never pruned")
	case c.truncated:
		fmt.Fprintf(&b, "; it pruned %s", explain.Count(cuts, "time", "times"))
	default:
		fmt.Fprintf(&b, "; it pruned %s, cutting off %s", explain.Count(cuts, "time", "times"), explain.Count(c.total.pruned, "move", "moves"))
	}
	if hits := c.total.tableHits; hits > 0 {
		fmt.Fprintf(&b, "; its transposition table spared the search of %s", explain.Count(hits, "position", "positions"))
	}
	b.WriteString(".")
	return b.String()
}

// savingsSentence says at which depth the one of a and b that looked at
// fewer nodes saves the most nodes on the other, or "" when neither
// does or a trace cut short leaves its depths incomplete.
func savingsSentence(lang explain.Lang, a, b Trace) string {
	if a.Counts.truncated || b.Counts.truncated {
		return ""
	}
	less, more := b, a
	if a.Counts.total.nodes < b.Counts.total.nodes {
		less, more = a, b
	}
	best, saved := -1, 0
	for d := range more.Counts.depths {
		if s := more.Counts.depths[d].nodes - nodesAt(less.Counts, d); s > saved {
			best, saved = d, s
		}
	}
	if best < 0 {
		return ""
	}
	m, l := more.Counts.depths[best].nodes, nodesAt(less.Counts, best)
	share := ""
	if l > 0 {
		share = lang.F(" (%s)", Relative(l, m))
	}
	return lang.F("%s saves the most at depth %s: %s where %s has %s%s.", less.Name, strconv.Itoa(best), lang.Count(l, "node", "nodes"), more.Name, explain.Thousands(m), share)
}

// nodesAt returns the nodes c counts at depth d, 0 past its deepest.
func nodesAt(c Counts, d int) int {
	if d < len(c.depths) {
		return c.depths[d].nodes
	}
	return 0
}

// Notes is NotesIn in English.
func Notes(ts []Trace) []string { return NotesIn(explain.English, ts) }

// NotesIn says in language l what a reader must know about the traces:
// which were cut short, so that their bars count only a part of the
// search.
func NotesIn(l explain.Lang, ts []Trace) []string {
	var out []string
	for _, t := range ts {
		c := t.Counts
		if !c.truncated {
			continue
		}
		text := l.F("%s's trace was cut short by a budget: it recorded %s", t.Name, l.Count(c.total.nodes, "node", "nodes"))
		if c.hasWhole {
			text += l.F(" of the %s its search looked at", explain.Thousands(c.whole.Nodes))
		}
		text += l.T(". Its bars and table count only what was recorded, the start of the search; the totals in words are the whole search's.")
		out = append(out, text)
	}
	return out
}
