package web

import (
	"maps"
	"net/url"
	"strconv"
	"strings"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/web/internal/counts"
	"github.com/searchviz/searchviz/web/templates"
)

// countedTrace is one trace's counts, its name and what the view links.
type countedTrace struct {
	id     string
	header trace.Header
	counts.Trace
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
		ts[i].Name = traceName(ts[i].header)
		seen[ts[i].Name]++
	}
	for i := range ts {
		if seen[ts[i].Name] > 1 {
			ts[i].Name += " (" + strconv.Itoa(i+1) + ")"
		}
	}
}

// countsModel is the view of the counts of ts, on scale, in language l;
// base is the address of the view itself, whose scale parameter the scale
// links set.
func countsModel(l explain.Lang, ts []countedTrace, scale counts.Scale, base url.URL) templates.Counts {
	cts := make([]counts.Trace, len(ts))
	for i, t := range ts {
		cts[i] = t.Trace
	}
	m := templates.Counts{
		Words: counts.WordsIn(l, cts),
		Notes: counts.NotesIn(l, cts),
	}
	for _, c := range counts.ChartsIn(l, cts, scale) {
		m.Charts = append(m.Charts, templates.CountsChart(c))
	}
	for _, tab := range counts.TablesIn(l, cts) {
		m.Tables = append(m.Tables, templates.CountsTable(tab))
	}
	names := make([]string, len(ts))
	for i, t := range ts {
		names[i] = t.Name
		m.Traces = append(m.Traces, templates.CountsTrace{Name: t.Name, Game: t.header.Game, Position: t.header.Position, ViewerURL: "/t/" + t.id})
	}
	m.Title = l.F("Counts per depth: %s", strings.Join(names, l.T(" vs ")))
	for _, sc := range []counts.Scale{counts.ScaleAuto, counts.ScaleLog, counts.ScaleLinear} {
		q := base.Query()
		q.Del("scale")
		label := l.T("automatic")
		if sc != counts.ScaleAuto {
			q.Set("scale", sc.String())
			label = l.T(sc.String())
		}
		u := base
		u.RawQuery = q.Encode()
		m.Scales = append(m.Scales, templates.CountsScale{Label: label, URL: u.String(), Current: sc == scale})
	}
	return m
}
