package main

import (
	"strings"
	"testing"

	"github.com/searchviz/searchviz/internal/testenv"
)

// TestHelp checks that -h and --help, after viz or a command, and viz help
// write the help to standard output and exit 0: viz's lists each command
// on one line, a command's each flag with its meaning and its default.
func TestHelp(t *testing.T) {
	testenv.SkipUnderRace(t, "prints help")
	t.Parallel()
	commandLines := []string{
		"\n  serve    serve the web app on localhost (the default command)\n",
		"\n  replay   serve the web app and print the address of a trace file's page\n",
		"\n  list     show every game and algorithm with its parameters\n",
		"\n  run      search a position, print the decision and record the search's trace\n",
		"\n  render   draw a trace's search tree as it stood at a step, as SVG or DOT\n",
		"\n  convert  write a trace in another version of the format, or check it with --validate\n",
		"\n  live     show another program's search in the web app as it runs\n",
		"\n  help     show this text, or a command's flags\n",
		`"viz COMMAND --help" (or "viz help COMMAND") shows the command's flags`,
	}
	runHelp := []string{
		"Usage: viz run --game SPEC --algo SPEC [--position P] [--seed N] [--out FILE] [--trace-nodes N] [--boards]\n",
		"\n  --game spec\n      the game's spec, e.g. tictactoe or 'maze h=7 w=7' (see viz list)\n",
		"\n  --seed seed\n      random seed of generated boards and of the algorithm's playouts; an algorithm's seed= may not say otherwise (default 0)\n",
		"\n  --trace-nodes nodes\n      record at most this many nodes of the search in the trace, up to 2000000 (default 1000000)\n",
		"\n  --boards\n      write each node's position in the trace",
	}
	renderHelp := []string{
		"Usage: viz render [--step N|last] [--format svg|dot] [--layout auto|dot|tidy]",
		"\n  --step step\n      the step to draw: a number from 0, or last (default last)\n",
		"\n  --layout layout\n      what lays out an SVG (the layout): dot for Graphviz's, tidy for the tidy-tree layout (linear time, for big trees), or auto: dot up to 1000 nodes, tidy above (default auto)\n",
		"\n  --memory MiB\n      the most memory, in MiB, the folded trace may take: what does not fit goes to a temporary file; 0 for no bound (default 512)\n",
		"\n  --boards\n      draw positions inside the nodes when the trace has them and its game is in the catalog (default true)\n",
	}
	tests := []struct {
		args  []string
		wants []string
	}{
		{[]string{"help"}, commandLines},
		{[]string{"--help"}, commandLines},
		{[]string{"-h"}, commandLines},
		{[]string{"help", "help"}, commandLines},
		{[]string{"run", "--help"}, runHelp},
		{[]string{"run", "-h"}, runHelp},
		{[]string{"run", "--game", "tictactoe", "-help"}, runHelp},
		{[]string{"help", "run"}, runHelp},
		{[]string{"render", "--help"}, renderHelp},
		{[]string{"help", "render"}, renderHelp},
		{[]string{"serve", "--help"}, []string{"Usage: viz serve [--addr HOST:PORT]", "\n  --addr host:port\n      the address to listen on, host:port (default 127.0.0.1:8080)\n", "\n  --v\n      log every request (default false)\n"}},
		{[]string{"--addr", "127.0.0.1:0", "--help"}, []string{"Usage: viz serve [--addr HOST:PORT]"}},
		{[]string{"replay", "-h"}, []string{"Usage: viz replay [--addr HOST:PORT] [--allow-host NAME] [--data DIR] [--nats URL] [-v] TRACE\n", "\n  --allow-host name\n      a further host name pages may use"}},
		{[]string{"list", "--help"}, []string{"Usage: viz list\n\nShow every game and algorithm with its parameters.\n\nlist takes no flags.\n"}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			t.Parallel()
			code, stdout, stderr := runViz(t, tt.args...)
			if code != 0 || stderr != "" {
				t.Errorf("exit %d, stderr %q; want 0 and nothing", code, stderr)
			}
			for _, want := range tt.wants {
				if !strings.Contains(stdout, want) {
					t.Errorf("the help lacks %q:\n%s", want, stdout)
				}
			}
		})
	}
}
