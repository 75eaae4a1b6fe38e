package web_test

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/searchviz/searchviz/web"
)

// TestBrowserOfflineHandout downloads the textbook tree's handout, stops
// the server, and opens the file in Chromium from the disk: it draws the
// tree, steps with the keys and plays to the end as the viewer does, and
// says that selecting a node needs the server.
func TestBrowserOfflineHandout(t *testing.T) {
	t.Parallel()
	app := newApp(t)
	res, err := web.TestClient.Get(app.URL + "/example/rn-alphabeta")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	res, err = web.TestClient.Get(app.URL + res.Request.URL.Path + "/handout.html")
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("handout: %s: %s", res.Status, data)
	}
	for _, ref := range []string{`src="/`, `href="/static`, `href="/tree.css`} {
		if strings.Contains(string(data), ref) {
			t.Errorf("the handout refers to the server: %s", ref)
		}
	}
	path := filepath.Join(t.TempDir(), "handout.html")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	b := newBrowser(t, app)
	app.Close() // nothing is fetched from the server from here on
	b.do("opening the handout", chromedp.Navigate("file://"+path))
	b.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS("#tree svg")))
	b.waitStep(0)
	for range 3 {
		b.do("pressing →", chromedp.KeyEvent(kb.ArrowRight))
	}
	if s := b.waitStep(3); s.Node == "" || s.Lit == "" {
		t.Errorf("step 3 shows no current node or lit line: %+v", s)
	}
	b.screenshot("handout-offline.png")
	b.do("pressing End", chromedp.KeyEvent(kb.End))
	last := b.lastStep()
	b.waitStep(last)
	if d := b.text("#decision"); !strings.Contains(d, "value 3") {
		t.Errorf("the decision reads %q", d)
	}
	b.do("pressing Home", chromedp.KeyEvent(kb.Home))
	b.waitStep(0)
	b.do("selecting node 1", chromedp.Evaluate[chromedp.Void](`document.getElementById("n1").dispatchEvent(new MouseEvent("click", {bubbles: true}))`))
	b.waitJS("the offline message", `document.getElementById("status").textContent.includes("need the server")`)
}

