package web

import (
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/web/templates"
)

// maxCountsTraces caps the traces one counts view compares: a bar each in
// every row, told apart by colour and pattern.
const maxCountsTraces = len(seriesColours)

// maxChartRows caps the rows of a chart: deeper depths share its last row,
// which says so; the tables give every depth.
const maxChartRows = 40

// countedTrace is one trace's counts and what names it.
type countedTrace struct {
	id     string
	name   string // "AlphaBeta", "MCTS playouts=300"
	header trace.Header
	counts counts
}

// algorithmName is what people call the algorithm named name: the words of
// its catalog help before the colon and any parenthesis, "AlphaBeta" for
// "alphabeta"; name itself for an algorithm not in the catalog.
func algorithmName(name string) string {
	a, err := catalog.LookupAlgorithm(name)
	if err != nil {
		return name
	}
	words, _, _ := strings.Cut(a.Help, ":")
	words, _, _ = strings.Cut(words, " (")
	if words = strings.TrimSpace(words); words == "" {
		return name
	}
	return words
}

// traceName names a trace by its algorithm and the parameters that differ
// from their defaults, leaving out the node budget, which says how far the
// search may go, not how it searches.
func traceName(h trace.Header) string {
	params := maps.Clone(h.Params)
	delete(params, "nodes")
	name := algorithmName(h.Algorithm)
	if p := paramText(h.Algorithm, params); p != "" {
		name += " " + p
	}
	return name
}

// nameTraces sets each trace's name, numbering those that would otherwise
// share one.
func nameTraces(ts []countedTrace) {
	seen := map[string]int{}
	for i := range ts {
		ts[i].name = traceName(ts[i].header)
		seen[ts[i].name]++
	}
	for i := range ts {
		if seen[ts[i].name] > 1 {
			ts[i].name += " (" + strconv.Itoa(i+1) + ")"
		}
	}
}

// wholeNodes returns the nodes the whole search looked at: its decision's
// count when a budget cut the trace short, else the nodes recorded.
func (c counts) wholeNodes() int {
	if c.truncated && c.hasWhole {
		return c.whole.Nodes
	}
	return c.total.nodes
}

// wholeEvals and wholeCuts are wholeNodes for evaluations and cuts.
func (c counts) wholeEvals() int {
	if c.truncated && c.hasWhole {
		return c.whole.Evals
	}
	return c.total.evals()
}

func (c counts) wholeCuts() int {
	if c.truncated && c.hasWhole {
		return c.whole.Cuts
	}
	return c.total.cuts()
}

