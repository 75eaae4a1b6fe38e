// Package docs_test checks that the documents under docs/ stay true to
// the code they describe.
package docs_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/searchviz/searchviz"

// TestArchitectureTableMatchesImports reads the package table of
// architecture.md and checks it against the code: every package of the
// module has a row, no row names a package that is gone, and each row
// lists exactly the module's packages that its non-test files import.
func TestArchitectureTableMatchesImports(t *testing.T) {
	t.Parallel()
	doc, err := os.ReadFile("architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	documented := packageTable(t, string(doc))
	actual := moduleImports(t, "..")
	if len(actual) < 10 {
		t.Fatalf("found %d packages in the module: the walk looks in the wrong place", len(actual))
	}
	for _, pkg := range slices.Sorted(maps.Keys(actual)) {
		want, ok := documented[pkg]
		if !ok {
			t.Errorf("package %s has no row in architecture.md's package table", pkg)
			continue
		}
		if got := actual[pkg]; !slices.Equal(got, want) {
			t.Errorf("architecture.md says %s imports %q; its code imports %q", pkg, want, got)
		}
	}
	for pkg := range documented {
		if _, ok := actual[pkg]; !ok {
			t.Errorf("architecture.md has a row for %s, which is not a package of the module", pkg)
		}
	}
}

// packageTable reads the rows of the table under "## Packages": the
// package's path in backquotes in the first cell, the module packages it
// imports in backquotes in the last.
func packageTable(t *testing.T, doc string) map[string][]string {
	t.Helper()
	_, section, ok := strings.Cut(doc, "\n## Packages\n")
	if !ok {
		t.Fatal(`architecture.md has no "## Packages" section`)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	table := map[string][]string{}
	for line := range strings.Lines(section) {
		cells := strings.Split(strings.TrimSpace(line), "|")
		if len(cells) < 4 || !strings.HasPrefix(strings.TrimSpace(cells[1]), "`") {
			continue
		}
		names := quoted(cells[1])
		if len(names) != 1 {
			t.Fatalf("a row's first cell names %d packages, not one: %s", len(names), line)
		}
		if _, dup := table[names[0]]; dup {
			t.Errorf("architecture.md has two rows for %s", names[0])
		}
		imports := quoted(cells[len(cells)-2])
		slices.Sort(imports)
		table[names[0]] = imports
	}
	return table
}

// quoted returns the texts in backquotes in cell.
func quoted(cell string) []string {
	var out []string
	parts := strings.Split(cell, "`")
	for i := 1; i < len(parts); i += 2 {
		out = append(out, parts[i])
	}
	return out
}

// moduleImports maps each package of the module under root (a path
// relative to the module, "." for the root) to the module packages its
// non-test files import, sorted.
func moduleImports(t *testing.T, root string) map[string][]string {
	t.Helper()
	imports := map[string]map[string]bool{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil && path != root {
				return filepath.SkipDir // a module of its own, which ./... leaves out
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		dir, err := filepath.Rel(root, filepath.Dir(path))
		if err != nil {
			return err
		}
		pkg := filepath.ToSlash(dir)
		if imports[pkg] == nil {
			imports[pkg] = map[string]bool{}
		}
		for _, imp := range f.Imports {
			p, err := strconv.Unquote(imp.Path.Value)
			if err != nil {
				return err
			}
			if rest, ok := strings.CutPrefix(p, module+"/"); ok {
				imports[pkg][rest] = true
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for pkg, set := range imports {
		out[pkg] = slices.Sorted(maps.Keys(set))
	}
	return out
}
