package web

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/render"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/web/internal/counts"
	"github.com/searchviz/searchviz/web/internal/gallery"
	"github.com/searchviz/searchviz/web/internal/tracestore"
)

// newTestServer returns a server on a fresh data directory, its Config
// changed by each of configure.
func newTestServer(t testing.TB, configure ...func(*Config)) (*Server, *httptest.Server) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	cfg := Config{DataDir: t.TempDir(), Layouter: layouter, Program: "viz test"}
	for _, c := range configure {
		c(&cfg)
	}
	srv, err := New(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	t.Cleanup(func() {
		cancel()
		ts.Close()
		// The searches' saves end before the data directory is removed.
		wctx, done := context.WithTimeout(context.Background(), 10*time.Second)
		defer done()
		if err := srv.Wait(wctx); err != nil {
			t.Errorf("waiting for the server's searches to end: %v", err)
		}
	})
	return srv, ts
}

// runSearch posts the new-search form and returns the viewer's path.
func runSearch(t *testing.T, base string, form url.Values) string {
	t.Helper()
	res, body := postForm(t, base+"/run", form)
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("POST /run: status %d, want 303; body:\n%s", res.StatusCode, body)
	}
	return res.Header.Get("Location")
}

func TestIndexFormFromCatalog(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	for _, tt := range []struct {
		path string
		want []string
	}{
		{"/new", []string{
			`name="game"`, `value="tictactoe"`, `value="tree"`,
			`value="minimax"`, `value="negamax"`, `value="alphabeta"`,
			`name="alphabeta.depth"`, `max="64"`, `name="minimax.nodes"`,
		}},
		{"/", []string{`action="/upload"`, `action="/r"`, `href="/new"`, `href="/example/rn-alphabeta"`}},
	} {
		code, body := get(t, ts.URL+tt.path)
		if code != http.StatusOK {
			t.Fatalf("GET %s: status %d", tt.path, code)
		}
		for _, want := range tt.want {
			if !strings.Contains(body, want) {
				t.Errorf("%s lacks %s", tt.path, want)
			}
		}
	}
}

func TestRunRejectsBadRequests(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	tests := []struct {
		name string
		form url.Values
		want string // in the error shown on the form
		at   string // the test id of the error: above the form, or beside a field
	}{
		{"unknown game", url.Values{"game": {"chess"}, "algo": {"alphabeta"}}, "chess", "form-error"},
		{"unknown algorithm", url.Values{"game": {"tictactoe"}, "algo": {"mtdf"}}, "mtdf", "form-error"},
		{"illegal position", url.Values{"game": {"tictactoe"}, "algo": {"alphabeta"}, "position": {"xxx/ooo/xx."}}, "xxx/ooo/xx.", "form-error"},
		{"depth out of range", url.Values{"game": {"tictactoe"}, "algo": {"alphabeta"}, "alphabeta.depth": {"1000"}}, "1..64", "form-error"},
		{"bad seed", url.Values{"game": {"tictactoe"}, "algo": {"alphabeta"}, "seed": {"x1"}}, `The seed must be a whole number, 0 or more: "x1"`, "seed-error"},
		{"negative seed", url.Values{"game": {"tictactoe"}, "algo": {"alphabeta"}, "seed": {"-1"}}, "The seed must be 0 or more: -1 is negative.", "seed-error"},
		{"negative seed, most negative", url.Values{"game": {"maze"}, "algo": {"beam"}, "seed": {"-9223372036854775808"}}, "-9223372036854775808 is negative", "seed-error"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res, page := postForm(t, ts.URL+"/run", tt.form)
			if res.StatusCode != http.StatusBadRequest {
				t.Fatalf("status %d, want 400", res.StatusCode)
			}
			i := strings.Index(page, `data-testid="`+tt.at+`"`)
			if i < 0 {
				t.Fatalf("no error shown on the form")
			}
			if msg := page[i:min(len(page), i+400)]; !strings.Contains(msg, htmlEscape(tt.want)) {
				t.Errorf("error %q does not mention %q", msg, tt.want)
			}
			if !strings.Contains(page, `id="search-form"`) {
				t.Errorf("the form is gone after an error")
			}
		})
	}
}

func htmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;").Replace(s)
}

func TestRunThenViewAndExport(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	loc := runSearch(t, ts.URL, url.Values{"game": {"tree"}, "algo": {"alphabeta"}, "position": {"[[3,12,8],[2,4,6],[14,5,2]]"}})
	if !strings.HasPrefix(loc, "/t/") || !tracestore.ValidID(strings.TrimPrefix(loc, "/t/")) {
		t.Fatalf("redirect to %q, want /t/<id>", loc)
	}
	code, page := get(t, ts.URL+loc)
	if code != http.StatusOK {
		t.Fatalf("viewer: status %d", code)
	}
	// The textbook's answer: a1, value 3.
	if !strings.Contains(page, html.EscapeString("Decision: play a1, value 3 (MAX's view)")) {
		t.Errorf("viewer does not show the decision a1, value 3")
	}

	code, layout := get(t, ts.URL+loc+"/layout.svg")
	if code != http.StatusOK || !strings.Contains(layout, "<svg") {
		t.Fatalf("layout: status %d, %.80q", code, layout)
	}
	// Every node of the final tree is drawn, each searched node with slots
	// for its value and window; n11 and n12 are the pruned leaves.
	for _, id := range []string{`id="n0"`, `id="n12"`, `id="a_v0"`, `id="a_w10"`, `id="e12"`} {
		if !strings.Contains(layout, id) {
			t.Errorf("layout lacks %s", id)
		}
	}

	// The export is what `viz render --step k` draws: the same DOT as
	// render.WriteDOT with the CLI's options.
	_, events := storedTrace(t, ts.URL+loc+"/trace")
	tree, err := trace.NewTree(events)
	if err != nil {
		t.Fatal(err)
	}
	if err := tree.Seek(7); err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	h, _ := storedTrace(t, ts.URL+loc+"/trace")
	g, err := catalog.LookupGameSpec(h.Game)
	if err != nil {
		t.Fatal(err)
	}
	opts := render.Options{Board: g.Board, Legend: true, Title: render.Title(h, 7, tree.Len()-1)}
	if err := render.WriteDOT(&want, tree, opts); err != nil {
		t.Fatal(err)
	}
	code, dot := get(t, ts.URL+loc+"/export.dot?step=7")
	if code != http.StatusOK || dot != want.String() {
		t.Errorf("export.dot at step 7 differs from render.WriteDOT (status %d)", code)
	}
	code, svg := get(t, ts.URL+loc+"/export.svg?step=7&view=side")
	if code != http.StatusOK || !strings.Contains(svg, "step 7 of") || !strings.Contains(svg, "side to move") {
		t.Errorf("export.svg at step 7, side view: status %d, missing its title or view", code)
	}
}

// storedTrace downloads and reads a trace file.
func storedTrace(t *testing.T, u string) (trace.Header, []trace.Event) {
	t.Helper()
	res, err := testClient.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: status %d", u, res.StatusCode)
	}
	h, events, err := trace.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return h, events
}

func TestBadLinks(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	loc := runSearch(t, ts.URL, url.Values{"game": {"tree"}, "algo": {"minimax"}, "position": {"[[1,2],[3,4]]"}})
	tests := []struct {
		path string
		code int
	}{
		{"/t/000000000000", http.StatusNotFound},
		{"/t/..%2F..%2Fetc%2Fpasswd", http.StatusNotFound},
		{"/t/ABCDEF012345/trace", http.StatusNotFound},
		{loc + "?step=99999", http.StatusBadRequest},
		{loc + "?step=-1", http.StatusBadRequest},
		{loc + "?view=max", http.StatusBadRequest},
		{loc + "/export.svg?step=abc", http.StatusBadRequest},
		{"/example/nope", http.StatusNotFound},
		{"/compare/nope", http.StatusNotFound},
		{loc + "?step=last", http.StatusOK},
	}
	for _, tt := range tests {
		res, err := noRedirect.Get(ts.URL + tt.path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != tt.code {
			t.Errorf("GET %s: status %d, want %d", tt.path, res.StatusCode, tt.code)
		}
	}
}

// upload posts a file to /upload.
func upload(t testing.TB, base, name string, data []byte) *http.Response {
	t.Helper()
	req, err := uploadRequest(base, name, data)
	if err != nil {
		t.Fatal(err)
	}
	res, err := noRedirect.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { res.Body.Close() })
	return res
}

