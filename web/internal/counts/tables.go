package counts

import (
	"slices"
	"strconv"

	"github.com/searchviz/searchviz/explain"
)

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
func depthRows(l explain.Lang, depths int) []string {
	var rows []string
	for d := range min(depths, maxChartRows) {
		rows = append(rows, l.F("depth %s", strconv.Itoa(d)))
	}
	if depths > maxChartRows {
		rows[maxChartRows-1] = l.F("depth %s+", strconv.Itoa(maxChartRows-1))
	}
	return rows
}

// rowValues returns m of c in each of rows rows, the last row summing
// every depth from it on.
func rowValues(c Counts, m metric, rows int) []int {
	out := make([]int, rows)
	for d, dc := range c.depths {
		out[min(d, rows-1)] += m.of(dc)
	}
	return out
}

// Chart is one chart of the counts, drawn.
type Chart struct {
	Title string
	SVG   string // a standalone SVG document, its text escaped
}

// Table is one trace's counts at every depth, as the cells of a table.
type Table struct {
	Caption string
	Head    []string
	Rows    [][]string
	Total   []string
}

// Charts is ChartsIn in English.
func Charts(ts []Trace, scale Scale) []Chart { return ChartsIn(explain.English, ts, scale) }

// ChartsIn draws the charts of ts, on scale, in language l: one per count
// that is not zero everywhere, and the nodes' always.
func ChartsIn(l explain.Lang, ts []Trace, scale Scale) []Chart {
	depths := 0
	for _, t := range ts {
		depths = max(depths, len(t.Counts.depths))
	}
	rows := depthRows(l, depths)
	var out []Chart
	for _, m := range chartMetrics {
		title := l.T(m.title)
		ch := barChart{id: "counts-" + m.key, title: title, unit: m.unit, rows: rows, scale: scale, lang: l}
		nonzero := false
		for _, t := range ts {
			s := chartSeries{name: t.Name, values: rowValues(t.Counts, m, len(rows)), partial: t.Counts.truncated}
			if s.partial {
				s.name += firstOnly(l, t.Counts.total.nodes)
			}
			nonzero = nonzero || slices.ContainsFunc(s.values, func(v int) bool { return v > 0 })
			ch.series = append(ch.series, s)
		}
		if nonzero || m.key == "nodes" {
			out = append(out, Chart{Title: title, SVG: ch.svg()})
		}
	}
	return out
}

// firstOnly marks a trace cut short after n nodes: " (its trace's first
// 1,000 nodes only)".
func firstOnly(l explain.Lang, n int) string {
	return l.F(" (its trace's first %s only)", l.Count(n, "node", "nodes"))
}

// Tables is TablesIn in English.
func Tables(ts []Trace) []Table { return TablesIn(explain.English, ts) }

// TablesIn returns a table per trace of ts, in their order, in language l.
func TablesIn(l explain.Lang, ts []Trace) []Table {
	out := make([]Table, len(ts))
	for i, t := range ts {
		out[i] = table(l, t, ts[0], i == 0)
	}
	return out
}

// table is trace t's counts at every depth as a table; after the
// first trace its nodes are also compared with first's.
func table(l explain.Lang, t, first Trace, isFirst bool) Table {
	c := t.Counts
	visits := c.total.visits > 0
	tab := Table{Caption: t.Name}
	if c.truncated {
		tab.Caption += firstOnly(l, c.total.nodes)
	}
	compared := !isFirst && !c.truncated && !first.Counts.truncated
	tab.Head = []string{l.T("depth"), l.T("nodes")}
	if compared {
		tab.Head = append(tab.Head, l.F("vs %s", first.Name))
	}
	tab.Head = append(tab.Head, l.T("pruned moves"), l.T("α-cuts"), l.T("β-cuts"), l.T("evaluations of finished games"), l.T("heuristic evaluations"))
	if visits {
		tab.Head = append(tab.Head, l.T("visits"))
	}
	hits := c.total.tableHits > 0
	if hits {
		tab.Head = append(tab.Head, l.T("table hits"))
	}
	row := func(label string, d depthCounts, ref int) []string {
		r := []string{label, explain.Thousands(d.nodes)}
		if compared {
			cmp := "–"
			if ref > 0 && d.nodes > 0 {
				cmp = Relative(d.nodes, ref)
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
		tab.Rows = append(tab.Rows, row(strconv.Itoa(d), dc, nodesAt(first.Counts, d)))
	}
	tab.Total = row(l.T("all"), c.total, first.Counts.total.nodes)
	return tab
}
