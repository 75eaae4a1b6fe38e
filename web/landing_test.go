package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/catalog"
)

// TestOldFormLinksFindTheForm checks that a link made when the form was
// on the start page, "/?game=tree&position=...", opens the form's page
// with the same fields, and that the start page itself stays put.
func TestOldFormLinksFindTheForm(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	for _, tt := range []struct {
		query, want string // want "" for the start page itself
	}{
		{"", ""},
		{"?game=tree&position=%5B1%2C2%5D", "/new?game=tree&position=%5B1%2C2%5D"},
		{"?algo=minimax", "/new?algo=minimax"},
		{"?seed=3", "/new?seed=3"},
		{"?room=K7QX2M", ""},
	} {
		res, err := noRedirect.Get(ts.URL + "/" + tt.query)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		switch {
		case tt.want == "" && res.StatusCode != http.StatusOK:
			t.Errorf("GET /%s: status %d, want the start page", tt.query, res.StatusCode)
		case tt.want != "" && (res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != tt.want):
			t.Errorf("GET /%s: status %d to %q, want 303 to %q", tt.query, res.StatusCode, res.Header.Get("Location"), tt.want)
		}
	}
	_, page := get(t, ts.URL+"/new?game=tree&position="+url.QueryEscape("[1,2]"))
	if !strings.Contains(page, `value="[1,2]"`) || !strings.Contains(page, `value="tree" selected`) {
		t.Error("the form's page does not hold the tree the link gave")
	}
}

// TestThumbs checks the pictures of positions against what their texts
// say: a tic-tac-toe board's marks where the text puts them, and a typed
// tree's nodes and leaves as many as its lists have.
func TestThumbs(t *testing.T) {
	t.Parallel()
	type mark struct {
		row, col int
		mark     string
	}
	for _, tt := range []struct {
		name          string
		req           catalog.Request
		marks         []mark // for a board: its pieces, by row and column
		nodes, leaves int    // for a tree
	}{
		{"tic-tac-toe", catalog.Request{Game: "tictactoe", Position: "x.o/.x./..o"}, []mark{{0, 0, "x"}, {0, 2, "o"}, {1, 1, "x"}, {2, 2, "o"}}, 0, 0},
		{"an empty board", catalog.Request{Game: "tictactoe"}, nil, 0, 0},
		// Russell & Norvig's Fig. 5.2: a root, three MIN nodes, nine leaves.
		{"the textbook tree", catalog.Request{Game: "tree", Position: "[[3,12,8],[2,4,6],[14,5,2]]"}, nil, 13, 9},
		{"a lopsided tree", catalog.Request{Game: "tree", Position: "[1,[2,[3,4]]]"}, nil, 7, 4},
		// A chance tree draws as MAX over two coin tosses.
		{"a chance tree", catalog.Request{Game: "chancetree", Position: "[{0.5:3,0.5:12},{0.5:2,0.5:20}]"}, nil, 7, 4},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			th, err := thumbOf(tt.req)
			if err != nil {
				t.Fatal(err)
			}
			if tt.nodes > 0 {
				leaves := 0
				for _, n := range th.Nodes {
					if n.Kind == "leaf" {
						leaves++
					}
					if n.X < 0 || n.X > th.W || n.Y < 0 || n.Y > th.H {
						t.Errorf("node at (%g, %g) outside the %gx%g picture", n.X, n.Y, th.W, th.H)
					}
				}
				if !th.Tree || len(th.Nodes) != tt.nodes || len(th.Edges) != tt.nodes-1 || leaves != tt.leaves {
					t.Errorf("a tree of %d nodes, %d edges, %d leaves; want %d, %d, %d", len(th.Nodes), len(th.Edges), leaves, tt.nodes, tt.nodes-1, tt.leaves)
				}
				return
			}
			var got []mark
			for _, c := range th.Cells {
				got = append(got, mark{int(c.Y / th.Cell), int(c.X / th.Cell), c.Mark})
			}
			if th.Tree || th.W != 3*th.Cell || th.H != 3*th.Cell || len(got) != len(tt.marks) {
				t.Fatalf("a board %gx%g of cell %g with pieces %v; want 3x3 cells with %v", th.W, th.H, th.Cell, got, tt.marks)
			}
			for i := range got {
				if got[i] != tt.marks[i] {
					t.Errorf("piece %d is %v, want %v", i, got[i], tt.marks[i])
				}
			}
		})
	}
}

// TestLandingWeight checks that the start page, its pictures drawn in it,
// stays light enough to open at once on a classroom's network: its HTML
// under maxLanding bytes, about what a small photograph weighs.
func TestLandingWeight(t *testing.T) {
	t.Parallel()
	const maxLanding = 100 << 10
	_, ts := newTestServer(t)
	code, body := get(t, ts.URL+"/")
	if code != http.StatusOK || len(body) > maxLanding {
		t.Errorf("the start page: status %d, %d bytes; want 200 and at most %d", code, len(body), maxLanding)
	}
	if n, cards := strings.Count(body, `<svg class="thumb`), strings.Count(body, `data-testid="example"`); n != cards || cards == 0 {
		t.Errorf("the start page draws %d pictures for %d cards, want one each", n, cards)
	}
}
