package web

import (
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/render"
)

// TestExportNodesLimit crosses the cap on the nodes of a tree exported
// whole: a page's export link answers 413 with what to do instead.
func TestExportNodesLimit(t *testing.T) {
	t.Parallel()
	srv, ts := newTestServer(t, func(c *Config) { c.ExportNodes = 12 })
	loc := runSearch(t, ts.URL, textbookForm)
	srv.liveSearchDone(t, strings.TrimPrefix(loc, "/t/"))
	for _, format := range []string{"svg", "dot"} {
		code, msg := get(t, ts.URL+loc+"/export."+format+"?step=3")
		if code != http.StatusRequestEntityTooLarge || !strings.Contains(msg, "at most 12 nodes") || !strings.Contains(msg, "viz render") {
			t.Errorf("export.%s of 13 nodes with a cap of 12: status %d %q, want 413 naming the cap and viz render", format, code, msg)
		}
	}
	if DefaultExportNodes < 25_227 {
		t.Errorf("DefaultExportNodes is %d: AlphaBeta's whole search of tic-tac-toe, 25,227 nodes, cannot be exported", DefaultExportNodes)
	}
}

// TestExportsAreLaidOutAuto checks that a page's exports are laid out as
// `viz render --layout auto` lays them out: Graphviz up to
// render.MaxDotNodes nodes, the tidy layout above, with every node.
func TestExportsAreLaidOutAuto(t *testing.T) {
	t.Parallel()
	testenv.SkipHeavyUnderRace(t, "TestRunThenViewAndExport and TestExportAtAStepIsCropped")
	srv, ts := newTestServer(t)
	small := runSearch(t, ts.URL, textbookForm)
	big := runSearch(t, ts.URL, url.Values{"game": {"tictactoe"}, "algo": {"minimax"}, "position": {"x../.o./..."}})
	for _, loc := range []string{small, big} {
		srv.liveSearchDone(t, strings.TrimPrefix(loc, "/t/"))
	}
	for _, tt := range []struct {
		loc   string
		nodes int
		tidy  bool
	}{{small, 13, false}, {big, 0, true}} {
		code, svg := get(t, ts.URL+tt.loc+"/export.svg?step=last")
		if code != http.StatusOK {
			t.Fatalf("export: status %d %.200s", code, svg)
		}
		nodes := strings.Count(svg, `class="node st_`)
		if tidy := strings.Contains(svg, "tidy-tree layout"); tidy != tt.tidy || (tt.tidy && nodes <= render.MaxDotNodes) || (!tt.tidy && nodes != tt.nodes) {
			t.Errorf("an export of %d nodes is laid out by the tidy layout %v, want %v", nodes, tidy, tt.tidy)
		}
	}
}

// TestNavigatedTreeHasNoWholeDrawing checks that the drawing of a whole
// tree bigger than the display budget is refused, and that its page is
// told to draw the parts the websocket sends.
func TestNavigatedTreeHasNoWholeDrawing(t *testing.T) {
	t.Parallel()
	srv, ts := newTestServer(t)
	loc := runSearch(t, ts.URL, url.Values{"game": {"tictactoe"}, "algo": {"minimax"}, "position": {"x../.o./..."}})
	srv.liveSearchDone(t, strings.TrimPrefix(loc, "/t/"))
	code, msg := get(t, ts.URL+loc+"/layout.svg")
	if code != http.StatusConflict || !strings.Contains(msg, "more than the viewer draws whole ("+explain.Thousands(render.DefaultBudget)+" nodes)") {
		t.Errorf("the whole drawing of a big tree: status %d %q, want 409 saying it is drawn in part", code, msg)
	}
	_, page := get(t, ts.URL+loc)
	if !strings.Contains(page, `data-whole="false"`) {
		t.Error("the page of a big tree is not told it is navigated")
	}
	_, page = get(t, ts.URL+runSearch(t, ts.URL, textbookForm))
	if !strings.Contains(page, `data-whole="true"`) {
		t.Error("the page of a small tree is not told to draw it whole")
	}
	p := dial(t, ts.URL, loc+"/ws?step="+strconv.Itoa(100))
	if first := p.read(); first.Type != "layout" {
		t.Errorf("a big tree's websocket began with a %s message, want its drawing", first.Type)
	}
	if f := p.read(); f.Type != "frame" || f.Step != 100 || len(f.Nodes) == 0 {
		t.Errorf("after the drawing came a %s of step %d with %d patches, want the frame of step 100 that restyles it", f.Type, f.Step, len(f.Nodes))
	}
}

// TestExportAtAStepIsCropped checks the SVG export of an early step: by
// default its canvas holds what the step shows: the root, in the middle
// of the whole tree's canvas, and the first moves down its left side, so
// not much more than half its width; crop=0 keeps the whole tree's canvas, and the last step,
// which shows every node, is the same either way.
func TestExportAtAStepIsCropped(t *testing.T) {
	t.Parallel()
	srv, ts := newTestServer(t)
	loc := runSearch(t, ts.URL, url.Values{"game": {"tictactoe"}, "algo": {"alphabeta"}, "position": {"x.o/.x./..o"}})
	srv.liveSearchDone(t, strings.TrimPrefix(loc, "/t/"))
	width := func(query string) (float64, string) {
		t.Helper()
		code, svg := get(t, ts.URL+loc+"/export.svg?"+query)
		if code != http.StatusOK {
			t.Fatalf("export.svg?%s: status %d %.200s", query, code, svg)
		}
		m := regexp.MustCompile(`<svg[^>]*viewBox="[-\d.]+ [-\d.]+ ([\d.]+) [\d.]+"`).FindStringSubmatch(svg)
		if m == nil {
			t.Fatalf("export.svg?%s has no viewBox: %.300s", query, svg)
		}
		w, _ := strconv.ParseFloat(m[1], 64)
		return w, svg
	}
	cropped, _ := width("step=10")
	whole, _ := width("step=10&crop=0")
	if cropped > 0.6*whole {
		t.Errorf("at step 10 the export is %.0f pt wide cropped, %.0f pt whole; want at most 60%% of it", cropped, whole)
	}
	_, last := width("step=last")
	_, lastWhole := width("step=last&crop=0")
	if last != lastWhole {
		t.Error("the last step's export differs with and without crop=0")
	}
}