// TestBrowserSlidesSayWhyNot opens the MCTS example, whose 3,771 steps
// are more than a set of slides draws, with the cap on a handout's bytes
// at 1 MiB, about nine of its steps. The slides link opens a form of the
// steps from and to, offering the most steps a set draws around the step
// shown; a range past the cap is refused with the server's reason on the
// page, which stays where it is; a small range is downloaded; and the
// offline handout, too long for one file, says why as well.
func TestBrowserSlidesSayWhyNot(t *testing.T) {
	t.Parallel()
	const capBytes = 1 << 20
	b := newBrowser(t, newApp(t, func(s *web.Server) { web.SetHandoutBytes(s, capBytes) }))
	b.open("/example/ttt-mcts")
	b.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS("#tree svg")))
	b.waitStep(0)
	// The viewer keeps its step in the address's query; its path is the page.
	page := get(b, "reading the address", chromedp.Evaluate[string](`location.pathname`))
	// Every answer the page fetches is noted, to tell a refusal from a
	// download by its status.
	b.do("noting the page's fetches", chromedp.Evaluate[chromedp.Void](`(() => {
		const f = window.fetch;
		window.fetched = [];
		window.fetch = async (...args) => { const r = await f(...args); window.fetched.push(r.status); return r; };
	})()`))
	// visible says the element is drawn, inside the window: a closed
	// <details> keeps a box for what it holds but draws none of it.
	visible := func(id string) bool {
		return get(b, "looking at #"+id, chromedp.Evaluate[bool](fmt.Sprintf(`(() => {
			const e = document.getElementById(%q), r = e.getBoundingClientRect();
			return e.checkVisibility() && r.width > 0 && r.height > 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth;
		})()`, id)))
	}
	// settled waits, a while at most, for the element to be on screen: the
	// page places the slides' form and the refusal a task after it shows
	// them (a details element's toggle event, a resize), and on a busy
	// machine later still.
	settled := func(id string) bool {
		for deadline := time.Now().Add(waitFor); !visible(id); time.Sleep(50 * time.Millisecond) {
			if time.Now().After(deadline) {
				return false
			}
		}
		return true
	}
	if visible("slides-form") {
		t.Fatal("the slides' form shows before the slides link is clicked")
	}
	last := b.lastStep()
	b.click("#last")
	b.waitStep(last)
	b.click("#export-handout")
	if !settled("slides-form") || !settled("slides-download") {
		b.screenshot("slides-form.png")
		t.Fatalf("clicking slides shows no form on screen: the form at %s", get(b, "reading where the form is", chromedp.Evaluate[string](`JSON.stringify([document.getElementById("slides-form").getBoundingClientRect(), innerWidth, innerHeight])`)))
	}
	// On a wider screen the exports end the controls' one line, and the
	// form opens leftwards from there rather than past the window.
	b.do("widening the window", chromedp.EmulateViewport(1600, 900))
	b.click("#export-handout")
	b.click("#export-handout")
	if !settled("slides-form") {
		t.Errorf("at 1600 px wide the form is off screen, at %s", get(b, "reading where the form is", chromedp.Evaluate[string](`JSON.stringify(document.getElementById("slides-form").getBoundingClientRect())`)))
	}
	most, _ := strconv.Atoi(get(b, "reading the most steps", chromedp.AttributeValue(chromedp.ID("slides-form"), "data-most")).Value)
	from, _ := strconv.Atoi(get(b, "reading from", chromedp.Value(chromedp.ID("slides-from"))))
	to, _ := strconv.Atoi(get(b, "reading to", chromedp.Value(chromedp.ID("slides-to"))))
	if most < 10 || most > last || to != last || from != last-most+1 {
		t.Fatalf("at the last step, %d, the form offers steps %d..%d of at most %d; want the last %d steps", last, from, to, most, most)
	}
	b.click("#slides-download")
	b.waitJS("the refusal on the page", `!document.getElementById("export-error").hidden`)
	why := b.text("#export-error")
	if onScreen := settled("export-error"); !onScreen || !strings.Contains(why, "at most 1 MiB of drawings and words") || !strings.Contains(why, "choose at most") {
		t.Errorf("a range past the cap reads %q (on screen: %v); want the server's reason, naming the cap and the steps that fit", why, onScreen)
	}
	b.screenshot("slides-refused.png")
	if now := get(b, "reading the address", chromedp.Evaluate[string](`location.pathname`)); now != page {
		t.Errorf("the page went to %s", now)
	}
	b.typeInto("slides-from", "3")
	b.typeInto("slides-to", "5")
	b.click("#slides-download")
	b.waitJS("the download's message", `document.getElementById("export-done").textContent.startsWith("Downloaded")`)
	done := b.text("#export-done")
	fetched := get(b, "reading the statuses", chromedp.Evaluate[[]int](`window.fetched`))
	if !strings.Contains(done, "-steps-3-5.zip") || !slices.Equal(fetched, []int{http.StatusRequestEntityTooLarge, http.StatusOK}) {
		t.Errorf("steps 3..5: the page says %q after answers %v; want the zip named, after 413 then 200", done, fetched)
	}
	if get(b, "looking for the refusal", chromedp.Evaluate[bool](`document.getElementById("export-error").hidden`)) == false {
		t.Error("the refusal still shows after a download")
	}
	b.click("#export-offline")
	b.waitJS("the offline handout's refusal", `!document.getElementById("export-error").hidden`)
	if why := b.text("#export-error"); !settled("export-error") || !strings.Contains(why, "An offline handout holds at most 2,000 steps") {
		t.Errorf("the offline handout reads %q; want why it is refused, on screen", why)
	}
}
