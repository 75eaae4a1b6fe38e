package web

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/render"
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
	res, err := testClient.Get(ts.URL + "/example/rn-alphabeta")
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
		{"", fmt.Sprintf("at most %s steps", explain.Thousands(MaxHandoutSteps))},
		{"from=0&to=999", fmt.Sprintf("at most %s nodes in all", explain.Thousands(MaxHandoutNodeDrawings))},
	} {
		code, body := get(t, ts.URL+big+"/handout.zip?"+tt.query)
		if code != http.StatusRequestEntityTooLarge || !strings.Contains(body, tt.want) {
			t.Errorf("%s: %d %q, want 413 saying %q", tt.query, code, body, tt.want)
		}
	}
}

// TestHandoutEntryTimes checks the time of every entry of a handout's
// zip: the search's start when the trace's header has one, else the time
// the handout is made; never the zip format's zero, 1980, which an entry
// written without a time reads as.
func TestHandoutEntryTimes(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	events := searchEventsFor(t, "tree", "minimax", "[[3,12],[2,4]]")
	started := time.Date(2023, time.October, 9, 14, 30, 15, 0, time.UTC)
	for _, tt := range []struct {
		name string
		time time.Time // the header's
	}{
		{"recorded", started},
		{"no time", time.Time{}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			w, err := trace.NewWriter(&buf, trace.Header{Game: "tree", Position: "[[3,12],[2,4]]", Algorithm: "minimax", Time: tt.time})
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range events {
				w.Emit(e)
			}
			if err := w.Flush(); err != nil {
				t.Fatal(err)
			}
			res := upload(t, ts.URL, "times.jsonl", buf.Bytes())
			if res.StatusCode != http.StatusSeeOther {
				t.Fatalf("uploading the trace: status %d", res.StatusCode)
			}
			// Zip times are whole seconds.
			before := time.Now().Truncate(time.Second)
			entries := handoutEntries(t, ts.URL+res.Header.Get("Location")+"/handout.zip")
			after := time.Now()
			if len(entries) != len(events)+1 {
				t.Fatalf("%d entries, want %d steps and steps.txt", len(entries), len(events))
			}
			for _, f := range entries {
				got := f.Modified
				switch {
				case got.Year() <= 1980:
					t.Errorf("%s is dated %v", f.Name, got)
				case !tt.time.IsZero() && !got.Equal(tt.time):
					t.Errorf("%s is dated %v, the search started %v", f.Name, got, tt.time)
				case tt.time.IsZero() && (got.Before(before) || got.After(after)):
					t.Errorf("%s is dated %v, the handout was made between %v and %v", f.Name, got, before, after)
				}
			}
		})
	}
}

// handoutEntries downloads a handout and returns its zip's entries.
func handoutEntries(t *testing.T, u string) []*zip.File {
	t.Helper()
	code, body := get(t, u)
	if code != http.StatusOK {
		t.Fatalf("%s: %d: %s", u, code, body)
	}
	zr, err := zip.NewReader(strings.NewReader(body), int64(len(body)))
	if err != nil {
		t.Fatal(err)
	}
	return zr.File
}

// handoutFiles downloads a handout and returns its files by name.
func handoutFiles(t *testing.T, u string) map[string][]byte {
	t.Helper()
	res, err := testClient.Get(u)
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
	res, err := testClient.Get(ts.URL + "/example/rn-alphabeta")
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
		{url.Values{"game": {"tictactoe"}, "position": {"x../.o./..."}, "algo": {"alphabeta"}}, fmt.Sprintf("at most %s steps", explain.Thousands(MaxHandoutHTMLSteps))},
		{url.Values{"game": {"tictactoe"}, "position": {"x../.o./..."}, "algo": {"alphabeta"}, "alphabeta.ordering": {"1"}}, fmt.Sprintf("at most %s nodes drawn in all", explain.Thousands(MaxHandoutNodeDrawings))},
	} {
		path := runSearch(t, ts.URL, tt.form)
		code, body := get(t, ts.URL+path+"/handout.html")
		if code != http.StatusRequestEntityTooLarge || !strings.Contains(body, tt.want) {
			t.Errorf("%v: %d %q, want 413 saying %q", tt.form, code, body, tt.want)
		}
	}
}

