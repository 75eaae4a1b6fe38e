package web_test

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/searchviz/searchviz/web"
)

// stalledLayouter never finishes a drawing, like Graphviz on a tree far
// too big for it.
type stalledLayouter struct{}

func (stalledLayouter) SVG(ctx context.Context, dot []byte) ([]byte, error) {
	<-ctx.Done()
	return nil, ctx.Err()
}

// viewerStepJS reads the step the viewer shows, its lit pseudocode line
// and its newest log line.
const viewerStepJS = `(() => {
	const v = document.getElementById("viewer");
	const lit = document.querySelector("#code li.lit");
	const log = document.querySelectorAll("#log li");
	return [(v && v.dataset.shownStep) || "", lit ? lit.id : "", log.length ? log[log.length - 1].textContent : ""];
})()`

func TestBrowserTreeTooBigToDraw(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	srv, err := web.New(ctx, web.Config{DataDir: t.TempDir(), Layouter: stalledLayouter{}, LayoutTimeout: 500 * time.Millisecond})
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	app := httptest.NewServer(srv)
	t.Cleanup(func() {
		cancel()
		app.Close()
	})
	b := newBrowser(t, app)
	b.open("/example/rn-alphabeta")
	b.do("waiting for the drawing to fail", chromedp.WaitVisible(chromedp.CSS(`[data-testid=layout-error]`)))
	if msg := b.text(`[data-testid=layout-error]`); !strings.Contains(msg, "too big to lay out in 500ms") || !strings.Contains(msg, "still follow every step") {
		t.Errorf("the tree panel says %q, want why there is no drawing and what still works", msg)
	}
	var seen [][]string
	for k := 1; k <= 4; k++ {
		b.do("pressing →", chromedp.KeyEvent(kb.ArrowRight))
		want := []string{"", "", ""}
		want[0] = string(rune('0' + k))
		deadline := time.Now().Add(waitFor)
		for {
			got := get(b, "reading the step", chromedp.Evaluate[[]string](viewerStepJS))
			if got[0] == want[0] {
				seen = append(seen, got)
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("after → %d times the viewer shows step %q", k, got[0])
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	for _, s := range seen {
		if s[1] == "" || s[2] == "" {
			t.Errorf("step %s without a drawing: lit line %q, log %q; want both", s[0], s[1], s[2])
		}
	}
	b.screenshot("viewer-undrawn.png")
}
