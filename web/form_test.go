package web

import (
	"html"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/trace"
)

// The start page's defaults: the game and algorithm selected, the game's
// start position, and the inputs of the parameters with their values.
var (
	selectedGame = regexp.MustCompile(`<option value="([^"]+)" selected data-start="([^"]*)"[^>]*data-family`)
	selectedAlgo = regexp.MustCompile(`<option value="([^"]+)" selected data-family=`)
	paramInput   = regexp.MustCompile(`<input[^>]*name="([^"]+\.[^"]+)"[^>]*value="([^"]*)"`)
)

// TestFormDefaultsGiveTheWholeSearch submits the new-search form as it
// first comes, as a newcomer's first click does: the search it starts is
// recorded whole, with no note that the trace was cut, and its viewer
// says nothing of a drawing cut short.
func TestFormDefaultsGiveTheWholeSearch(t *testing.T) {
	t.Parallel()
	testenv.SkipHeavyUnderRace(t, "TestLiveSearchGrowsThenSaves and TestBrowserLiveSearch")
	srv, ts := newTestServer(t)
	_, page := get(t, ts.URL+"/new")
	g := selectedGame.FindStringSubmatch(page)
	if g == nil {
		t.Fatal("the new-search form selects no game")
	}
	form := url.Values{"game": {g[1]}, "position": {html.UnescapeString(g[2])}}
	var algo string
	if m := selectedAlgo.FindStringSubmatch(page); m != nil {
		algo = m[1]
	}
	if algo == "" {
		t.Fatal("the new-search form selects no algorithm")
	}
	form.Set("algo", algo)
	for _, m := range paramInput.FindAllStringSubmatch(page, -1) {
		if strings.HasPrefix(m[1], algo+".") || strings.HasPrefix(m[1], g[1]+".") {
			form.Set(m[1], html.UnescapeString(m[2]))
		}
	}
	loc := runSearch(t, ts.URL, form)
	srv.liveSearchDone(t, strings.TrimPrefix(loc, "/t/"))
	_, events := storedTrace(t, ts.URL+loc+"/trace")
	nodes := 0
	for _, e := range events {
		switch {
		case e.Kind == trace.KindNode:
			nodes++
		case e.Kind == trace.KindNote && e.Note().Truncated != trace.NotTruncated:
			t.Errorf("the default search %v was cut: %q", form, e.Note().Text)
		}
	}
	if nodes < 100 {
		t.Errorf("the default search %v records %d nodes: hardly a tree", form, nodes)
	}
	if _, viewer := get(t, ts.URL+loc); strings.Contains(viewer, "shows only the start of the search") {
		t.Errorf("the viewer of the default search %v says its drawing is cut short", form)
	}
	t.Logf("the default search %v records %d nodes", form, nodes)
}
