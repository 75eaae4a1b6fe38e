package exercise

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/trace"
)

// MistakeKind names a kind of mistake, for a histogram of the mistakes a
// class makes.
type MistakeKind string

// The kinds of mistake.
const (
	MissedPrune  MistakeKind = "missed-prune"  // a pruned edge the answer does not mark
	ExtraPrune   MistakeKind = "extra-prune"   // an edge the answer marks that is not pruned
	WrongValue   MistakeKind = "value"         // a node's value that is wrong
	MissingValue MistakeKind = "missing-value" // a node's value the answer does not give
	ExtraValue   MistakeKind = "extra-value"   // a value for a node the search does not value
	WrongChild   MistakeKind = "child"         // UCB1: a child it does not pick
	// MCTS: a leaf selection does not reach, and a wrong answer to
	// whether the leaf is expanded.
	WrongSelected MistakeKind = "selected"
	WrongExpanded MistakeKind = "expanded"
	// Ordering: an order that searches more nodes than the best, or is
	// not an order of the node's children.
	WrongOrder MistakeKind = "order"
)

// Mistake is one mistake of an answer.
type Mistake struct {
	Kind     MistakeKind
	At       string // the edge's label or the node's name it concerns, such as "c3" or "B"
	Feedback string // one or two sentences naming the rule the answer breaks
	step     int    // where in the search the mistake is met; -1 before it starts
}

// Key returns a stable short key of the mistake, such as "missed-prune
// c3" or "value B".
func (m Mistake) Key() string {
	return string(m.Kind) + " " + m.At
}

// Result is the grade of an answer.
type Result struct {
	Correct bool
	// Values: right, wrong, not given and given for a node without one.
	ValuesRight, ValuesWrong, ValuesMissing, ValuesExtra int
	// Pruned edges: marked and pruned, pruned and not marked, marked and
	// not pruned.
	PrunedRight, PrunedMissing, PrunedExtra int
	// Mistakes are every mistake, in the order the search meets them.
	Mistakes []Mistake
	// Feedback is the first mistake's feedback, or a word of praise.
	Feedback string
}

// MistakeKey returns the key of the first mistake (see Mistake.Key), or ""
// for a correct answer.
func (r Result) MistakeKey() string {
	if len(r.Mistakes) == 0 {
		return ""
	}
	return r.Mistakes[0].Key()
}

// correctFeedback is the feedback of a correct answer.
const correctFeedback = "Correct."

// Grade grades ans as an answer to ex: it solves ex as Solve does and
// compares. Values count as right within ValueTolerance; pruned edges are
// compared as sets. The feedback names the first mistake in the order the
// search meets it, with the rule that decides it, in the words and
// values of the search's trace, in English.
func Grade(ex Exercise, ans Answer) (Result, error) {
	return GradeIn(explain.English, ex, ans)
}

// GradeIn is Grade with its feedback in the language l; the grade, the
// mistakes and their keys are the same in every language.
func GradeIn(l explain.Lang, ex Exercise, ans Answer) (Result, error) {
	sol, err := solve(ex)
	if err != nil {
		return Result{}, err
	}
	sol.l = l
	var r Result
	switch ex.Kind {
	case UCB1:
		sol.gradeChild(&r, ans.Child)
	case MCTS:
		sol.gradeMCTS(&r, ans)
	case Ordering:
		sol.gradeOrdering(&r, ans.Order)
	case Beam:
		sol.gradeBeam(&r, ans.Beams)
	default:
		sol.gradeValues(&r, ans.Values)
		if ex.Kind == AlphaBeta {
			sol.gradePruned(&r, ans.Pruned)
		}
	}
	slices.SortStableFunc(r.Mistakes, func(a, b Mistake) int { return cmp.Compare(a.step, b.step) })
	r.Correct = len(r.Mistakes) == 0
	r.Feedback = l.T(correctFeedback)
	if !r.Correct {
		r.Feedback = r.Mistakes[0].Feedback
	}
	return r, nil
}

// add records a mistake and its feedback, in the reader's language.
func (r *Result) add(kind MistakeKind, at string, step int, feedback string) {
	r.Mistakes = append(r.Mistakes, Mistake{Kind: kind, At: at, Feedback: feedback, step: step})
}

