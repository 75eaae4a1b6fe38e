package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"net/http"
	"net/url"
	"slices"
	"strconv"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/internal/lru"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/web/internal/tracestore"
	"github.com/searchviz/searchviz/web/templates"
)

// A comparison's page opens with one sentence and a table that puts its
// searches' results in the same terms; its "step both" box keeps its two
// viewers at matching steps, as the comparison's matchRule pairs them.

// matchRule is how "step both" pairs a step of one viewer of a comparison
// with a step of the other.
type matchRule uint8

const (
	// matchShare pairs the steps at the same share of the two searches:
	// a third of the way through one, a third of the way through the
	// other, the last step with the last. It is the rule for searches
	// that share neither a tree nor a unit of work, such as AlphaBeta on
	// a tree of alternating moves and DUCT on the same game played at
	// once.
	matchShare matchRule = iota
	// matchNode pairs the steps at the same position: the node the
	// moving viewer's search reached last, named by the moves that lead
	// to it from the root, and the step at which the other search reached
	// it, or, if that search never did, the step of the cut that pruned
	// it or the deepest position on its way the other did reach. It is
	// the rule for two depth-first searches of the same position, such as
	// MiniMax and AlphaBeta: where one evaluates a leaf, the other shows
	// the same leaf or the cut that skipped it.
	matchNode
	// matchPlayout pairs the steps at the same playout: after n results
	// backed up to the root in one search, n in the other, and part of
	// the way through the next playout, the same share of the other's
	// next. It is the rule for Monte Carlo searches, whose unit of work is
	// a playout, whatever an iteration holds.
	matchPlayout
)

// text says what "step both" keeps the same under rule m.
func (m matchRule) text() string {
	switch m {
	case matchNode:
		return "Both stay at the same position: the node the same moves reach, or the cut that skipped it."
	case matchPlayout:
		return "Both stay at the same playout: after 40 playouts in one, 40 in the other."
	}
	return "Both stay at the same share of their searches: a third of the way through one, a third through the other."
}

// valueTerms is how a comparison's table states each search's value.
type valueTerms uint8

const (
	// termsGame reads a depth-first search's value as the game's result
	// for the root player: above 0 a win, 0 a draw, below a loss.
	termsGame valueTerms = iota
	// termsRate gives a Monte Carlo search's win rate as it is.
	termsRate
	// termsExpect reads both a depth-first search's value, a lead in
	// points, and a Monte Carlo search's win rate as what the root player
	// expects: ahead, even or behind.
	termsExpect
)

// evenRate is how far from one half a win rate may be and still read as
// an even game.
const evenRate = 0.05

// sideFacts is what a comparison's table says of one search.
type sideFacts struct {
	name       string // "AlphaBeta depth=4"
	move       string // the decision's move, "" if there is none
	decided    bool   // the trace has a decision
	value      float64
	counters   trace.Counters
	monteCarlo bool // the search backs playouts' results up to the root
	playouts   int  // results backed up through the root
	onMove     int  // of them, through the move chosen
}

// factsOf reads what a comparison's table says of the search whose trace
// t holds, at its last step, without moving t.
func factsOf(t *trace.Tree, h trace.Header) sideFacts {
	// The seed says which random games were played, not how: the table
	// leaves it out, as traceName leaves out the node budget.
	h.Params = maps.Clone(h.Params)
	delete(h.Params, "seed")
	f := sideFacts{name: traceName(h)}
	last := t.Len() - 1
	visits := t.RootVisits(last)
	f.monteCarlo = len(visits) > 0
	f.playouts = len(visits)
	d, ok := t.Decision()
	if !ok {
		return f
	}
	dec := d.Decision()
	f.decided, f.move, f.value, f.counters = true, dec.Label, dec.Value, dec.Counters
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
			f.onMove++
		}
	}
	return f
}

