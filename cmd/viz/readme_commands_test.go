package main

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/internal/testenv"
)

// TestReadmeCommands checks every viz command line the README and
// docs/cli.md write in backquotes against viz itself: the command exists
// (viz help COMMAND answers), and each --flag the line gives is one of the
// command's flags, as its help lists them.
func TestReadmeCommands(t *testing.T) {
	testenv.SkipUnderRace(t, "reads the README")
	t.Parallel()
	line := regexp.MustCompile("`viz ([a-z]+)((?: [^`]*)?)`")
	flagName := regexp.MustCompile(`--[a-z][a-z-]*`)
	checked := 0
	for _, file := range []string{"README.md", "docs/cli.md"} {
		data, err := os.ReadFile("../../" + file)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range line.FindAllStringSubmatch(string(data), -1) {
			command, rest := m[1], m[2]
			code, stdout, stderr := runViz(t, "help", command)
			if code != 0 {
				t.Errorf("%s writes `viz %s%s`, but viz help %s fails: %s", file, command, rest, command, stderr)
				continue
			}
			help := stdout + stderr
			for _, f := range flagName.FindAllString(rest, -1) {
				if !strings.Contains(help, f+" ") && !strings.Contains(help, f+"\n") && !strings.Contains(help, f+"=") && !strings.Contains(help, f+"]") {
					t.Errorf("%s writes `viz %s%s`, but viz %s has no %s", file, command, rest, command, f)
				}
			}
			checked++
		}
	}
	if checked < 10 {
		t.Errorf("checked %d command lines, want the 10 or more the README and docs/cli.md write", checked)
	}
}
