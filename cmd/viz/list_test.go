package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/spec"
)

// TestListValuesParse checks that every default, minimum and maximum that
// viz list prints, for every parameter of every game and algorithm, can be
// copied into a spec: "NAME PARAM=VALUE" parses and resolves against the
// catalog's parameters to exactly the declared value.
func TestListValuesParse(t *testing.T) {
	testenv.SkipUnderRace(t, "lists the catalog")
	t.Parallel()
	code, stdout, stderr := runViz(t, "list")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	declared := map[string][]spec.Param{} // by "game NAME" or "algorithm NAME"
	for _, g := range catalog.Games() {
		declared["game "+g.Name] = g.Params
	}
	for _, a := range catalog.Algorithms() {
		declared["algorithm "+a.Name] = a.Params
	}

	seen := map[string]bool{} // "game maze h", ...
	var kind, entry string
	for line := range strings.SplitSeq(stdout, "\n") {
		switch {
		case line == "GAMES":
			kind = "game"
			continue
		case line == "ALGORITHMS":
			kind = "algorithm"
			continue
		case strings.HasPrefix(line, "  ") && len(line) > 2 && line[2] != ' ':
			entry = strings.Fields(line)[0]
			continue
		}
		// A parameter: "  <pad>NAME=<pad>TYPE in MIN..MAX, default DEF: HELP",
		// or for a choice "choice of A|B|C, default DEF: HELP".
		fields := strings.Fields(line)
		if len(fields) == 0 || !strings.HasSuffix(fields[0], "=") {
			continue
		}
		name := strings.TrimSuffix(fields[0], "=")
		params, ok := declared[kind+" "+entry]
		if !ok {
			t.Fatalf("parameter line under unknown %s %q: %q", kind, entry, line)
		}
		i := slices.IndexFunc(params, func(p spec.Param) bool { return p.Name == name })
		if i < 0 {
			t.Errorf("%s %s: viz list shows parameter %q, which is not declared", kind, entry, name)
			continue
		}
		p := params[i]
		seen[kind+" "+entry+" "+name] = true
		limits, _, ok := strings.Cut(strings.Join(fields[1:], " "), ":")
		var typ, lo, hi, def string
		if ok {
			var rng string
			if p.Type == spec.Choice {
				typ, rng, _ = strings.Cut(limits, " of ")
				rng, def, _ = strings.Cut(rng, ", default ")
				choices := strings.Split(rng, "|")
				lo, hi = choices[0], choices[len(choices)-1]
			} else {
				typ, rng, _ = strings.Cut(limits, " in ")
				rng, def, _ = strings.Cut(rng, ", default ")
				lo, hi, ok = strings.Cut(rng, "..")
			}
		}
		if !ok || typ != p.Type.String() {
			t.Errorf("%s %s: cannot read the limits of %q, want %q", kind, entry, line, "TYPE in MIN..MAX, default DEF: HELP")
			continue
		}
		for _, v := range []struct {
			what, text string
			want       float64
		}{{"default", def, p.Default}, {"minimum", lo, p.Min}, {"maximum", hi, p.Max}} {
			text := entry + " " + name + "=" + v.text
			sp, err := spec.Parse(text)
			if err != nil {
				t.Errorf("%s %s: the %s of %s as listed, %q, does not parse: %v", kind, entry, v.what, name, text, err)
				continue
			}
			vals, err := spec.Resolve(sp, params)
			if err != nil {
				t.Errorf("%s %s: the %s of %s as listed, %q, is refused: %v", kind, entry, v.what, name, text, err)
				continue
			}
			if got := vals[name]; got != v.want {
				t.Errorf("%s %s: the %s of %s is listed as %q, which resolves to %v, want %v", kind, entry, v.what, name, v.text, got, v.want)
			}
		}
	}
	for key, params := range declared {
		for _, p := range params {
			if !seen[key+" "+p.Name] {
				t.Errorf("viz list does not show parameter %s of %s", p.Name, key)
			}
		}
	}
}
