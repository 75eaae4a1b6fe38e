package web_test

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/web"
)

// slowBody reads a request body at a pause per chunk of bytes, as a
// slow network delivers an upload.
type slowBody struct {
	r     io.ReadCloser
	chunk int
	pause time.Duration
}

func (s slowBody) Read(p []byte) (int, error) {
	n, err := s.r.Read(p[:min(len(p), s.chunk)])
	time.Sleep(s.pause * time.Duration(n) / time.Duration(s.chunk))
	return n, err
}

func (s slowBody) Close() error { return s.r.Close() }

// newSlowApp is newApp whose uploads arrive at about 1 MiB a second.
func newSlowApp(t *testing.T) *httptest.Server {
	t.Helper()
	return newAppBehind(t, func(app http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/upload" {
				r.Body = slowBody{r.Body, 32 << 10, 30 * time.Millisecond}
			}
			app.ServeHTTP(w, r)
		})
	})
}

// textbookFile writes the textbook tree's AlphaBeta as a trace file in
// dir and returns its path and its text.
func textbookFile(t *testing.T, dir string) (string, []byte) {
	t.Helper()
	path := filepath.Join(dir, "textbook.jsonl")
	web.WriteTrace(t, path, catalog.Request{Game: "tree", Algo: "alphabeta", Position: "[[3,12,8],[2,4,6],[14,5,2]]", Program: "test"})
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return path, data
}

// inView is true when the element of id is focused and wholly inside the
// window.
func inView(id string) string {
	return fmt.Sprintf(`(() => {
		const e = document.getElementById(%q);
		if (!e || e.hidden) return false;
		const r = e.getBoundingClientRect();
		return document.activeElement === e && r.top >= 0 && r.bottom <= window.innerHeight;
	})()`, id)
}

// TestBrowserUploadErrorInView checks that a refused file's error is
// shown beside the upload control, in view and focused, on a window so
// narrow that the control is far down the page.
func TestBrowserUploadErrorInView(t *testing.T) {
	t.Parallel()
	b := newBrowser(t, newApp(t))
	dir := t.TempDir()
	good, text := textbookFile(t, dir)
	bad := filepath.Join(dir, "bad.jsonl")
	lines := bytes.SplitAfter(text, []byte("\n"))
	damaged := append(bytes.Join(lines[:6], nil), "not json\n"...)
	damaged = append(damaged, bytes.Join(lines[6:], nil)...)
	if err := os.WriteFile(bad, damaged, 0o644); err != nil {
		t.Fatal(err)
	}
	b.do("narrowing the window", chromedp.EmulateViewport(500, 700))
	b.open("/")
	b.do("choosing the damaged file", chromedp.SetUploadFiles(chromedp.ID("trace-file"), []string{bad}))
	b.do("waiting for the upload error", chromedp.WaitVisible(chromedp.CSS(`[data-testid=upload-error]`)))
	if msg := b.text(`[data-testid=upload-error]`); !strings.Contains(msg, "bad.jsonl") || !strings.Contains(msg, "line 7") {
		t.Errorf("the upload error %q does not name the file and line 7", msg)
	}
	get(b, "waiting for the error to be in view and focused", chromedp.Poll[bool](inView("upload-error"), chromedp.WithPollingTimeout(waitFor)))
	near := get(b, "measuring the error's place", chromedp.Evaluate[bool](`(() => {
		const f = document.getElementById("trace-file").getBoundingClientRect();
		const e = document.getElementById("upload-error").getBoundingClientRect();
		return Math.abs(e.top - f.bottom) < 200;
	})()`))
	if !near {
		t.Errorf("the upload error is not beside the file control")
	}
	b.screenshot("upload-error-in-view.png")
	// The good file opens after the error.
	b.do("choosing the good file", chromedp.SetUploadFiles(chromedp.ID("trace-file"), []string{good}))
	b.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS("#tree svg")))
}

