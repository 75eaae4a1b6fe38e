package web_test

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/searchviz/searchviz/web"
)

// engineTrace runs an example engine of another language (examples/) and
// returns the path of the trace it writes, skipping the test without its
// tool unless SEARCHVIZ_REQUIRE_TOOLS=1 says it is required.
func engineTrace(t *testing.T, lang, name string, args ...string) string {
	t.Helper()
	tool := map[string]string{"python": "python3", "cpp": "g++"}[lang]
	if _, err := exec.LookPath(tool); err != nil {
		if os.Getenv("SEARCHVIZ_REQUIRE_TOOLS") == "1" {
			t.Fatalf("%s is required (SEARCHVIZ_REQUIRE_TOOLS=1) but not found", tool)
		}
		t.Skipf("%s not found, so the %s engines' traces are not viewed", tool, lang)
	}
	dir := t.TempDir()
	var cmd *exec.Cmd
	switch lang {
	case "python":
		cmd = exec.Command("python3", append([]string{filepath.Join("..", "examples", "python", name+".py")}, args...)...)
		cmd.Env = append(os.Environ(), "PYTHONDONTWRITEBYTECODE=1")
	case "cpp":
		exe := filepath.Join(dir, name)
		if out, err := exec.Command("g++", "-std=c++17", "-O2", "-o", exe, filepath.Join("..", "examples", "cpp", name+".cpp")).CombinedOutput(); err != nil {
			t.Fatalf("compiling %s: %v\n%s", name, err, out)
		}
		cmd = exec.Command(exe, args...)
	}
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %s: %v", lang, name, err)
	}
	path := filepath.Join(dir, lang+"-"+name+".jsonl")
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestBrowserEngineTraces opens the trace each example engine of another
// language writes, as its author would, from the start page: the viewer
// draws the tree, the root and its five moves, steps to the end, and shows the
// engine's decision, the move searchviz's own engines make there (c2, a
// draw, in x.o/.x./..o; c3, x's win, in xx./oo./...); for MCTS the root's
// moves have as many visits in all as the engine ran playouts.
func TestBrowserEngineTraces(t *testing.T) {
	t.Parallel()
	tests := []struct {
		lang, engine string
		args         []string
		decision     string
		visits       int // the root's visits in all, for MCTS
	}{
		{"python", "tictactoe_negamax", []string{"x.o/.x./..o"}, "play c2, value 0", 0},
		{"python", "tictactoe_mcts", []string{"xx./oo./...", "--playouts", "200"}, "play c3,", 200},
		{"cpp", "tictactoe_negamax", []string{"x.o/.x./..o"}, "play c2, value 0", 0},
		{"cpp", "tictactoe_mcts", []string{"xx./oo./...", "--playouts", "200"}, "play c3,", 200},
	}
	for _, tt := range tests {
		t.Run(tt.lang+"/"+tt.engine, func(t *testing.T) {
			t.Parallel()
			path := engineTrace(t, tt.lang, tt.engine, tt.args...)
			b := newBrowser(t, newApp(t))
			b.open("/")
			b.do("choosing the trace file", chromedp.SetUploadFiles(chromedp.ID("trace-file"), []string{path}))
			b.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS("#tree svg")))
			b.waitStep(0)
			b.toLastStep()
			b.settleDrawings()
			if d := b.text(`[data-testid=decision]`); !strings.Contains(d, tt.decision) {
				t.Errorf("the decision says %q, want %q", d, tt.decision)
			}
			// Both positions have five empty cells: the root and its five
			// children are always drawn, at the last step.
			if drawn := get(b, "counting the nodes drawn", chromedp.Evaluate[int](`document.querySelectorAll("#tree svg g.node").length`)); drawn < 6 {
				t.Errorf("the tree draws %d nodes, want the root and its 5 children at least", drawn)
			}
			if tt.visits > 0 {
				total := get(b, "reading the visits", chromedp.Evaluate[int](`[...document.querySelectorAll("#visits-bars .bar-count")].reduce((s, e) => s + parseInt(e.textContent, 10), 0)`))
				if total != tt.visits {
					t.Errorf("the root's moves have %d visits in all, want the engine's %d playouts", total, tt.visits)
				}
			}
			b.screenshot("engine-" + tt.lang + "-" + strings.TrimPrefix(tt.engine, "tictactoe_") + ".png")
		})
	}
}

// TestBrowserEngineLive pipes the Python NegaMax engine, thinking 60 ms
// at each of its 88 nodes, into the server as viz live does, and opens
// the page it answers with: the page says the search is live, its trace
// grows while the engine searches, and when the engine has written its
// decision the page is no longer live and shows the decision, c2.
func TestBrowserEngineLive(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("python3"); err != nil {
		if os.Getenv("SEARCHVIZ_REQUIRE_TOOLS") == "1" {
			t.Fatal("python3 is required (SEARCHVIZ_REQUIRE_TOOLS=1) but not found")
		}
		t.Skip("python3 not found, so no engine to watch")
	}
	app := newApp(t)
	b := newBrowser(t, app) // before the engine starts: a browser takes seconds to start here
	engine := exec.Command("python3", filepath.Join("..", "examples", "python", "tictactoe_negamax.py"), "x.o/.x./..o", "--delay", "0.06")
	engine.Env = append(os.Environ(), "PYTHONDONTWRITEBYTECODE=1")
	stdout, err := engine.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := engine.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { engine.Process.Kill(); engine.Wait() })
	req, err := http.NewRequest(http.MethodPost, app.URL+web.FeedPath, stdout)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", web.FeedContentType)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	answers := json.NewDecoder(res.Body)
	var first web.FeedAnswer
	if err := answers.Decode(&first); err != nil || first.Location == "" {
		t.Fatalf("the feed's first answer %+v, %v; want the page's location", first, err)
	}

	b.open(first.Location)
	b.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS("#tree svg")))
	b.waitStep(0)
	if live := get(b, "reading the live mark", chromedp.Evaluate[bool](`!document.getElementById("live").hidden`)); !live {
		t.Fatal("the page of a running engine's search does not say it is live")
	}
	early := b.lastStep()
	b.screenshot("engine-live-running.png")
	ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("live").hidden`,
		chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Fatalf("the page still says live after 30 s: %v", err)
	}
	if last := b.lastStep(); last != 495 || last <= early {
		t.Errorf("the page had %d steps while the engine searched and %d at the end, want it grown to the engine's 495", early, last)
	}
	b.toLastStep()
	if d := b.text(`[data-testid=decision]`); !strings.Contains(d, "play c2, value 0") {
		t.Errorf("the decision says %q, want play c2, value 0", d)
	}
	b.screenshot("engine-live-done.png")
	var end web.FeedAnswer
	if err := answers.Decode(&end); err != nil || !end.Done || end.Steps != 496 {
		t.Errorf("the feed's last answer %+v, %v; want the search done with 496 steps", end, err)
	}
}