// uploadRequest is the request that uploads the file name of data.
func uploadRequest(base, name string, data []byte) (*http.Request, error) {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, err := mw.CreateFormFile("trace", name)
	if err != nil {
		return nil, err
	}
	fw.Write(data)
	mw.Close()
	req, err := http.NewRequest(http.MethodPost, base+"/upload", &body)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	return req, nil
}

// recordTrace runs a search and returns its trace file's bytes.
func recordTrace(t testing.TB, req catalog.Request, gz bool) []byte {
	t.Helper()
	name := "t.jsonl"
	if gz {
		name += ".gz"
	}
	path := filepath.Join(t.TempDir(), name)
	writeTrace(t, path, req)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestUpload(t *testing.T) {
	t.Parallel()
	srv, ts := newTestServer(t, func(c *Config) { c.MaxUpload = 1 << 20 })
	good := recordTrace(t, catalog.Request{Game: "tree", Algo: "minimax", Position: "[[1,2],[3,4]]"}, false)
	goodGz := recordTrace(t, catalog.Request{Game: "tree", Algo: "alphabeta", Position: "[[1,2],[3,4]]"}, true)
	lines := strings.SplitAfter(string(good), "\n")
	tests := []struct {
		name string
		data []byte
		code int
		want string // in the error shown
	}{
		{"plain", good, http.StatusSeeOther, ""},
		{"gzip", goodGz, http.StatusSeeOther, ""},
		{"not json", []byte("hello\n"), http.StatusBadRequest, "line 1"},
		{"unknown kind", []byte(lines[0] + `{"step":0,"kind":"nonsense"}` + "\n"), http.StatusBadRequest, "line 2"},
		{"bad node id", []byte(lines[0] + lines[1] + `["e","root"]` + "\n"), http.StatusBadRequest, "line 3"},
		{"header only", []byte(lines[0]), http.StatusBadRequest, "no events"},
		{"too big", bytes.Repeat([]byte("x"), int(srv.cfg.MaxUpload)+1), http.StatusRequestEntityTooLarge, "too big: traces of at most 1 MiB"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := upload(t, ts.URL, "trace.jsonl", tt.data)
			page := readBody(t, res, nil)
			if res.StatusCode != tt.code {
				t.Fatalf("status %d, want %d; body %.300s", res.StatusCode, tt.code, page)
			}
			if tt.want != "" {
				i := strings.Index(page, `data-testid="upload-error"`)
				if i < 0 || !strings.Contains(page[i:min(len(page), i+500)], tt.want) {
					t.Errorf("upload error does not mention %q", tt.want)
				}
			}
			if tt.code == http.StatusSeeOther {
				code, _ := get(t, ts.URL+res.Header.Get("Location"))
				if code != http.StatusOK {
					t.Errorf("viewer of the upload: status %d", code)
				}
			}
		})
	}
	_, list := get(t, ts.URL+"/traces")
	if n := strings.Count(list, `href="/t/`); n != 2 {
		t.Errorf("saved traces list has %d traces, want the 2 uploaded", n)
	}
}

// TestUploadFullLimits is TestUpload's file too big at DefaultMaxUpload:
// one byte over 32 MiB.
func TestUploadFullLimits(t *testing.T) {
	testenv.SkipUnlessFullLimits(t)
	t.Parallel()
	_, ts := newTestServer(t)
	res := upload(t, ts.URL, "trace.jsonl", bytes.Repeat([]byte("x"), DefaultMaxUpload+1))
	page := readBody(t, res, nil)
	want := fmt.Sprintf("too big: traces of at most %d MiB", DefaultMaxUpload>>20)
	if res.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(page, want) {
		t.Errorf("status %d, want %d saying %q", res.StatusCode, http.StatusRequestEntityTooLarge, want)
	}
}

