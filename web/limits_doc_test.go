package web

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/internal/testenv"
)

// TestDocumentedLimitsMatchTheCode reads docs/limits.md's table of limits and,
// for each limit a row names in backquotes that is a constant of a
// package's limits table (web/limits.go, trace/limits.go and those of
// web/internal's packages), checks that the row states the constant's
// value, worked out by type-checking the table: so that the documentation
// cannot go on stating a limit the code no longer has.
func TestDocumentedLimitsMatchTheCode(t *testing.T) {
	testenv.SkipUnderRace(t, "type-checks the limits tables")
	t.Parallel()
	doc, err := os.ReadFile(filepath.Join("..", "docs", "limits.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(doc), "# Limits\n")
	if !ok {
		t.Fatal("docs/limits.md has no Limits heading")
	}
	values := map[string]constant.Value{}
	tables, err := filepath.Glob(filepath.Join("internal", "*", "limits.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range append([]string{"limits.go", filepath.Join("..", "trace", "limits.go")}, tables...) {
		for name, v := range limitsOf(t, file) {
			values[name] = v
		}
	}
	named, checked := regexp.MustCompile("`([A-Za-z]+)`"), 0
	for line := range strings.Lines(section) {
		if !strings.HasPrefix(line, "|") {
			continue
		}
		for cell := range strings.SplitSeq(line, "|") {
			for _, m := range named.FindAllStringSubmatch(cell, -1) {
				v, ok := values[m[1]]
				if !ok {
					continue
				}
				checked++
				if forms := valueForms(v); !statesAny(cell, forms) {
					t.Errorf("docs/limits.md's cell naming %s does not state its value, %s (any of %q): %s", m[1], v, forms, cell)
				}
			}
		}
	}
	if checked < 15 {
		t.Errorf("%d limits named in docs/limits.md's table were checked, want the 15 or more it names", checked)
	}
}

// limitsOf type-checks the Go file at path, a package's limits table,
// and returns the values of its constants by name.
func limitsOf(t *testing.T, path string) map[string]constant.Value {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	conf := types.Config{Importer: newLimitsImporter(fset), Error: func(error) {}}
	pkg, _ := conf.Check(f.Name.Name, fset, []*ast.File{f}, nil)
	out := map[string]constant.Value{}
	for _, name := range pkg.Scope().Names() {
		if c, ok := pkg.Scope().Lookup(name).(*types.Const); ok && c.Val().Kind() != constant.Unknown {
			out[name] = c.Val()
		}
	}
	if len(out) == 0 {
		t.Fatalf("%s declares no constant the test could evaluate", path)
	}
	return out
}

// limitsImporter gives a limits table the packages its constants use:
// time's durations, made here once, so that the tables share one
// time.Duration, and this module's packages from source, of a package with
// a limits table that table alone; any other is empty, as no limit uses
// it, so that the check does not type-check the standard library or the
// packages' dependencies.
type limitsImporter struct {
	fset   *token.FileSet
	time   *types.Package
	source types.Importer
}

// newLimitsImporter returns a limitsImporter of the files of fset.
func newLimitsImporter(fset *token.FileSet) limitsImporter {
	pkg := types.NewPackage("time", "time")
	duration := types.NewNamed(types.NewTypeName(token.NoPos, pkg, "Duration", nil), types.Typ[types.Int64], nil)
	pkg.Scope().Insert(duration.Obj())
	for _, u := range []struct {
		name string
		d    time.Duration
	}{{"Nanosecond", time.Nanosecond}, {"Microsecond", time.Microsecond}, {"Millisecond", time.Millisecond}, {"Second", time.Second}, {"Minute", time.Minute}, {"Hour", time.Hour}} {
		pkg.Scope().Insert(types.NewConst(token.NoPos, pkg, u.name, duration, constant.MakeInt64(int64(u.d))))
	}
	pkg.MarkComplete()
	return limitsImporter{fset: fset, time: pkg, source: importer.ForCompiler(fset, "source", nil)}
}

func (l limitsImporter) Import(path string) (*types.Package, error) {
	switch {
	case path == "time":
		return l.time, nil
	case strings.HasPrefix(path, "github.com/searchviz/searchviz/"):
		table := filepath.Join("..", strings.TrimPrefix(path, "github.com/searchviz/searchviz/"), "limits.go")
		f, err := parser.ParseFile(l.fset, table, nil, 0)
		if err != nil {
			return l.source.Import(path)
		}
		conf := types.Config{Importer: l, Error: func(error) {}}
		pkg, _ := conf.Check(path, l.fset, []*ast.File{f}, nil)
		return pkg, nil
	}
	pkg := types.NewPackage(path, filepath.Base(path))
	pkg.MarkComplete()
	return pkg, nil
}

// valueForms returns the ways a row of docs/limits.md may state v: as a count, with
// or without thousands separators, as KiB, MiB or GiB, and, for a
// time.Duration, in seconds, minutes or hours.
func valueForms(v constant.Value) []string {
	n, exact := constant.Int64Val(constant.ToInt(v))
	if !exact {
		return []string{v.String()}
	}
	forms := []string{explain.Thousands(int(n)), fmt.Sprint(n)}
	for _, u := range []struct {
		size int64
		name string
	}{{1 << 30, "GiB"}, {1 << 20, "MiB"}, {1 << 10, "KiB"}} {
		if n >= u.size && n%u.size == 0 {
			forms = append(forms, fmt.Sprintf("%d %s", n/u.size, u.name))
		}
	}
	if d := time.Duration(n); d >= time.Second && d%time.Second == 0 {
		for _, u := range []struct {
			size       time.Duration
			one, other string
		}{{time.Hour, "hour", "hours"}, {time.Minute, "minute", "minutes"}, {time.Second, "s", "s"}} {
			if d%u.size == 0 {
				name := u.other
				if d == u.size {
					name = u.one
				}
				forms = append(forms, fmt.Sprintf("%d %s", d/u.size, name))
			}
		}
	}
	return forms
}

// statesAny reports whether text states one of forms as a whole number:
// "64" is not stated by "640" or "1,064".
func statesAny(text string, forms []string) bool {
	for _, form := range forms {
		if regexp.MustCompile(`(^|[^0-9,.])` + regexp.QuoteMeta(form) + `($|[^0-9,])`).MatchString(text) {
			return true
		}
	}
	return false
}