// summaryOf is the table of comparison c whose searches' facts are fs.
func summaryOf(c *comparison, fs []sideFacts) templates.CompareSummary {
	mc, dfs := 0, 0
	for _, f := range fs {
		if f.monteCarlo {
			mc++
		} else {
			dfs++
		}
	}
	s := templates.CompareSummary{Head: []string{"Search", "Plays", c.valueHead, "Nodes"}}
	if dfs > 0 {
		s.Head = append(s.Head, "Cuts")
	}
	switch {
	case mc == 0:
		s.Head = append(s.Head, "Evaluations")
	case dfs == 0:
		s.Head = append(s.Head, "Playouts", "Playouts on that move")
	default:
		s.Head = append(s.Head, "Evaluations or playouts")
	}
	for _, f := range fs {
		row := []string{f.name, "none", "—", explain.Thousands(f.counters.Nodes)}
		if f.decided && f.move != "" {
			row[1] = f.move
		}
		if f.decided {
			row[2] = c.terms.value(f, c.player)
		}
		if dfs > 0 {
			cuts := "—" // a Monte Carlo search cuts nothing
			if !f.monteCarlo {
				cuts = explain.Thousands(f.counters.Cuts)
			}
			row = append(row, cuts)
		}
		switch {
		case mc == 0, dfs == 0:
			row = append(row, explain.Thousands(f.counters.Evals))
		case f.monteCarlo:
			row = append(row, explain.Count(f.counters.Evals, "playout", "playouts"))
		default:
			row = append(row, explain.Count(f.counters.Evals, "evaluation", "evaluations"))
		}
		if dfs == 0 {
			share := "—"
			if f.playouts > 0 && f.move != "" {
				share = fmt.Sprintf("%s of %s (%d%%)", explain.Thousands(f.onMove), explain.Thousands(f.playouts), int(math.Round(100*float64(f.onMove)/float64(f.playouts))))
			}
			row = append(row, share)
		}
		s.Rows = append(s.Rows, row)
	}
	return s
}

// value states the value of the search f in terms t, for the root
// player, named player.
func (t valueTerms) value(f sideFacts, player string) string {
	v := f.value
	if f.monteCarlo {
		rate := strconv.FormatFloat(v, 'f', 2, 64)
		if t != termsExpect {
			return rate
		}
		switch {
		case math.Abs(v-0.5) <= evenRate:
			return rate + " win rate: about even"
		case v > 0.5:
			return rate + " win rate: " + player + " ahead"
		}
		return rate + " win rate: " + player + " behind"
	}
	n := trace.FormatValue(v)
	if v > 0 {
		n = "+" + n
	}
	if t == termsExpect {
		points := n + " points"
		if math.Abs(v) == 1 {
			points = n + " point"
		}
		switch {
		case v > 0:
			return points + ": " + player + " ahead"
		case v < 0:
			return points + ": " + player + " behind"
		}
		return "0 points: even"
	}
	switch {
	case v > 0:
		return n + ": " + player + " wins"
	case v < 0:
		return n + ": " + player + " loses"
	}
	return "0: a draw"
}

// searchEnded reports whether the search that records trace id has ended,
// or was not running.
func (s *Server) searchEnded(id string) bool {
	ls := s.liveSearch(id)
	if ls == nil {
		return true
	}
	_, done, _ := ls.current()
	return done
}

// endedShow returns what to show for trace id once its search has ended:
// a search still running is waited for, and watched meanwhile so that it
// is not cancelled.
func (s *Server) endedShow(ctx context.Context, id string) (*show, error) {
	if ls := s.liveSearch(id); ls != nil {
		unwatch := ls.watch()
		err := ls.wait(ctx)
		unwatch()
		if err != nil {
			return nil, err
		}
	}
	sh, _, err := s.showOf(ctx, id)
	if err != nil {
		return nil, &traceError{id: id, err: err}
	}
	return sh, nil
}

// compareSummary returns the table of comparison c whose searches record
// the traces of ids, once they have ended.
func (s *Server) compareSummary(ctx context.Context, c *comparison, ids []string) (templates.CompareSummary, error) {
	var fs []sideFacts
	for _, id := range ids {
		sh, err := s.endedShow(ctx, id)
		if err != nil {
			return templates.CompareSummary{}, err
		}
		fs = append(fs, factsOf(sh.tree, sh.header))
	}
	return summaryOf(c, fs), nil
}

// compareIDs reads the trace ids of the query of a comparison's summary or
// match: n of them as key, valid and different.
func compareIDs(q url.Values, key string, n int) ([]string, error) {
	ids := q[key]
	if len(ids) != n {
		return nil, fmt.Errorf("name the comparison's %d traces as %s=<id>, not %d", n, key, len(ids))
	}
	for i, id := range ids {
		if !tracestore.ValidID(id) {
			return nil, fmt.Errorf("%q is not a trace id (a trace's address is /t/<id>, with 12 hexadecimal digits)", id)
		}
		if slices.Contains(ids[:i], id) {
			return nil, fmt.Errorf("trace %s is named twice", id)
		}
	}
	return ids, nil
}

// summaryURL is the address of comparison c's table of the traces of ids,
// an HTML fragment.
func summaryURL(c *comparison, ids []string) string {
	return "/compare/" + c.name + "/summary?" + url.Values{"t": ids}.Encode()
}

