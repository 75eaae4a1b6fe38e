package web_test

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// jsResult is one unit test of the front end's modules: its name, and
// why it failed, or "".
type jsResult struct {
	Name  string `json:"name"`
	Error string `json:"error"`
}

// TestBrowserModules runs the unit tests of the front end's pure modules
// (the view-box maths, the frame queue, the protocol's readers), in
// testdata/jstest, in the browser tests' Chromium, on the modules as
// static/js holds them, and fails with each failing test's message.
func TestBrowserModules(t *testing.T) {
	t.Parallel()
	mux := http.NewServeMux()
	mux.Handle("GET /static/", http.StripPrefix("/static/", http.FileServer(http.Dir("../static"))))
	mux.Handle("GET /jstest/", http.StripPrefix("/jstest/", http.FileServer(http.Dir("testdata/jstest"))))
	app := httptest.NewServer(mux)
	t.Cleanup(app.Close)
	b := newBrowser(t, app)
	b.open("/jstest/index.html")
	results := get(b, "running the modules' tests", chromedp.Poll[[]jsResult](`window.jsResults`, chromedp.WithPollingInterval(10*time.Millisecond), chromedp.WithPollingTimeout(waitFor)))
	if len(results) == 0 {
		t.Fatal("the page ran no test")
	}
	for _, r := range results {
		if r.Error != "" {
			t.Errorf("%s: %s", r.Name, r.Error)
		}
	}
}
