package catalog_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/catalog"
)

// nameSites are the files and folders, from the repository's root, where
// a game's or an algorithm's name may be written as a string: where it is
// declared. A folder ends in a slash.
var nameSites = map[string]string{
	"games/":                "each game's package declares the name its texts and messages carry",
	"catalog/games.go":      "the registry of games: names, defaults and engines",
	"catalog/algorithms.go": "the registry of algorithms",
	"docs/":                 "the programs that repeat the references' experiments: an experiment names the game and engines it measures, as the reference's table does",
}

// nameLeftovers are the files outside the declaration sites that still
// write names, each with why; the list is to shrink, never to grow.
var nameLeftovers = map[string]string{
	"web/exercise.go":               "each exercise is about one algorithm on a typed tree, content like the examples",
	"exercise/exercise.go":          "the exercise kinds are named after the algorithm they practise, a name of their own",
	"trace/internal/event/event.go": "the event kind beam, which is Beam's step and not its name",
	"web/templates/play_templ.go":   "the play form's help shows specs to type, as the docs do",
	"web/templates/arena_templ.go":  "the arena form's help shows a spec to type, as the docs do",
}

// TestNamesOnlyWhereDeclared fails when a registered game's or
// algorithm's name, or a spec starting with one, or a game's evaluation
// kind (Game.Evals) alone or as a spec's value (eval=typeA), is written as
// a string literal in a non-test Go file outside the registry, the game
// packages and, for an algorithm, its own Entry's Name in search:
// anywhere else a name is knowledge about a game or algorithm that the
// registry does not hold, which a new game or algorithm would have to be
// added to.
func TestNamesOnlyWhereDeclared(t *testing.T) {
	t.Parallel()
	names, evals := map[string]bool{}, map[string]bool{}
	for _, g := range catalog.Games() {
		names[g.Name] = true
		for _, e := range g.Evals {
			evals[e] = true
		}
	}
	if len(evals) == 0 {
		t.Fatal("no game declares an evaluation kind; the dice game declares the paper's")
	}
	for _, a := range catalog.Algorithms() {
		names[a.Name] = true
	}
	root := ".."
	leftoverNames := map[string]int{} // by file of nameLeftovers, the names it writes
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || declared(rel+"/")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") || declared(rel) {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		entryNames := map[*ast.BasicLit]bool{}
		if strings.HasPrefix(rel, "search/") {
			entryNames = nameFields(f)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING || entryNames[lit] {
				return true
			}
			name, ok := namedIn(lit, names, evals)
			switch {
			case !ok:
			case nameLeftovers[rel] != "":
				leftoverNames[rel]++
			default:
				t.Errorf("%s:%d: the name %s written out; have the registry (catalog/games.go, catalog/algorithms.go) or the game or algorithm declare what it stands for",
					rel, fset.Position(lit.Pos()).Line, name)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for rel := range nameLeftovers {
		if leftoverNames[rel] == 0 {
			t.Errorf("nameLeftovers lists %s, which writes no name: take it off the list", rel)
		}
	}
}

// declared reports whether rel, a file or a folder ending in a slash, is
// among nameSites.
func declared(rel string) bool {
	return nameSites[rel] != ""
}

// nameFields returns the string literals written as a Name field, which
// is how each algorithm's file in search declares its name.
func nameFields(f *ast.File) map[*ast.BasicLit]bool {
	out := map[*ast.BasicLit]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		kv, ok := n.(*ast.KeyValueExpr)
		if !ok {
			return true
		}
		if key, ok := kv.Key.(*ast.Ident); ok && key.Name == "Name" {
			if lit, ok := kv.Value.(*ast.BasicLit); ok {
				out[lit] = true
			}
		}
		return true
	})
	return out
}

// namedIn returns the name of names a string literal writes: the whole
// string, or the name of a spec, a name followed by key=value words
// (a trailing "nodes=" to be completed included); or the evaluation kind
// of evals it writes, the whole string or a word's value (eval=typeA).
func namedIn(lit *ast.BasicLit, names, evals map[string]bool) (string, bool) {
	s, err := strconv.Unquote(lit.Value)
	if err != nil {
		return "", false
	}
	words := strings.Fields(s)
	for _, w := range words {
		_, v, _ := strings.Cut(w, "=")
		if evals[w] || evals[v] {
			return w, true
		}
	}
	if len(words) == 0 || !names[words[0]] {
		return "", false
	}
	for _, w := range words[1:] {
		if !strings.Contains(w, "=") {
			return "", false
		}
	}
	return words[0], true
}