// gradeValues compares the values of an answer with the solution's.
func (sol *solution) gradeValues(r *Result, got map[string]float64) {
	for i, nd := range sol.nodes {
		if nd.name == "" {
			continue
		}
		want := sol.want.Values[nd.name]
		v, ok := got[nd.name]
		switch {
		case !ok:
			r.ValuesMissing++
			r.add(MissingValue, nd.name, nd.leave, sol.l.F("Give %s's value too: %s.", nd.name, sol.rule(i)))
		case math.Abs(v-want) > ValueTolerance:
			r.ValuesWrong++
			r.add(WrongValue, nd.name, nd.leave, sol.l.F("%s, not %s.", sol.rule(i), explain.Number(v)))
		default:
			r.ValuesRight++
		}
	}
	extra := make([]string, 0, len(got))
	for name := range got {
		if _, ok := sol.want.Values[name]; !ok {
			extra = append(extra, name)
		}
	}
	slices.SortFunc(extra, byName)
	for _, name := range extra {
		r.ValuesExtra++
		if edge, ok := sol.hiddenName[name]; ok {
			r.add(ExtraValue, name, sol.nodes[sol.pruned[edge]].cutStep,
				sol.l.F("%s is below %s, which is pruned: AlphaBeta never computes its value.", name, edge))
			continue
		}
		r.add(ExtraValue, name, -1, sol.l.F("There is no interior node %s in this tree.", name))
	}
}

// rule says how node i's value follows from its children's, with the
// numbers: "B is a MIN node: its value is the minimum of its children's
// values, min(3, 12, 8) = 3".
func (sol *solution) rule(i int) string {
	nd := sol.nodes[i]
	kids := make([]string, len(nd.children))
	for k, c := range nd.children {
		ch := sol.nodes[c]
		switch {
		case nd.typ == trace.TypeChance:
			kids[k] = explain.Probability(ch.prob) + "×" + explain.Number(ch.value)
		case sol.ex.Kind == NegaMax:
			kids[k] = explain.Number(-ch.side)
		default:
			kids[k] = explain.Number(ch.value)
		}
	}
	l := sol.l
	children := l.T("its children's values")
	if nd.cut != nil {
		children = l.T("the values of the children searched before the cut")
	}
	switch {
	case nd.typ == trace.TypeChance:
		return l.F("%s is a chance node: its value is the expected value of its outcomes, each weighted by its probability, %s = %s",
			nd.name, strings.Join(kids, " + "), explain.Number(nd.value))
	case sol.ex.Kind == NegaMax:
		return l.F("%s's value, in the view of %s who moves there, is the maximum of its children's values negated, max(%s) = %s",
			nd.name, l.T(explain.Player(nd.typ)), strings.Join(kids, ", "), explain.Number(nd.side))
	case nd.typ == trace.TypeMin:
		return l.F("%s is a MIN node: its value is the minimum of %s, min(%s) = %s",
			nd.name, children, strings.Join(kids, ", "), explain.Number(nd.value))
	}
	return l.F("%s is a MAX node: its value is the maximum of %s, max(%s) = %s",
		nd.name, children, strings.Join(kids, ", "), explain.Number(nd.value))
}

// gradePruned compares the pruned edges of an answer with the solution's.
func (sol *solution) gradePruned(r *Result, got []string) {
	for _, l := range sol.want.Pruned {
		if slices.Contains(got, l) {
			r.PrunedRight++
			continue
		}
		r.PrunedMissing++
		c := sol.pruned[l]
		r.add(MissedPrune, l, sol.nodes[c].cutStep, sol.cutReason(c, l))
	}
	seen := map[string]bool{}
	for _, l := range got {
		if _, ok := sol.pruned[l]; ok || seen[l] {
			continue
		}
		seen[l] = true
		r.PrunedExtra++
		if c, ok := sol.byLabel[l]; ok {
			r.add(ExtraPrune, l, sol.nodes[c].visit, sol.searchedReason(c))
			continue
		}
		if edge, ok := sol.hiddenLabel[l]; ok {
			r.add(ExtraPrune, l, sol.nodes[sol.pruned[edge]].cutStep,
				sol.l.F("%s is below %s, which is pruned: mark only the edge where pruning starts.", l, edge))
			continue
		}
		r.add(ExtraPrune, l, -1, sol.l.F("There is no edge %s in this tree.", l))
	}
}