func TestExampleRunsOnce(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	var locs []string
	for range 2 {
		res, err := noRedirect.Get(ts.URL + "/example/rn-alphabeta")
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("status %d, want 303", res.StatusCode)
		}
		locs = append(locs, res.Header.Get("Location"))
	}
	if locs[0] != locs[1] {
		t.Errorf("the example made two traces: %v", locs)
	}
}

// TestComparisonsNameTwoExamples checks the gallery's comparisons: each
// names two different examples that exist, and extra ones to count that
// exist and differ from them, no more than the counts can compare, and the
// gallery lists it.
func TestComparisonsNameTwoExamples(t *testing.T) {
	testenv.SkipUnderRace(t, "checks the gallery's comparisons")
	t.Parallel()
	cards := map[string]bool{}
	for _, c := range exampleCards() {
		cards[c.URL] = true
	}
	for _, c := range gallery.Comparisons() {
		if c.Left == c.Right || gallery.ExampleNamed(c.Left) == nil || gallery.ExampleNamed(c.Right) == nil {
			t.Errorf("comparison %q compares %q with %q: want two different examples of the gallery", c.Name, c.Left, c.Right)
		}
		if 2+len(c.Extra) > counts.MaxTraces {
			t.Errorf("comparison %q counts %d searches, more than the %d the counts compare", c.Name, 2+len(c.Extra), counts.MaxTraces)
		}
		for i, x := range c.Extra {
			if gallery.ExampleNamed(x) == nil || x == c.Left || x == c.Right || slices.Contains(c.Extra[:i], x) {
				t.Errorf("comparison %q also counts %q: want another example of the gallery", c.Name, x)
			}
		}
		if !cards["/compare/"+c.Name] {
			t.Errorf("the gallery does not list comparison %q", c.Name)
		}
	}
}

// TestComparePage opens the twin maze comparison: one page embedding the
// viewers of both examples' traces, the same traces their own example links
// open, at their last step, and each example's viewer links back to it.
func TestComparePage(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	code, body := get(t, ts.URL+"/compare/twin-maze")
	if code != http.StatusOK {
		t.Fatalf("status %d:\n%s", code, body)
	}
	frames := regexp.MustCompile(`<iframe src="([^"]+)"`).FindAllStringSubmatch(body, -1)
	if len(frames) != 2 {
		t.Fatalf("the page has %d viewers, want 2:\n%s", len(frames), body)
	}
	for i, name := range []string{"twin-turns", "twin-duct"} {
		frame, err := url.Parse(html.UnescapeString(frames[i][1]))
		if err != nil {
			t.Fatal(err)
		}
		q := frame.Query()
		if q.Get("example") != name || q.Get("embed") != "1" || q.Get("step") != "last" {
			t.Errorf("viewer %d is %s, want example=%s, embed=1 and step=last", i+1, frame, name)
		}
		res, err := noRedirect.Get(ts.URL + "/example/" + name)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if loc := res.Header.Get("Location"); !strings.HasPrefix(loc, frame.Path+"?") {
			t.Errorf("example %s opens %s, but the comparison shows trace %s", name, loc, frame.Path)
		}
		code, page := get(t, ts.URL+frame.String())
		if code != http.StatusOK {
			t.Fatalf("viewer %d: status %d", i+1, code)
		}
		if strings.Contains(page, `class="topbar"`) || strings.Contains(page, `data-testid="example-note"`) {
			t.Errorf("embedded viewer %d shows the page header or the example note, which the comparison page shows", i+1)
		}
		_, own := get(t, ts.URL+"/example/"+name)
		if !strings.Contains(own, `href="/compare/twin-maze"`) {
			t.Errorf("the viewer of example %s does not link to the comparison", name)
		}
	}
}

func TestTreeCSSCoversEveryStatus(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	_, css := get(t, ts.URL+"/tree.css")
	for _, class := range []string{"st_current", "st_path", "st_done", "st_generated", "st_pruned", "st_best", "st_kept", "st_dropped", "st_not_reached"} {
		if !strings.Contains(css, "."+class) {
			t.Errorf("tree.css has no rule for %s", class)
		}
	}
}