// TestBrowserUploadProgress checks that a slow upload shows its progress
// in percent, then that the trace is being opened, then the viewer; and
// that a file cut short opens with a notice of where it ends.
func TestBrowserUploadProgress(t *testing.T) {
	t.Parallel()
	b := newBrowser(t, newSlowApp(t))
	dir := t.TempDir()
	// About 6 MiB: a root and 100 children, each line padded with a
	// member readers skip, cut in the middle of the last.
	var buf bytes.Buffer
	buf.WriteString(`{"format":"searchviz-trace","version":1,"game":"tree","position":"[[1,2]]","algorithm":"alphabeta","params":{},"seed":0,"program":"test","time":"2026-01-01T00:00:00Z"}` + "\n")
	buf.WriteString(`{"step":0,"kind":"node","node":0,"parent":-1,"action":-1,"label":"","depth":0,"node_kind":"max"}` + "\n")
	pad := strings.Repeat("p", 60<<10)
	for i := range 100 {
		fmt.Fprintf(&buf, `{"step":%d,"kind":"node","node":%d,"parent":0,"action":%d,"label":"c%d","depth":1,"node_kind":"min","pad":"%s"}`+"\n", i+1, i+1, i, i, pad)
	}
	cut := buf.Bytes()[:buf.Len()-1000]
	big := filepath.Join(dir, "big.jsonl")
	if err := os.WriteFile(big, cut, 0o644); err != nil {
		t.Fatal(err)
	}
	b.open("/")
	b.do("choosing the big file", chromedp.SetUploadFiles(chromedp.ID("trace-file"), []string{big}))
	seen := map[string]bool{}
	deadline := time.Now().Add(30 * time.Second)
	for !seen["viewer"] && time.Now().Before(deadline) {
		s, ok := b.evaluateThrough("reading the upload's status", `(() => {
			if (document.getElementById("viewer")) return "viewer";
			const err = document.getElementById("upload-error");
			if (err && !err.hidden) return "error: " + err.textContent;
			const p = document.getElementById("upload-progress"), s = document.getElementById("upload-status");
			return p && !p.hidden ? s.textContent : "";
		})()`)
		switch {
		case !ok: // the page is going to the viewer
		case s == "viewer":
			seen["viewer"] = true
		case strings.HasPrefix(s, "error: "):
			t.Fatalf("the upload failed: %s", s)
		case strings.HasSuffix(s, "%") && !strings.HasSuffix(s, " 0%") && !strings.HasSuffix(s, "100%"):
			seen["percent"] = true
		case s == "Opening the trace…":
			seen["opening"] = true
		}
		time.Sleep(20 * time.Millisecond)
	}
	for _, want := range []string{"percent", "opening", "viewer"} {
		if !seen[want] {
			t.Errorf("the upload never showed its %s (saw %v)", want, seen)
		}
	}
	if !seen["viewer"] {
		return
	}
	b.do("waiting for the notes", chromedp.WaitVisible(chromedp.CSS(".notice")))
	notes := b.text("main#viewer")
	if want := "The file ends after step 99: line 102 is cut short"; !strings.Contains(notes, want) {
		t.Errorf("the viewer does not say %q", want)
	}
}

// TestBrowserNegativeSeed checks that the form refuses a negative seed
// beside the field, before sending it.
func TestBrowserNegativeSeed(t *testing.T) {
	t.Parallel()
	b := newBrowser(t, newApp(t))
	b.open("/new")
	b.typeInto("seed", "-3")
	b.click(`[data-testid=run]`)
	b.do("waiting for the seed's error", chromedp.WaitVisible(chromedp.ID("seed-error")))
	if msg := b.text("#seed-error"); !strings.Contains(msg, "0 or more") || !strings.Contains(msg, "-3") {
		t.Errorf("the seed's error says %q", msg)
	}
	if loc := get(b, "reading the location", chromedp.Location()); !strings.HasSuffix(loc, "/new") {
		t.Errorf("the form was sent with a negative seed: the page is %s", loc)
	}
	if focused := get(b, "reading the focus", chromedp.Evaluate[string](`document.activeElement.id`)); focused != "seed" {
		t.Errorf("the focus is on %q, want the seed", focused)
	}
	b.do("mending the seed",
		chromedp.SetValue(chromedp.ID("seed"), ""),
		chromedp.SendKeys(chromedp.ID("seed"), "3"),
	)
	if shown := get(b, "reading the seed's error", chromedp.Evaluate[bool](`!document.getElementById("seed-error").hidden`)); shown {
		t.Errorf("the seed's error stays after the seed is mended")
	}
}

// TestBrowserDeleteSaved checks that a saved trace is deleted from the
// start page after a confirmation, and a gallery example cannot be.
func TestBrowserDeleteSaved(t *testing.T) {
	t.Parallel()
	app := newApp(t)
	b := newBrowser(t, app)
	path, _ := textbookFile(t, t.TempDir())
	b.open("/")
	b.do("choosing the trace file", chromedp.SetUploadFiles(chromedp.ID("trace-file"), []string{path}))
	b.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS("#tree svg")))
	id := b.traceID()
	b.open("/example/rn-minimax")
	b.do("waiting for the example", chromedp.WaitVisible(chromedp.CSS("#tree svg")))
	b.open("/")
	rows := get(b, "counting the rows", chromedp.Evaluate[int](`document.querySelectorAll("[data-testid=saved-trace]").length`))
	buttons := get(b, "counting the delete buttons", chromedp.Evaluate[int](`document.querySelectorAll("[data-testid=delete-trace]").length`))
	if rows != 2 || buttons != 1 {
		t.Fatalf("%d saved traces with %d delete buttons, want 2 with 1: the example has none", rows, buttons)
	}
	if src := b.text(fmt.Sprintf(`tr[data-trace="%s"] [data-testid=saved-source]`, id)); src != "upload: textbook.jsonl" {
		t.Errorf("the uploaded trace's source reads %q", src)
	}
	b.do("answering the confirmation", chromedp.Evaluate[chromedp.Void](`window.asked = ""; window.confirm = (m) => { window.asked = m; return true; }`))
	b.click(fmt.Sprintf(`tr[data-trace="%s"] [data-testid=delete-trace]`, id))
	get(b, "waiting for the row to go", chromedp.Poll[bool](fmt.Sprintf(`!document.querySelector('tr[data-trace="%s"]')`, id), chromedp.WithPollingTimeout(waitFor)))
	if asked := get(b, "reading the question", chromedp.Evaluate[string](`window.asked`)); !strings.Contains(asked, "Delete") {
		t.Errorf("no confirmation was asked: %q", asked)
	}
	if code, _ := web.HTTPGet(t, app.URL+"/t/"+id); code != http.StatusNotFound {
		t.Errorf("the deleted trace's page: status %d, want 404", code)
	}
}
