package web

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/trace"
)

// TestHandout downloads the slides of the textbook tree's AlphaBeta: one
// well-formed SVG per step, in order, each showing exactly the nodes the
// search has reached by its step, and steps.txt with a line per step;
// a range gives those steps only; bad ranges and handouts over the
// limits are refused with what is allowed.
func TestHandout(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	res, err := http.Get(ts.URL + "/example/rn-alphabeta")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	base := ts.URL + res.Request.URL.Path
	events := searchEventsFor(t, "tree", "alphabeta", "[[3,12,8],[2,4,6],[14,5,2]]")
	reached := make([]int, len(events)) // nodes created, and moves pruned, by each step
	n := 0
	for k, e := range events {
		switch e.Kind {
		case trace.KindNode:
			n++
		case trace.KindCut:
			n += len(e.Pruned)
		}
		reached[k] = n
	}
	last := fmt.Sprintf("steps 0..%d", len(events)-1)

	files := handoutFiles(t, base+"/handout.zip")
	if len(files) != len(events)+1 {
		t.Fatalf("%d files, want %d steps and steps.txt", len(files), len(events))
	}
	for k := range events {
		name := fmt.Sprintf("step-%02d.svg", k)
		svg, ok := files[name]
		if !ok {
			t.Fatalf("no %s", name)
		}
		if got := shownNodes(t, svg); got != reached[k] {
			t.Errorf("%s shows %d nodes, the search has created or pruned %d by then", name, got, reached[k])
		}
	}
	lines := strings.Split(strings.TrimSpace(string(files["steps.txt"])), "\n")
	if len(lines) != len(events) || !strings.HasPrefix(lines[0], "step  0: Start at the root") {
		t.Errorf("steps.txt has %d lines, starting %q", len(lines), lines[0])
	}

	some := handoutFiles(t, base+"/handout.zip?from=10&to=12")
	if len(some) != 4 || some["step-10.svg"] == nil || some["step-12.svg"] == nil {
		t.Errorf("from=10&to=12 gives %d files", len(some))
	}
	for _, tt := range []struct{ query, want string }{
		{"from=12&to=10", "from=12 comes after to=10"},
		{"to=999", last},
		{"from=x", last},
		{"view=up", "want root or side"},
	} {
		code, body := get(t, base+"/handout.zip?"+tt.query)
		if code != http.StatusBadRequest || !strings.Contains(body, tt.want) {
			t.Errorf("%s: %d %q, want 400 saying %q", tt.query, code, body, tt.want)
		}
	}

	big := runSearch(t, ts.URL, url.Values{"game": {"tictactoe"}, "position": {"x../.o./..."}, "algo": {"alphabeta"}})
	for _, tt := range []struct{ query, want string }{
		{"", fmt.Sprintf("at most %s steps", thousands(MaxHandoutSteps))},
		{"from=0&to=999", fmt.Sprintf("at most %s nodes in all", thousands(MaxHandoutNodeDrawings))},
	} {
		code, body := get(t, ts.URL+big+"/handout.zip?"+tt.query)
		if code != http.StatusRequestEntityTooLarge || !strings.Contains(body, tt.want) {
			t.Errorf("%s: %d %q, want 413 saying %q", tt.query, code, body, tt.want)
		}
	}
}

// handoutFiles downloads a handout and returns its files by name.
func handoutFiles(t *testing.T, u string) map[string][]byte {
	t.Helper()
	res, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("%s: %s: %s", u, res.Status, data)
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		files[f.Name], _ = io.ReadAll(rc)
		rc.Close()
	}
	return files
}

// shownNodes counts the node groups of an SVG that a step has reached.
func shownNodes(t *testing.T, svg []byte) int {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(svg))
	n := 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return n
		}
		if err != nil {
			t.Fatalf("not XML: %v", err)
		}
		e, ok := tok.(xml.StartElement)
		if !ok || e.Name.Local != "g" {
			continue
		}
		var id, class string
		for _, a := range e.Attr {
			switch a.Name.Local {
			case "id":
				id = a.Value
			case "class":
				class = a.Value
			}
		}
		if strings.HasPrefix(id, "n") && strings.Contains(class, "node") && !strings.Contains(class, "st_not_reached") {
			n++
		}
	}
}

// searchEventsFor runs one search through the catalog and returns its
// trace's events.
func searchEventsFor(t *testing.T, game, algo, position string) []trace.Event {
	t.Helper()
	run, err := catalog.Prepare(catalog.Request{Game: game, Algo: algo, Position: position})
	if err != nil {
		t.Fatal(err)
	}
	rec := trace.NewRecorder(0)
	if _, err := run.Search(context.Background(), rec); err != nil {
		t.Fatal(err)
	}
	return rec.Events()
}

// TestOfflineHandoutLimits checks the offline handout's file and limits:
// the textbook tree's holds every step's frame and no address of the
// server; a trace of more steps than MaxHandoutHTMLSteps, or of more
// nodes drawn in all than MaxHandoutNodeDrawings, is refused with what
// to do instead.
func TestOfflineHandoutLimits(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	res, err := http.Get(ts.URL + "/example/rn-alphabeta")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	code, page := get(t, ts.URL+res.Request.URL.Path+"/handout.html")
	events := searchEventsFor(t, "tree", "alphabeta", "[[3,12,8],[2,4,6],[14,5,2]]")
	if code != http.StatusOK || strings.Count(page, `"type":"frame"`) != len(events) || !strings.Contains(page, `data-offline="true"`) {
		t.Errorf("%d: the handout holds %d frames, want %d", code, strings.Count(page, `"type":"frame"`), len(events))
	}
	for _, tt := range []struct {
		form url.Values
		want string
	}{
		{url.Values{"game": {"tictactoe"}, "position": {"x../.o./..."}, "algo": {"alphabeta"}}, fmt.Sprintf("at most %s steps", thousands(MaxHandoutHTMLSteps))},
		{url.Values{"game": {"tictactoe"}, "position": {"x../.o./..."}, "algo": {"alphabeta"}, "alphabeta.ordering": {"1"}}, fmt.Sprintf("at most %s nodes drawn in all", thousands(MaxHandoutNodeDrawings))},
	} {
		path := runSearch(t, ts.URL, tt.form)
		code, body := get(t, ts.URL+path+"/handout.html")
		if code != http.StatusRequestEntityTooLarge || !strings.Contains(body, tt.want) {
			t.Errorf("%v: %d %q, want 413 saying %q", tt.form, code, body, tt.want)
		}
	}
}