// handleCompareSummary answers /compare/{name}/summary?t=<id>&t=<id>...
// with the comparison's table of those traces, an HTML fragment, once
// their searches have ended; the comparison's page fetches it when they
// were still running as it was sent. An error is answered as plain text.
func (s *Server) handleCompareSummary(w http.ResponseWriter, r *http.Request) {
	c := comparisonNamed(r.PathValue("name"))
	if c == nil {
		http.Error(w, fmt.Sprintf("There is no comparison %q.", r.PathValue("name")), http.StatusNotFound)
		return
	}
	ids, err := compareIDs(r.URL.Query(), "t", 2+len(c.extra))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	sum, err := s.compareSummary(r.Context(), c, ids)
	if err != nil {
		if status, msg := s.countsFailure(r.Context(), err); status != 0 {
			http.Error(w, msg, status)
		}
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if err := templates.CompareSummaryTable(sum).Render(r.Context(), w); err != nil {
		s.log.Error("rendering a comparison's summary", "comparison", c.name, "err", err)
	}
}

// matchAnswer is the JSON answer of a comparison's match: the step of the
// other viewer.
type matchAnswer struct {
	Step int `json:"step"`
}

// handleCompareMatch answers /compare/{name}/match?from=<id>&to=<id>&step=<k>
// with the step of trace to that matches step k of trace from under the
// comparison's rule, as JSON {"step": m}, once both searches have ended:
// "step both" moves the other viewer there. An error is answered as
// plain text.
func (s *Server) handleCompareMatch(w http.ResponseWriter, r *http.Request) {
	c := comparisonNamed(r.PathValue("name"))
	if c == nil {
		http.Error(w, fmt.Sprintf("There is no comparison %q.", r.PathValue("name")), http.StatusNotFound)
		return
	}
	q := r.URL.Query()
	from, err := compareIDs(q, "from", 1)
	if err == nil {
		var to []string
		to, err = compareIDs(q, "to", 1)
		from = append(from, to...)
	}
	if err == nil && from[0] == from[1] {
		err = errors.New("from and to name the same trace")
	}
	step, serr := strconv.Atoi(q.Get("step"))
	if err == nil && serr != nil {
		err = fmt.Errorf("step=%q is not a step number", q.Get("step"))
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	var shows [2]*show
	for i, id := range from {
		if shows[i], err = s.endedShow(r.Context(), id); err != nil {
			if status, msg := s.countsFailure(r.Context(), err); status != 0 {
				http.Error(w, msg, status)
			}
			return
		}
	}
	f, t := shows[0].tree, shows[1].tree
	if step < 0 || step >= f.Len() {
		http.Error(w, fmt.Sprintf("step %d is not a step of trace %s, whose steps run from 0 to %d", step, from[0], f.Len()-1), http.StatusBadRequest)
		return
	}
	var m int
	switch c.match {
	case matchNode:
		m = matchByNode(f, s.nodeStepsOf(from[0], f), step, t, s.nodeStepsOf(from[1], t))
	case matchPlayout:
		m = matchByPlayout(f, step, t)
	default:
		m = matchByShare(f.Len(), step, t.Len())
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	if err := json.NewEncoder(w).Encode(matchAnswer{Step: m}); err != nil {
		s.log.Debug("answering a match", "err", err)
	}
}

// matchByShare returns the step of a trace of n events at the same share
// of it as step k of a trace of from events: the first with the first, the
// last with the last.
func matchByShare(from, k, n int) int {
	if from <= 1 {
		return n - 1
	}
	return int(math.Round(float64(k) * float64(n-1) / float64(from-1)))
}

// matchByPlayout returns the step of trace t at the same playout as step k
// of trace f: the steps after the j-th result backed up through the root
// and up to the next, or to the end after the last, are segment j of a
// trace, and step k's segment j and share of it give the step at the same
// share of t's segment j. A result's own step matches the other's result
// of the same number; t's steps past its last playout match f's later
// playouts, and the end of one search the end of the other.
func matchByPlayout(f *trace.Tree, k int, t *trace.Tree) int {
	nf, nt := len(f.RootVisits(f.Len()-1)), len(t.RootVisits(t.Len()-1))
	j := 0
	if k > 0 {
		j = len(f.RootVisits(k - 1))
	}
	start, end := segment(f, j, nf)
	share := 1.0
	if end > start {
		share = float64(k-start) / float64(end-start)
	}
	switch {
	case j == nf: // after the last playout: after the other's
		j = nt
	case j >= nt: // a playout the other never made: its last
		return max(0, resultStep(t, nt))
	}
	start, end = segment(t, j, nt)
	return start + int(math.Round(share*float64(end-start)))
}

// segment returns the first and last steps of segment j of t, which backs
// up n results through the root: from the step after the j-th result (or
// 0) to the step of the next (or the last step).
func segment(t *trace.Tree, j, n int) (int, int) {
	start, end := 0, t.Len()-1
	if j > 0 {
		start = resultStep(t, j) + 1
	}
	if j < n {
		end = resultStep(t, j+1)
	}
	return min(start, end), end
}

// resultStep returns the step at which t backs up its j-th result through
// the root, j from 1, or -1 for j 0.
func resultStep(t *trace.Tree, j int) int {
	if j <= 0 {
		return -1
	}
	lo, hi := 0, t.Len()-1
	for lo < hi {
		mid := (lo + hi) / 2
		if len(t.RootVisits(mid)) >= j {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return lo
}

// matchByNode returns the step of trace t at the same position as step k
// of trace f (see matchNode), from the steps at which each made its nodes,
// fs and ts. The last step matches the last.
func matchByNode(f *trace.Tree, fs *nodeSteps, k int, t *trace.Tree, ts *nodeSteps) int {
	if k >= f.Len()-1 {
		return t.Len() - 1
	}
	// The latest node f made by step k: made nodes' steps grow with their ids.
	n, _ := slices.BinarySearch(fs.steps[:fs.made], int32(k+1))
	if n == 0 {
		return 0
	}
	var path []int
	for id := trace.NodeID(n - 1); id != f.Root(); {
		nd := f.Node(id)
		path = append(path, nd.Action)
		id = nd.Parent
	}
	at := t.Root()
walk:
	for i := len(path) - 1; i >= 0; i-- {
		for _, c := range t.Node(at).Children {
			if t.Node(c).Action == path[i] {
				at = c
				if ts.steps[c] < 0 {
					break walk // a placeholder whose cut is unknown
				}
				continue walk
			}
		}
		break // the other search never came this way
	}
	for ts.steps[at] < 0 { // a placeholder no cut names: its parent's step
		at = t.Node(at).Parent
	}
	return int(ts.steps[at])
}

// nodeSteps is, for one trace, the step at which each node appears: the
// step of its node event, or for a placeholder the step of the cut that
// pruned it.
type nodeSteps struct {
	events int     // the trace's length
	steps  []int32 // by node id; -1 for a placeholder no cut names
	made   int     // the nodes the search made, ids 0 to made-1, whose steps grow with their ids
}

// maxNodeSteps caps the traces whose nodeSteps the server keeps for "step
// both": those of the comparisons being stepped.
const maxNodeSteps = 8

// nodeStepsOf returns the nodeSteps of trace id, which t, at its last step,
// holds whole. They are made on first use, in time linear in the trace,
// and kept for the maxNodeSteps traces asked for last.
func (s *Server) nodeStepsOf(id string, t *trace.Tree) *nodeSteps {
	s.matchMu.Lock()
	if s.nodeSteps == nil {
		s.nodeSteps = lru.New[string, *nodeSteps](maxNodeSteps)
	}
	ns, _ := s.nodeSteps.Get(id)
	s.matchMu.Unlock()
	if ns != nil && ns.events == t.Len() && len(ns.steps) == t.Size() {
		return ns
	}
	ns = makeNodeSteps(t)
	s.matchMu.Lock()
	defer s.matchMu.Unlock()
	s.nodeSteps.Put(id, ns)
	return ns
}

// makeNodeSteps reads the nodeSteps of t, without moving it.
func makeNodeSteps(t *trace.Tree) *nodeSteps {
	ns := &nodeSteps{events: t.Len(), steps: make([]int32, t.Size())}
	for i := range ns.steps {
		ns.steps[i] = -1
	}
	for k := range t.Len() {
		e := t.Event(k)
		switch e.Kind {
		case trace.KindNode:
			if int(e.Node) >= 0 && int(e.Node) < len(ns.steps) {
				ns.steps[e.Node] = int32(k)
				ns.made = max(ns.made, int(e.Node)+1)
			}
		case trace.KindCut:
			if e.Node < 0 || int(e.Node) >= len(ns.steps) {
				continue
			}
			cut := e.Cutoff()
			for _, c := range t.Node(e.Node).Children {
				if n := t.Node(c); n.Placeholder && ns.steps[c] < 0 && slices.Contains(cut.Pruned, n.Action) {
					ns.steps[c] = int32(k)
				}
			}
		}
	}
	return ns
}
