package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/render"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/web"
)

// TestReadme checks that the README and the documents it leads to
// (docs/cli.md, guide.md, limits.md and games.md), with their lines
// joined, describe every game of the catalog in docs/games.md and state
// the limits they name as the code has them: viz run's trace node cap, the fold's
// bytes a node and nodes, the node budget, the form's game depths, the
// play page's and the handouts' caps, and a label's length in a drawing.
func TestReadme(t *testing.T) {
	testenv.SkipUnderRace(t, "reads the README")
	t.Parallel()
	var all []byte
	for _, file := range []string{"README.md", "docs/cli.md", "docs/guide.md", "docs/limits.md", "docs/games.md"} {
		data, err := os.ReadFile("../../" + file)
		if err != nil {
			t.Fatal(err)
		}
		all = append(append(all, data...), '\n')
	}
	readme := strings.Join(strings.Fields(string(all)), " ")
	b := trace.NewBuilder()
	b.LimitMemory(web.MaxFoldBytes, "")
	foldNodes := b.MaxNodes()
	depth := func(game string) int {
		g, err := catalog.LookupGame(game)
		if err != nil {
			t.Fatal(err)
		}
		return g.Depth
	}
	gamesDoc, err := os.ReadFile("../../docs/games.md")
	if err != nil {
		t.Fatal(err)
	}
	games := strings.Join(strings.Fields(string(gamesDoc)), " ")
	type check struct{ name, section, in, want string }
	tests := []check{
		{"trace nodes", "Commands", readme, "up to `--trace-nodes` nodes (" + commas(defaultTraceNodes) + " by default, " + commas(maxTraceNodes) + " at most)"},
		{"help", "Commands", readme, "`viz COMMAND --help`"},
		{"bytes a node", "Commands", readme, fmt.Sprintf("(at %d bytes a node)", trace.BytesPerNode)},
		{"fold nodes", "Limits", readme, fmt.Sprintf("at most about %.1f million nodes (%d bytes each in half of it)", float64(foldNodes)/1e6, trace.BytesPerNode)},
		{"fold refusal", "Limits", readme, fmt.Sprintf("more than %d nodes, the most a memory budget of %d MiB holds", foldNodes, web.MaxFoldBytes>>20)},
		{"node budget", "Commands", readme, "(`nodes=`, " + commas(search.DefaultMaxNodes) + " by default)"},
		{"game depths", "Commands", readme, fmt.Sprintf("%d for Othello and Connect Four, %d for the twin maze taking turns", depth("othello"), depth("twinmaze-turns"))},
		{"play games", "Web app", readme, fmt.Sprintf("At most %d games are played at once (`MaxPlayGames`)", web.MaxPlayGames)},
		{"play idle", "Web app", readme, fmt.Sprintf("after %d minutes of silence (`PlayIdle`)", int(web.PlayIdle.Minutes()))},
		{"handouts at once", "Limits", readme, fmt.Sprintf("| %d (`MaxHandouts`) | 429: \"The server is making %d handouts already,", web.MaxHandouts, web.MaxHandouts)},
		{"handout bytes", "Limits", readme, fmt.Sprintf("%d MiB of drawings and words before compression (`MaxHandoutBytes`)", web.MaxHandoutBytes>>20)},
		{"label in a drawing", "Limits", readme, fmt.Sprintf("%d characters (`render.MaxLabelRunes`) | its first %d characters and \"…\"", render.MaxLabelRunes, render.MaxLabelRunes-1)},
	}
	if depth("connectfour") != depth("othello") {
		t.Errorf("the documentation gives Othello and Connect Four one depth, the catalog %d and %d", depth("othello"), depth("connectfour"))
	}
	for _, g := range catalog.Games() {
		tests = append(tests, check{g.Name, "Games", games, "- `" + g.Name + "`: "})
	}
	for _, tt := range tests {
		t.Run(tt.section+" "+tt.name, func(t *testing.T) {
			t.Parallel()
			if !strings.Contains(tt.in, tt.want) {
				t.Errorf("the documentation's %s section lacks %q", tt.section, tt.want)
			}
		})
	}
}

// commas writes n with a comma between each group of three digits.
func commas(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
