package web

import (
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gorilla/websocket"

	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/web/internal/guard"
)

// TestGuardPagesNeedNoInline checks the templates and scripts for what
// the Content-Security-Policy (guard.Headers) forbids: inline styles and scripts, event handler
// attributes, javascript: URLs and eval. Move such code into
// static/app.css or static/js, or widen the policy and say why.
func TestGuardPagesNeedNoInline(t *testing.T) {
	testenv.SkipUnderRace(t, "reads the templates and scripts")
	t.Parallel()
	forbidden := regexp.MustCompile(`(?i)style=|<style|<script>|<script [^>]*>[^<]|\son[a-z]+=|javascript:|\beval\(|new Function\(|setAttribute\(\s*["']style|\.cssText`)
	var files []string
	// static/handout.js is left out: it is made from static/js, minified,
	// and only ever inlined in a handout file, which no policy governs.
	for _, pattern := range []string{"templates/*.templ", "../static/js/*/*.js", "../static/*.css"} {
		matches, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, matches...)
	}
	if len(files) < 3 {
		t.Fatalf("found only %v; the test looks in the wrong place", files)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(data), "\n") {
			if m := forbidden.FindString(line); m != "" {
				t.Errorf("%s:%d: %q is refused by the Content-Security-Policy: %s", f, i+1, m, strings.TrimSpace(line))
			}
		}
	}
}

// TestSocketsCarrySecurityHeaders opens each kind of the server's
// websockets: the 101 answer carries every security header, as every
// other response does.
func TestSocketsCarrySecurityHeaders(t *testing.T) {
	t.Parallel()
	srv, ts := newTestServer(t)
	loc := runSearch(t, ts.URL, textbookForm)
	srv.liveSearchDone(t, strings.TrimPrefix(loc, "/t/"))
	for _, path := range []string{loc + "/ws", "/play/ws"} {
		t.Run(path, func(t *testing.T) {
			conn, res, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(ts.URL, "http")+path, http.Header{"Origin": {ts.URL}})
			if err != nil {
				t.Fatalf("dial: %v", err)
			}
			defer conn.Close()
			for _, kv := range guard.Headers() {
				if got := res.Header.Get(kv[0]); got != kv[1] {
					t.Errorf("the 101 answer's %s is %q, want %q", kv[0], got, kv[1])
				}
			}
		})
	}
}
