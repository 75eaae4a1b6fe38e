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
	"strings"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/web/internal/gallery"
	"github.com/searchviz/searchviz/web/internal/show"
	"github.com/searchviz/searchviz/web/internal/tracestore"
	"github.com/searchviz/searchviz/web/templates"
)

// A comparison's page opens with one sentence and a table that puts its
// searches' results in the same terms; its "step both" box keeps its two
// viewers at matching steps, as the comparison's gallery.Rule pairs them.

// factsOf reads what a comparison's table says of the search whose trace
// t holds, at its last step, without moving t; its name in the language l.
func factsOf(l explain.Lang, t *trace.Tree, h trace.Header) gallery.Facts {
	// The seed says which random games were played, not how: the table
	// leaves it out, as traceName leaves out the node budget.
	h.Params = maps.Clone(h.Params)
	delete(h.Params, "seed")
	return gallery.FactsOf(t, localName(l, h.Algorithm, traceName(h)))
}

// localName is name, a trace's name that starts with its algorithm's
// (traceName), with the algorithm's name in the language l: the title of
// its catalog help in that language, "アルファベータ法" for "AlphaBeta".
func localName(l explain.Lang, algo, name string) string {
	a, err := catalog.LookupAlgorithm(algo)
	if err != nil {
		return name
	}
	en := algorithmName(algo)
	local, _, _ := strings.Cut(l.T(a.Help), "：")
	local, _, _ = strings.Cut(local, ":")
	local, _, _ = strings.Cut(local, " (")
	rest, ok := strings.CutPrefix(name, en)
	if !ok || strings.TrimSpace(local) == "" {
		return name
	}
	return strings.TrimSpace(local) + rest
}

// summaryOf is the table of comparison c whose searches' facts are fs,
// in the language l.
func summaryOf(l explain.Lang, c *gallery.Comparison, fs []gallery.Facts) templates.CompareSummary {
	mc, dfs := 0, 0
	for _, f := range fs {
		if f.MonteCarlo {
			mc++
		} else {
			dfs++
		}
	}
	s := templates.CompareSummary{Head: []string{l.T("Search"), l.T("Plays"), l.T(c.ValueHead), l.T("Nodes")}}
	if dfs > 0 {
		s.Head = append(s.Head, l.T("Cuts"))
	}
	switch {
	case mc == 0:
		s.Head = append(s.Head, l.T("Evaluations"))
	case dfs == 0:
		s.Head = append(s.Head, l.T("Playouts"), l.T("Playouts on that move"))
	default:
		s.Head = append(s.Head, l.T("Evaluations or playouts"))
	}
	for _, f := range fs {
		row := []string{f.Name, l.T("none"), "—", explain.Thousands(f.Counters.Nodes)}
		if f.Decided && f.Move != "" {
			row[1] = f.Move
		}
		if f.Decided {
			row[2] = c.Terms.Value(l, f, c.Player)
		}
		if dfs > 0 {
			cuts := "—" // a Monte Carlo search cuts nothing
			if !f.MonteCarlo {
				cuts = explain.Thousands(f.Counters.Cuts)
			}
			row = append(row, cuts)
		}
		switch {
		case mc == 0, dfs == 0:
			row = append(row, explain.Thousands(f.Counters.Evals))
		case f.MonteCarlo:
			row = append(row, l.F("%d playouts", f.Counters.Evals))
		default:
			row = append(row, l.F("%d evaluations", f.Counters.Evals))
		}
		if dfs == 0 {
			share := "—"
			if f.Playouts > 0 && f.Move != "" {
				share = l.F("%d of %d (%d%%)", f.OnMove, f.Playouts, int(math.Round(100*float64(f.OnMove)/float64(f.Playouts))))
			}
			row = append(row, share)
		}
		s.Rows = append(s.Rows, row)
	}
	return s
}

// searchEnded reports whether the search that records trace id has ended,
// or was not running.
func (s *Server) searchEnded(id string) bool {
	ls := s.liveSearch(id)
	if ls == nil {
		return true
	}
	_, done, _ := ls.Current()
	return done
}

