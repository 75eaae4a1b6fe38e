package main

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/internal/testenv"
)

// TestReadme checks that the README, with its lines joined, describes
// every game of the catalog in its Games section and states viz run's
// trace node cap as the command has it.
func TestReadme(t *testing.T) {
	testenv.SkipUnderRace(t, "reads the README")
	t.Parallel()
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := strings.Join(strings.Fields(string(data)), " ")
	_, games, ok := strings.Cut(readme, "## Games ")
	games, _, _ = strings.Cut(games, " ## ")
	if !ok {
		t.Fatal("the README has no Games section")
	}
	type check struct{ name, section, in, want string }
	tests := []check{
		{"trace nodes", "Commands", readme, "up to `--trace-nodes` nodes (" + commas(defaultTraceNodes) + " by default, " + commas(maxTraceNodes) + " at most)"},
		{"help", "Commands", readme, "`viz COMMAND --help`"},
	}
	for _, g := range catalog.Games() {
		tests = append(tests, check{g.Name, "Games", games, "- `" + g.Name + "`: "})
	}
	for _, tt := range tests {
		t.Run(tt.section+" "+tt.name, func(t *testing.T) {
			t.Parallel()
			if !strings.Contains(tt.in, tt.want) {
				t.Errorf("the README's %s section lacks %q", tt.section, tt.want)
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