// cutReason says why the cut at node c prunes the edge l, which the
// answer misses: "At C, after c1 the value is 2 (α-cut: 2 ≤ α=3): MAX
// above ...".
func (sol *solution) cutReason(c int, l string) string {
	nd := sol.nodes[c]
	cut := nd.cut
	value := explain.Number(trace.ViewRoot.Value(nd.typ, cut.Value))
	alpha, beta := trace.ViewRoot.Window(nd.typ, cut.Alpha, cut.Beta)
	lang := sol.l
	above, bound := explain.Player(trace.TypeMax), alpha
	if cut.Cut == trace.CutBeta {
		above, bound = explain.Player(trace.TypeMin), beta
	}
	pruned := lang.F("the rest of %s's children (%s) are pruned; %s is one of them", nd.name, join(lang, cut.PrunedLabels), l)
	if len(cut.PrunedLabels) == 1 {
		pruned = lang.F("%s's last child, %s, is pruned", nd.name, l)
	}
	return lang.F("At %s, after %s the value is %s (%s): %s above is sure of %s elsewhere and will never let play reach %s, so %s.",
		nd.name, nd.cur.last, value, cutRule(lang, cut.Cut, value, explain.Number(bound)),
		lang.T(above), explain.Number(bound), nd.name, pruned)
}

// searchedReason says why the edge to node c is searched, which the
// answer marks pruned: "c3 is not pruned: at C, after c2 the value is 4,
// still above α=3."
func (sol *solution) searchedReason(c int) string {
	ch := sol.nodes[c]
	p := sol.nodes[ch.parent]
	b := ch.before
	l := sol.l
	switch {
	case b.last == "" || !b.has:
		return l.F("%s is not pruned: the search always looks at %s's first child; only a child's value can prune the others.", ch.label, p.name)
	case p.typ == trace.TypeMin:
		return l.F("%s is not pruned: at %s, after %s the value is %s, still above α=%s, so MAX may still choose %s and the search goes on.",
			ch.label, p.name, b.last, explain.Number(b.value), explain.Number(b.alpha), p.name)
	}
	return l.F("%s is not pruned: at %s, after %s the value is %s, still below β=%s, so MIN may still allow %s and the search goes on.",
		ch.label, p.name, b.last, explain.Number(b.value), explain.Number(b.beta), p.name)
}

// join lists names as a sentence in the language l does: "c2", "c2 and
// c3", "c1, c2 and c3"; in Japanese "c1、c2、c3".
func join(l explain.Lang, names []string) string {
	if l.Code() == "ja" {
		return strings.Join(names, "、")
	}
	if len(names) <= 2 {
		return strings.Join(names, " and ")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// gradeChild compares the child an answer picks with UCB1's.
func (sol *solution) gradeChild(r *Result, got string) {
	want := sol.want.Child
	if got == want {
		return
	}
	at := got
	if at == "" {
		at = "none"
	}
	l := sol.l
	k := slices.IndexFunc(sol.ex.Arms, func(a Arm) bool { return a.Label == want })
	arm := sol.ex.Arms[k]
	if math.IsNaN(sol.scores[k]) {
		r.add(WrongChild, at, 0, l.F("UCB1 picks %s: it has not been visited yet, and UCB1 picks the first unvisited child before comparing scores.", want))
		return
	}
	why := l.F("UCB1 picks %s: its score w/n + C·√(2·ln t / n) = %s/%d + %s·√(2·ln %d / %d) = %s is the greatest",
		want, explain.Number(arm.W), arm.N, explain.Number(sol.ex.C), sol.ex.Visits, arm.N, scoreText(sol.scores[k]))
	i := slices.IndexFunc(sol.ex.Arms, func(a Arm) bool { return a.Label == got })
	switch {
	case i >= 0:
		why = l.F("%s; %s scores %s.", why, got, scoreText(sol.scores[i]))
		if hint := sol.mistakeHint(i); hint != "" {
			why = l.F("%s %s.", why, hint)
		}
	case got != "":
		why = l.F("%s; there is no child %s.", why, got)
	default:
		why = l.F("%s.", why)
	}
	r.add(WrongChild, at, 0, why)
}

// mistakeHint names the classic mistake that picks child i, if one does,
// and what it misses; "" if none does.
func (sol *solution) mistakeHint(i int) string {
	ex := sol.ex
	for _, m := range ucbMistakes {
		if slices.Contains(m.pick(&ex), i) {
			return sol.l.F(m.hint, ex.Arms[i].Label)
		}
	}
	return ""
}

// cutRule names a cut of kind k and the test it passed, from its value
// and bound: "α-cut: 2 ≤ α=3", as explain.CutRule does, in the language l.
func cutRule(l explain.Lang, k trace.CutKind, value, bound string) string {
	if k == trace.CutBeta {
		return l.F("β-cut: %s ≥ β=%s", value, bound)
	}
	return l.F("α-cut: %s ≤ α=%s", value, bound)
}

// scoreText formats a UCB1 score to three decimals.
func scoreText(s float64) string {
	return fmt.Sprintf("%.3f", s)
}