// TestHandoutBytesLimit crosses MaxHandoutBytes, lowered through the
// server's seam to the bytes the textbook tree's handout comes to: at the
// cap the handout is made, and with the cap one byte under it the handout
// is refused with 413 naming the cap and what to do instead.
func TestHandoutBytesLimit(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name, file string
		bytes      func(t *testing.T, u string) int64 // what the handout at u holds, uncompressed
		advice     string
	}{
		{"slides", "handout.zip", func(t *testing.T, u string) int64 {
			var n int64
			for _, f := range handoutFiles(t, u) {
				n += int64(len(f))
			}
			return n
		}, "steps with from= and to="},
		{"offline", "handout.html", func(t *testing.T, u string) int64 {
			code, page := get(t, u)
			if code != http.StatusOK {
				t.Fatalf("%s: status %d: %s", u, code, page)
			}
			return int64(len(page))
		}, "use the slides with from= and to="},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv, ts := newTestServer(t)
			res, err := testClient.Get(ts.URL + "/example/rn-alphabeta")
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			u := ts.URL + res.Request.URL.Path + "/" + tt.file
			whole := tt.bytes(t, u)
			srv.handoutBytes = whole
			if got := tt.bytes(t, u); got != whole {
				t.Errorf("at the cap of %d bytes: the handout holds %d", whole, got)
			}
			srv.handoutBytes = whole - 1
			code, body := get(t, u)
			if code != http.StatusRequestEntityTooLarge || !strings.Contains(body, "at most "+sizeName(whole-1)) || !strings.Contains(body, tt.advice) {
				t.Errorf("one byte over the cap: %d %q, want 413 naming the cap, %s, and saying to %s", code, body[:min(len(body), 300)], sizeName(whole-1), tt.advice)
			}
		})
	}
}

// TestHandoutBytesAdvice checks when a handout's size is refused and
// the words that say so: how many steps fit at the size of the biggest,
// or for a tree of which one step is past the cap, to draw it elsewhere. A
// handout whose biggest step, foretold or made, would take its steps past
// twice the cap is refused at once.
func TestHandoutBytesAdvice(t *testing.T) {
	testenv.SkipUnderRace(t, "counts bytes")
	t.Parallel()
	const refusedAtOnce, none = 0, -1
	for _, tt := range []struct {
		name     string
		foretold int   // the last step's bytes, drawn first
		parts    []int // the bytes of each step's part, as made
		refused  int   // the part refused, counting from 1; refusedAtOnce or none
		want     string
	}{
		{"every step fits", 250, []int{250, 250, 250, 250}, none, ""},
		{"the last step passes the cap", 250, []int{250, 250, 250, 251}, 4, "choose at most 3 steps"},
		{"foretold past twice the cap", 501, []int{100, 100, 100, 501}, refusedAtOnce, "come to about 2.0 KiB, up to 501 B a step: choose one step with from= and to="},
		{"foretold at twice the cap", 500, []int{100, 100, 100, 500}, none, ""},
		{"made past twice the cap", 250, []int{600, 100, 100, 250}, 1, "up to 600 B a step: choose one step"},
		{"one step over the cap", 1001, []int{1, 1, 1, 1001}, refusedAtOnce, "one step of this tree comes to 1001 B: draw it with viz render"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			size := handoutSize{limit: 1000, steps: len(tt.parts)}
			err := size.foretell(tt.foretold)
			at := refusedAtOnce
			for i := 0; err == nil && i < len(tt.parts); i++ {
				err, at = size.add(tt.parts[i]), i+1
			}
			var big *handoutTooBig
			switch {
			case err == nil:
				if tt.refused != none {
					t.Fatalf("made, want refused at part %d", tt.refused)
				}
			case !errors.As(err, &big):
				t.Fatalf("error %v, want a *handoutTooBig", err)
			case tt.refused != at:
				t.Errorf("refused at part %d, want %d", at, tt.refused)
			default:
				if msg := big.slides(explain.English, 0, len(tt.parts)-1); !strings.Contains(msg, tt.want) || !strings.Contains(msg, "at most 1000 B") {
					t.Errorf("%q, want it to name the cap and say %q", msg, tt.want)
				}
			}
		})
	}
}

// gateLayouter lays out nothing until release closes (or its context
// ends), then as next does: a drawing in progress held open.
type gateLayouter struct {
	next    render.Layouter
	release chan struct{}
}

