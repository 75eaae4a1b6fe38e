package web

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/render"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/web/internal/show"
	"github.com/searchviz/searchviz/web/internal/tracestore"
	"github.com/searchviz/searchviz/web/internal/viewer"
	"github.com/searchviz/searchviz/web/templates"
)

// speeds are the steps a second the viewer offers.
var speeds = []string{"1", "2", "4", "8", "16", "32"}

// viewerModel is the viewer's page of show sh at step k in view v, in
// the reader's language l, as the page's socket goes on to show it.
func viewerModel(l explain.Lang, sh *show.Show, step int, v trace.View) templates.Viewer {
	base := "/t/" + sh.ID()
	m := templates.Viewer{
		Title:      sh.TitleIn(l),
		Algorithm:  sh.Header().Algorithm,
		Game:       sh.Header().Game,
		Position:   sh.Header().Position,
		Params:     paramText(sh.Header().Algorithm, sh.Header().Params),
		Notes:      sh.NotesIn(l),
		SaveError:  sh.SaveErr(),
		Steps:      sh.Tree().Len(),
		Step:       step,
		View:       v.String(),
		Code:       sh.CodeIn(l, v),
		SocketURL:  base + "/ws",
		LayoutURL:  base + "/layout.svg",
		ExportURL:  base + "/export",
		HandoutURL: base + "/handout.zip",
		OfflineURL: base + "/handout.html",
		TraceURL:   base + "/trace",
		HasBoards:  sh.HasBoards(),
		TwoPlayer:  twoViews(sh.Tree().Node(sh.Tree().Root()).Type),
		Views:      viewChoices(),
		SpeedSteps: speeds,
	}
	if sh.Forms() {
		m.Forms = formChoices()
	}
	m.SlidesMost = slidesMost(sh.Tree().Size())
	m.SlidesFrom, m.SlidesTo = slidesAround(step, sh.Tree().Len(), m.SlidesMost)
	m.Decision = sh.DecisionIn(l)
	m.Whole = sh.WholeFits()
	if m.Whole {
		m.LeastWholeWidth = sh.LeastWholeWidth()
	}
	m.BoardCell = strconv.Itoa(render.BoardCell)
	m.Counter, m.Grains, m.Iterative = viewer.CounterTextIn(l, sh.Tree(), max(0, min(step, sh.Tree().Len()-1))), grainChoices(l, sh.Tree()), sh.Tree().Iterations() > 0
	return m
}

// viewChoices are the toggle's buttons, one per point of view, in
// explain's words.
func viewChoices() []templates.ViewChoice {
	var out []templates.ViewChoice
	for _, v := range show.Views {
		out = append(out, templates.ViewChoice{Name: v.String(), Label: explain.ViewName(v), About: explain.ViewAbout(v)})
	}
	return out
}

// formChoices are the buttons of the pseudocode panel's toggle between
// the two forms of an algorithm's pseudocode, one per point of view: the
// form goes with the view, and choosing one chooses the other.
func formChoices() []templates.ViewChoice {
	about := [2]string{
		"MAX-VALUE and MIN-VALUE, as the lecture and AIMA write them: values from " + explain.ViewName(show.Views[0]),
		"always max, child values negated, as the primer writes it: values from the " + explain.ViewName(show.Views[1]),
	}
	label := [2]string{"MAX/MIN form", "negamax form"}
	var out []templates.ViewChoice
	for i, v := range show.Views {
		out = append(out, templates.ViewChoice{Name: v.String(), Label: label[i], About: about[i]})
	}
	return out
}

// paramText lists the parameters that differ from the algorithm's
// defaults, as "key=value" in key order; a trace from elsewhere, of an
// algorithm not in the catalog, shows all its parameters.
func paramText(algo string, params map[string]string) string {
	defaults := map[string]string{}
	if a, err := catalog.LookupAlgorithm(algo); err == nil {
		for _, p := range a.Params {
			defaults[p.Name] = p.Format(p.Default) // as the header writes it
		}
	}
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(params)) {
		if d, ok := defaults[k]; !ok || d != params[k] {
			parts = append(parts, k+"="+params[k])
		}
	}
	return strings.Join(parts, " ")
}

// savedRows describes saved traces for the list of them: parameters,
// node count, where each came from, in the reader's language l.
func savedRows(l explain.Lang, saved []tracestore.Saved) []templates.Saved {
	var out []templates.Saved
	for _, t := range saved {
		row := templates.Saved{
			ID: t.ID, Game: t.Header.Game, Algorithm: t.Header.Algorithm, Position: t.Header.Position,
			Params: paramText(t.Header.Algorithm, t.Header.Params), Deletable: !t.Example,
			Date: t.Saved.Format("2006-01-02 15:04"), Size: explain.Bytes(t.Size), URL: "/t/" + t.ID,
		}
		if t.Header.Seed != 0 {
			row.Params = strings.TrimSpace(row.Params + fmt.Sprintf(" seed=%d", t.Header.Seed))
		}
		if t.Meta.Source != "" {
			row.Nodes = explain.Thousands(t.Meta.Nodes)
		}
		switch {
		case t.Example:
			row.Source = l.T("example")
		case t.Meta.Source == tracestore.SourceUpload && t.Meta.File != "":
			row.Source = l.F("upload: %s", t.Meta.File)
		default:
			row.Source = l.T(t.Meta.Source)
		}
		out = append(out, row)
	}
	return out
}

// twoViews reports whether values in a tree whose root is of type t read
// differently in MAX's view and the side to move's: not in a one-player
// tree, and not where both players move at once, as both views are then
// player A's.
func twoViews(t trace.NodeType) bool {
	return t != trace.TypeSingle && t != trace.TypeJoint
}

// grainChoices are the step-by selector's options, every grain, those the
// trace has not hidden, in the reader's language l.
func grainChoices(l explain.Lang, t *trace.Tree) []templates.GrainChoice {
	var out []templates.GrainChoice
	for _, g := range trace.Grains() {
		out = append(out, templates.GrainChoice{Name: g.String(), Label: viewer.GrainLabelIn(l, t, g), Hidden: !t.HasGrain(g)})
	}
	return out
}