// countsWords says what each search did in all, each after the first
// compared with the first, and where the first saves most on each later
// one, or the other way round.
func countsWords(ts []countedTrace) []string {
	var out []string
	for i, t := range ts {
		out = append(out, totalsSentence(t, ts[0], i == 0))
	}
	for _, t := range ts[1:] {
		if s := savingsSentence(ts[0], t); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// totalsSentence says what t did in all, and if it is not first how its
// nodes compare with first's: "AlphaBeta looked at 18,297 nodes, 3.3% of
// MiniMax's 549,946, and made 7,330 evaluations; it pruned 4,237 times,
// cutting off 6,930 moves." A Monte Carlo search says how many results
// went through its root instead: it does not prune, and its evaluations
// are the ends of its iterations.
func totalsSentence(t, first countedTrace, isFirst bool) string {
	c := t.counts
	var b strings.Builder
	fmt.Fprintf(&b, "%s looked at %s", t.name, explain.Count(c.wholeNodes(), "node", "nodes"))
	compared := false
	if ref := first.counts.wholeNodes(); !isFirst && ref > 0 && c.wholeNodes() > 0 {
		how := relative(c.wholeNodes(), ref) + " of"
		if c.wholeNodes() > ref {
			how = relative(c.wholeNodes(), ref) + " as many as"
		}
		fmt.Fprintf(&b, ", %s %s's %s", how, first.name, explain.Thousands(ref))
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
func savingsSentence(a, b countedTrace) string {
	if a.counts.truncated || b.counts.truncated {
		return ""
	}
	less, more := b, a
	if a.counts.total.nodes < b.counts.total.nodes {
		less, more = a, b
	}
	best, saved := -1, 0
	for d := range more.counts.depths {
		if s := more.counts.depths[d].nodes - nodesAt(less.counts, d); s > saved {
			best, saved = d, s
		}
	}
	if best < 0 {
		return ""
	}
	m, l := more.counts.depths[best].nodes, nodesAt(less.counts, best)
	text := fmt.Sprintf("%s saves the most at depth %d: %s where %s has %s", less.name, best, explain.Count(l, "node", "nodes"), more.name, explain.Thousands(m))
	if l > 0 {
		text += " (" + relative(l, m) + ")"
	}
	return text + "."
}

// nodesAt returns the nodes c counts at depth d, 0 past its deepest.
func nodesAt(c counts, d int) int {
	if d < len(c.depths) {
		return c.depths[d].nodes
	}
	return 0
}

// countsNotes says what a reader must know about the traces: which were
// cut short, so that their bars count only a part of the search.
func countsNotes(ts []countedTrace) []string {
	var out []string
	for _, t := range ts {
		c := t.counts
		if !c.truncated {
			continue
		}
		text := fmt.Sprintf("%s's trace was cut short by a budget: it recorded %s", t.name, explain.Count(c.total.nodes, "node", "nodes"))
		if c.hasWhole {
			text += fmt.Sprintf(" of the %s its search looked at", explain.Thousands(c.whole.Nodes))
		}
		text += ". Its bars and table count only what was recorded, the start of the search; the totals in words are the whole search's."
		out = append(out, text)
	}
	return out
}

// metric is one count of the charts and tables: how to read it from a
// depth's counts and what to call it.
type metric struct {
	key   string // the chart's id suffix
	title string // the chart's title
	unit  string
	of    func(depthCounts) int
}

// chartMetrics are the charts, in the order pages show them; a chart
// whose counts are all zero is left out, but for the nodes'.
var chartMetrics = []metric{
	{"nodes", "Nodes searched per depth", "nodes", func(d depthCounts) int { return d.nodes }},
	{"cuts", "Cuts per depth (α and β)", "cuts", depthCounts.cuts},
	{"evals", "Evaluations per depth", "evaluations", depthCounts.evals},
	{"visits", "Monte Carlo visits per depth", "visits", func(d depthCounts) int { return d.visits }},
	{"table", "Transposition table hits per depth", "hits", func(d depthCounts) int { return d.tableHits }},
}

// depthRows returns the labels of a chart's rows for traces of depths
// depths: a row per depth, the last of maxChartRows rows standing for
// every depth from it on.
func depthRows(depths int) []string {
	var rows []string
	for d := range min(depths, maxChartRows) {
		rows = append(rows, "depth "+strconv.Itoa(d))
	}
	if depths > maxChartRows {
		rows[maxChartRows-1] = "depth " + strconv.Itoa(maxChartRows-1) + "+"
	}
	return rows
}

// rowValues returns m of c in each of rows rows, the last row summing
// every depth from it on.
func rowValues(c counts, m metric, rows int) []int {
	out := make([]int, rows)
	for d, dc := range c.depths {
		out[min(d, rows-1)] += m.of(dc)
	}
	return out
}

// countsCharts draws the charts of ts, on scale.
func countsCharts(ts []countedTrace, scale chartScale) []templates.CountsChart {
	depths := 0
	for _, t := range ts {
		depths = max(depths, len(t.counts.depths))
	}
	rows := depthRows(depths)
	var out []templates.CountsChart
	for _, m := range chartMetrics {
		ch := barChart{id: "counts-" + m.key, title: m.title, unit: m.unit, rows: rows, scale: scale}
		nonzero := false
		for _, t := range ts {
			s := chartSeries{name: t.name, values: rowValues(t.counts, m, len(rows)), partial: t.counts.truncated}
			if s.partial {
				s.name += " (its trace's first " + explain.Count(t.counts.total.nodes, "node", "nodes") + " only)"
			}
			nonzero = nonzero || slices.ContainsFunc(s.values, func(v int) bool { return v > 0 })
			ch.series = append(ch.series, s)
		}
		if nonzero || m.key == "nodes" {
			out = append(out, templates.CountsChart{Title: m.title, SVG: ch.svg()})
		}
	}
	return out
}

// countsTable is trace t's counts at every depth as a table; after the
// first trace its nodes are also compared with first's.
func countsTable(t, first countedTrace, isFirst bool) templates.CountsTable {
	c := t.counts
	visits := c.total.visits > 0
	tab := templates.CountsTable{Caption: t.name}
	if c.truncated {
		tab.Caption += " (its trace's first " + explain.Count(c.total.nodes, "node", "nodes") + " only)"
	}
	compared := !isFirst && !c.truncated && !first.counts.truncated
	tab.Head = []string{"depth", "nodes"}
	if compared {
		tab.Head = append(tab.Head, "vs "+first.name)
	}
	tab.Head = append(tab.Head, "pruned moves", "α-cuts", "β-cuts", "evaluations of finished games", "heuristic evaluations")
	if visits {
		tab.Head = append(tab.Head, "visits")
	}
	hits := c.total.tableHits > 0
	if hits {
		tab.Head = append(tab.Head, "table hits")
	}
	row := func(label string, d depthCounts, ref int) []string {
		r := []string{label, explain.Thousands(d.nodes)}
		if compared {
			cmp := "–"
			if ref > 0 && d.nodes > 0 {
				cmp = relative(d.nodes, ref)
			}
			r = append(r, cmp)
		}
		r = append(r, explain.Thousands(d.pruned), explain.Thousands(d.alphaCuts), explain.Thousands(d.betaCuts), explain.Thousands(d.terminalEvals), explain.Thousands(d.heuristicEvals))
		if visits {
			r = append(r, explain.Thousands(d.visits))
		}
		if hits {
			r = append(r, explain.Thousands(d.tableHits))
		}
		return r
	}
	for d, dc := range c.depths {
		tab.Rows = append(tab.Rows, row(strconv.Itoa(d), dc, nodesAt(first.counts, d)))
	}
	tab.Total = row("all", c.total, first.counts.total.nodes)
	return tab
}

// countsModel is the view of the counts of ts, on scale; base is the
// address of the view itself, whose scale parameter the scale links set.
func countsModel(ts []countedTrace, scale chartScale, base url.URL) templates.Counts {
	m := templates.Counts{
		Words:  countsWords(ts),
		Notes:  countsNotes(ts),
		Charts: countsCharts(ts, scale),
	}
	names := make([]string, len(ts))
	for i, t := range ts {
		names[i] = t.name
		m.Traces = append(m.Traces, templates.CountsTrace{Name: t.name, Game: t.header.Game, Position: t.header.Position, ViewerURL: "/t/" + t.id})
		m.Tables = append(m.Tables, countsTable(t, ts[0], i == 0))
	}
	m.Title = "Counts per depth: " + strings.Join(names, " vs ")
	for _, sc := range []chartScale{scaleAuto, scaleLog, scaleLinear} {
		q := base.Query()
		q.Del("scale")
		label := "automatic"
		if sc != scaleAuto {
			q.Set("scale", sc.String())
			label = sc.String()
		}
		u := base
		u.RawQuery = q.Encode()
		m.Scales = append(m.Scales, templates.CountsScale{Label: label, URL: u.String(), Current: sc == scale})
	}
	return m
}