// endedShow returns what to show for trace id once its search has ended:
// a search still running is waited for, and watched meanwhile so that it
// is not cancelled.
func (s *Server) endedShow(ctx context.Context, id string) (*show.Show, error) {
	if ls := s.liveSearch(id); ls != nil {
		unwatch := ls.Watch()
		err := ls.Wait(ctx)
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
func (s *Server) compareSummary(ctx context.Context, c *gallery.Comparison, ids []string) (templates.CompareSummary, error) {
	var fs []gallery.Facts
	for _, id := range ids {
		sh, err := s.endedShow(ctx, id)
		if err != nil {
			return templates.CompareSummary{}, err
		}
		fs = append(fs, factsOf(templates.LangOf(ctx), sh.Tree(), sh.Header()))
	}
	return summaryOf(templates.LangOf(ctx), c, fs), nil
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
func summaryURL(c *gallery.Comparison, ids []string) string {
	return "/compare/" + c.Name + "/summary?" + url.Values{"t": ids}.Encode()
}

// handleCompareSummary answers /compare/{name}/summary?t=<id>&t=<id>...
// with the comparison's table of those traces, an HTML fragment, once
// their searches have ended; the comparison's page fetches it when they
// were still running as it was sent. An error is answered as plain text.
func (s *Server) handleCompareSummary(w http.ResponseWriter, r *http.Request) {
	c := gallery.ComparisonNamed(r.PathValue("name"))
	if c == nil {
		http.Error(w, readerLang(r).F("There is no comparison %q.", r.PathValue("name")), http.StatusNotFound)
		return
	}
	ids, err := compareIDs(r.URL.Query(), "t", 2+len(c.Extra))
	if err != nil {
		http.Error(w, readerLang(r).Error(err), http.StatusBadRequest)
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
		s.log.Error("rendering a comparison's summary", "comparison", c.Name, "err", err)
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
	c := gallery.ComparisonNamed(r.PathValue("name"))
	if c == nil {
		http.Error(w, readerLang(r).F("There is no comparison %q.", r.PathValue("name")), http.StatusNotFound)
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
		http.Error(w, readerLang(r).Error(err), http.StatusBadRequest)
		return
	}
	var shows [2]*show.Show
	for i, id := range from {
		if shows[i], err = s.endedShow(r.Context(), id); err != nil {
			if status, msg := s.countsFailure(r.Context(), err); status != 0 {
				http.Error(w, msg, status)
			}
			return
		}
	}
	f, t := shows[0].Tree(), shows[1].Tree()
	if step < 0 || step >= f.Len() {
		http.Error(w, fmt.Sprintf("step %d is not a step of trace %s, whose steps run from 0 to %d", step, from[0], f.Len()-1), http.StatusBadRequest)
		return
	}
	m := s.matcher.Match(c.Match, gallery.Side{ID: from[0], Tree: f}, step, gallery.Side{ID: from[1], Tree: t})
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	if err := json.NewEncoder(w).Encode(matchAnswer{Step: m}); err != nil {
		s.log.Debug("answering a match", "err", err)
	}
}

// openSteps returns the steps a comparison's two viewers open at, both
// searches ended: the first search's first backup, where a value first
// comes back up its tree (its first step if it has none), and the second
// search's step that the comparison's rule matches to it.
func (s *Server) openSteps(ctx context.Context, c *gallery.Comparison, ids []string) ([2]int, error) {
	var trees [2]*trace.Tree
	for i, id := range ids {
		sh, err := s.endedShow(ctx, id)
		if err != nil {
			return [2]int{}, err
		}
		trees[i] = sh.Tree()
	}
	k := 0
	if trees[0].GrainCount(trace.GrainBackup) > 0 {
		k = trees[0].GrainStep(trace.GrainBackup, 0)
	}
	return [2]int{k, s.matcher.Match(c.Match, gallery.Side{ID: ids[0], Tree: trees[0]}, k, gallery.Side{ID: ids[1], Tree: trees[1]})}, nil
}
