package web_test

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestBrowserOfflineHandout downloads the textbook tree's handout, stops
// the server, and opens the file in Chromium from the disk: it draws the
// tree, steps with the keys and plays to the end as the viewer does, and
// says that selecting a node needs the server.
func TestBrowserOfflineHandout(t *testing.T) {
	t.Parallel()
	app := newApp(t)
	res, err := http.Get(app.URL + "/example/rn-alphabeta")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	res, err = http.Get(app.URL + res.Request.URL.Path + "/handout.html")
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