func (g gateLayouter) SVG(ctx context.Context, dot []byte) ([]byte, error) {
	select {
	case <-g.release:
		return g.next.SVG(ctx, dot)
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// TestHandoutsAtOnce crosses MaxHandouts with offline handouts held in
// their drawing: with one place left, slides are made; with none, slides
// and offline handouts are refused with 429, Retry-After and how many are
// being made; once those held end, slides are made again.
func TestHandoutsAtOnce(t *testing.T) {
	t.Parallel()
	release := make(chan struct{})
	// A held drawing must not end by its time limit while the test waits
	// for the next to be held, however loaded the machine.
	srv, ts := newTestServer(t, func(c *Config) {
		c.Layouter, c.LayoutTimeout = gateLayouter{next: layouter, release: release}, 5*time.Minute
	})
	loc := runSearch(t, ts.URL, textbookForm)
	srv.liveSearchDone(t, strings.TrimPrefix(loc, "/t/"))
	base := ts.URL + loc

	var held sync.WaitGroup
	codes := make(chan int, MaxHandouts)
	holding := 0
	// making waits until exactly n handouts are being made: a handout's
	// place is given back after its client has read the answer, so a
	// finished one may still hold its place for a moment.
	making := func(n int) {
		deadline := time.Now().Add(60 * time.Second)
		for len(srv.handouts) != n {
			if time.Now().After(deadline) {
				t.Fatalf("%d handouts being made after 60 s, want %d", len(srv.handouts), n)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	hold := func(n int) {
		making(holding)
		holding += n
		for range n {
			held.Go(func() {
				res, err := testClient.Get(base + "/handout.html")
				if err != nil {
					t.Errorf("a handout held in its drawing: %v", err)
					return
				}
				io.Copy(io.Discard, res.Body)
				res.Body.Close()
				codes <- res.StatusCode
			})
		}
		making(holding)
	}
	defer func() {
		select {
		case <-release:
		default:
			close(release)
		}
		held.Wait()
	}()

	hold(MaxHandouts - 1)
	if code, _ := get(t, base+"/handout.zip"); code != http.StatusOK {
		t.Errorf("handout %d of %d at once: status %d, want 200", MaxHandouts, MaxHandouts, code)
	}
	hold(1)
	want := fmt.Sprintf("making %d handouts already", MaxHandouts)
	for _, file := range []string{"handout.zip", "handout.html"} {
		res, err := testClient.Get(base + "/" + file)
		body := readBody(t, res, err)
		if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" || !strings.Contains(body, want) {
			t.Errorf("%s past %d at once: %d, Retry-After %q, %q; want 429 saying %q", file, MaxHandouts, res.StatusCode, res.Header.Get("Retry-After"), body[:min(len(body), 200)], want)
		}
	}
	close(release)
	held.Wait()
	close(codes)
	for code := range codes {
		if code != http.StatusOK {
			t.Errorf("a handout held in its drawing ended with %d, want 200", code)
		}
	}
	if code, _ := get(t, base+"/handout.zip"); code != http.StatusOK {
		t.Errorf("once the handouts held end: status %d, want 200", code)
	}
}

// TestLongLabelsCutInDrawings draws a trace whose moves' labels are as
// long as a trace allows: the slides and the page's drawing show each cut
// to render.MaxLabelRunes characters, so that no drawing is as big as one
// label, and the node's details give the label whole.
func TestLongLabelsCutInDrawings(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	labels := make([]string, 4) // by node; the root has none
	events := []trace.Event{{Step: 0, Kind: trace.KindNode, Node: 0, Parent: trace.NoNode, Action: -1, Type: trace.TypeMax}}
	for id := 1; id < len(labels); id++ {
		labels[id] = fmt.Sprintf("move%d", id) + strings.Repeat("m", trace.MaxString-5)
		events = append(events, trace.Event{Step: id, Kind: trace.KindNode, Node: trace.NodeID(id), Parent: 0, Action: id - 1, Label: labels[id], Depth: 1, Type: trace.TypeMin})
	}
	loc := uploadEvents(t, ts.URL, events)
	base := ts.URL + loc

	drawings := map[string][]byte{}
	for name, svg := range handoutFiles(t, base+"/handout.zip") {
		if strings.HasSuffix(name, ".svg") {
			drawings[name] = svg
		}
	}
	code, layout := get(t, base+"/layout.svg")
	if code != http.StatusOK {
		t.Fatalf("layout.svg: status %d", code)
	}
	drawings["layout.svg"] = []byte(layout)
	for name, svg := range drawings {
		if len(svg) >= trace.MaxString {
			t.Errorf("%s is %d bytes, as much as a label", name, len(svg))
		}
		for id := 1; id < len(labels); id++ {
			cut := labels[id][:render.MaxLabelRunes-1] + "…"
			if !bytes.Contains(svg, []byte(cut)) {
				t.Errorf("%s lacks node %d's label cut, %q", name, id, cut)
			}
		}
		if bytes.Contains(svg, []byte(strings.Repeat("m", render.MaxLabelRunes))) {
			t.Errorf("%s holds a label longer than %d characters", name, render.MaxLabelRunes)
		}
	}

	p := dial(t, ts.URL, loc+"/ws?step=last")
	p.read()
	p.send(`{"type":"select","node":2}`)
	if sel := p.read().Selected; sel == nil || sel.Title != labels[2] {
		t.Errorf("the details of node 2 do not give its label whole")
	}
}

// TestSlidesAround checks the steps the slides' form offers: the whole
// trace when a set draws it all, or else as many steps as a set draws
// around the step shown, within the trace.
func TestSlidesAround(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		step, steps, most int
		from, to          int
	}{
		{0, 1, 1000, 0, 0},
		{5, 1000, 1000, 0, 999},
		{0, 3771, 1000, 0, 999},
		{2000, 3771, 1000, 1501, 2500},
		{3770, 3771, 1000, 2771, 3770},
		{7, 10, 1, 7, 7},
	} {
		from, to := slidesAround(tt.step, tt.steps, tt.most)
		if from != tt.from || to != tt.to {
			t.Errorf("at step %d of %d, at most %d: steps %d..%d, want %d..%d", tt.step, tt.steps, tt.most, from, to, tt.from, tt.to)
		}
	}
}

// TestViewerOffersSlidesThatFit checks the slides' form of the MCTS
// example, whose 3,771 steps are more than a set of slides draws: the
// range it offers passes the caps on steps and nodes drawn (the server
// goes on to draw it, and only the cap on bytes, made tiny here, refuses
// it), and one step more is refused by them.
func TestViewerOffersSlidesThatFit(t *testing.T) {
	t.Parallel()
	srv, ts := newTestServer(t)
	srv.handoutBytes = 1 << 10
	res, err := testClient.Get(ts.URL + "/example/ttt-mcts")
	if err != nil {
		t.Fatal(err)
	}
	page := readBody(t, res, err)
	base := ts.URL + res.Request.URL.Path
	value := func(id string) int {
		m := regexp.MustCompile(`id="` + id + `"[^>]*value="(\d+)"`).FindStringSubmatch(page)
		if m == nil {
			t.Fatalf("the page has no #%s with a value", id)
		}
		n, _ := strconv.Atoi(m[1])
		return n
	}
	from, to := value("slides-from"), value("slides-to")
	m := regexp.MustCompile(`id="slides-form"[^>]*data-most="(\d+)"`).FindStringSubmatch(page)
	if m == nil || !strings.Contains(page, `data-steps="3771"`) {
		t.Fatalf("the page has no slides' form with data-most, or not 3,771 steps")
	}
	if most, _ := strconv.Atoi(m[1]); from != 0 || to != most-1 || most >= 3771 {
		t.Errorf("at step 0 the form offers steps %d..%d of at most %s; want 0..most-1, fewer than all 3,771", from, to, m[1])
	}
	code, body := get(t, fmt.Sprintf("%s/handout.zip?from=%d&to=%d", base, from, to))
	if code != http.StatusRequestEntityTooLarge || !strings.Contains(body, "of drawings and words") {
		t.Errorf("the steps offered: %d %q; want refused only by the cap on bytes", code, body)
	}
	code, body = get(t, fmt.Sprintf("%s/handout.zip?from=%d&to=%d", base, from, to+1))
	if code != http.StatusRequestEntityTooLarge || !strings.Contains(body, "draws at most") {
		t.Errorf("one step more than offered: %d %q; want refused by the cap on steps or nodes drawn", code, body)
	}
}