func TestTruncatedSearchSaysSo(t *testing.T) {
	t.Parallel()
	// AlphaBeta from the empty board searches 18,297 nodes, more than a
	// page that records 1,500 does: the viewer says the drawing is cut and
	// what to do.
	_, ts := newTestServer(t, func(c *Config) { c.TraceNodes = 1500 })
	loc := runSearch(t, ts.URL, url.Values{"game": {"tictactoe"}, "algo": {"alphabeta"}, "position": {".../.../..."}})
	// The trace's download waits for the search to end; the page shows
	// the decision only then.
	storedTrace(t, ts.URL+loc+"/trace")
	_, page := get(t, ts.URL+loc)
	for _, want := range []string{`data-testid="notice"`, "shows only the start of the search", "node budget of 1500 nodes", "Decision: play"} {
		if !strings.Contains(page, want) {
			t.Errorf("the viewer of a truncated search lacks %q", want)
		}
	}
}

// TestTruncatedSearchStepsThroughItsNotice steps a search cut short by
// its node budget through the notice the budget left, made at no node,
// in both views (each with its form of the pseudocode): it is a step the
// page shows like any other.
func TestTruncatedSearchStepsThroughItsNotice(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t, func(c *Config) { c.TraceNodes = 1500 })
	loc := runSearch(t, ts.URL, url.Values{"game": {"tictactoe"}, "algo": {"alphabeta"}, "position": {".../.../..."}})
	_, events := storedTrace(t, ts.URL+loc+"/trace")
	notice := slices.IndexFunc(events, func(e trace.Event) bool { return e.Kind == trace.KindNote && e.Node == trace.NoNode })
	if notice < 1 || notice+1 >= len(events) {
		t.Fatalf("the budget's notice at no node is event %d of %d, want one within the trace", notice, len(events))
	}
	// frame reads past the drawing, and the rest of it, that the server
	// sends around a frame.
	frame := func(p *page) wireFrame {
		for {
			if f := p.read(); f.Type != "layout" && f.Type != "rest" {
				return f
			}
		}
	}
	for _, view := range []string{"root", "side"} {
		p := dial(t, ts.URL, loc+"/ws?view="+view+"&step="+strconv.Itoa(notice-1))
		if f := frame(p); f.Type != "frame" || f.Step != notice-1 {
			t.Fatalf("in the %s view, the first message is %+v, want a frame of step %d", view, f, notice-1)
		}
		for _, k := range []int{notice, notice + 1, notice} {
			p.send(`{"type":"seek","step":` + strconv.Itoa(k) + `}`)
			if f := frame(p); f.Type != "frame" || f.Step != k {
				t.Fatalf("in the %s view, after a seek to step %d: %+v", view, k, f)
			}
		}
	}
}

// TestUploadIsShownFromItsFold checks that an upload's page opens the
// tree the upload folded, cached before the redirect is sent, rather than
// folding the saved file again (a second of the first picture's two for
// MiniMax's whole search of tic-tac-toe; see BenchmarkUploadFirstFrame).
func TestUploadIsShownFromItsFold(t *testing.T) {
	t.Parallel()
	srv, ts := newTestServer(t)
	data := recordTrace(t, catalog.Request{Game: "tictactoe", Algo: "alphabeta", Position: "x.o/.x./..o"}, true)
	res := upload(t, ts.URL, "t.jsonl.gz", data)
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("upload: status %d", res.StatusCode)
	}
	id := strings.TrimPrefix(res.Header.Get("Location"), "/t/")
	sh := srv.shows.Cached(id)
	if sh == nil {
		t.Fatal("the uploaded trace is not in the cache when its page is sent to it")
	}
	if !sh.Saved() {
		t.Error("the cached show does not know it is saved")
	}
	if code, _ := get(t, ts.URL+"/t/"+id); code != http.StatusOK || srv.shows.Cached(id) != sh {
		t.Errorf("the page: status %d, and the cache holds another show of the trace", code)
	}
}
