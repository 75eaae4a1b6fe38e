package web

import (
	"net/url"
	"strings"
	"testing"
)

// TestCodeFormFollowsView checks that the pseudocode of an algorithm with
// two forms follows the point of view: the page shows the MAX/MIN form in
// MAX's view and the negamax form in the side to move's, with a toggle
// between them; a full frame, such as the one after a switch of view,
// sends the lines of the view's form, and every frame lights a line of
// that form. An algorithm with one form has no toggle and no lines in its
// frames.
func TestCodeFormFollowsView(t *testing.T) {
	t.Parallel()
	base, loc := textbook(t)
	_, page := get(t, base+loc)
	if code := codeList(page); !strings.Contains(code, "function ALPHA-BETA-SEARCH(state)") || strings.Contains(code, "function ALPHABETA(") {
		t.Errorf("the viewer in MAX's view does not show the MAX/MIN form")
	}
	if !strings.Contains(page, `data-testid="code-form"`) || !strings.Contains(page, "negamax form") {
		t.Errorf("the viewer has no toggle between the forms")
	}
	_, page = get(t, base+loc+"?view=side")
	if code := codeList(page); !strings.Contains(code, "function ALPHABETA(node, depth, α, β)") || strings.Contains(code, "MAX-VALUE") {
		t.Errorf("the viewer in the side to move's view does not show the negamax form")
	}

	// lit returns the text of the line f lights in lines.
	lit := func(f wireFrame, lines []string) string {
		t.Helper()
		if f.Line < 1 || f.Line > len(lines) {
			t.Fatalf("step %d lights line %d of %d", f.Step, f.Line, len(lines))
		}
		return strings.TrimSpace(lines[f.Line-1])
	}
	p := dial(t, base, loc+"/ws")
	f := p.read()
	if !f.Full || f.View != "root" || len(f.Code) == 0 || !strings.HasPrefix(f.Code[0], "function ALPHA-BETA-SEARCH") {
		t.Fatalf("the first frame: full %v, view %q, code %q; want a full frame with the MAX/MIN form", f.Full, f.View, f.Code)
	}
	maxMin := f.Code
	p.send(`{"type":"seek","step":6}`) // "Play b1 from a1"
	f = p.read()
	if f.Full || f.Code != nil {
		t.Errorf("a step's frame: full %v, code %q; want only what changed", f.Full, f.Code)
	}
	if got, want := lit(f, maxMin), "v ← MIN(v, MAX-VALUE(RESULT(state, a), α, β, depth − 1))"; got != want {
		t.Errorf("at step 6 the MAX/MIN form lights %q, want %q", got, want)
	}
	p.send(`{"type":"view","view":"side"}`)
	f = p.read()
	if !f.Full || f.View != "side" || len(f.Code) == 0 || !strings.HasPrefix(f.Code[0], "function ALPHABETA(") {
		t.Fatalf("the frame after switching to the side view: full %v, view %q, code %q; want the negamax form", f.Full, f.View, f.Code)
	}
	if got, want := lit(f, f.Code), "value ← max(value, −ALPHABETA(child, depth − 1, −β, −α))"; got != want {
		t.Errorf("at step 6 the negamax form lights %q, want %q", got, want)
	}

	_, ts := newTestServer(t)
	loc = runSearch(t, ts.URL, url.Values{"game": {"tree"}, "algo": {"negamax"}, "position": {"[[3,12,8],[2,4,6],[14,5,2]]"}})
	if _, page := get(t, ts.URL+loc); strings.Contains(page, `data-testid="code-form"`) || !strings.Contains(page, "function NEGAMAX(") {
		t.Errorf("NegaMax's viewer has a toggle between forms or not its negamax form")
	}
	p = dial(t, ts.URL, loc+"/ws")
	if f := p.read(); f.Code != nil || f.Line == 0 {
		t.Errorf("NegaMax's first frame sends code %q and lights line %d; want no lines and one lit", f.Code, f.Line)
	}
}

// codeList returns the pseudocode's list of a viewer's page, "" if it has
// none.
func codeList(page string) string {
	_, list, _ := strings.Cut(page, `id="code"`)
	list, _, _ = strings.Cut(list, "</ol>")
	return list
}
