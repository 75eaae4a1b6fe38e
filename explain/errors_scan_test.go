package explain

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// errorPackages are the directories, from the module's root, whose errors
// reach a reader of the web app, each read with its subdirectories when
// deep: every error form written there must be a key of errorCatalog.
var errorPackages = []struct {
	dir  string
	deep bool
}{
	{"spec", false},
	{"catalog", false},
	{"games", true},
	{"play", false},
	{"exercise", false},
	{"search", false},
	{"arena", false},
	{"web/internal/matches", false},
	{"web/internal/rooms", false},
	{"web/internal/live", false},
	{"trace/check", false},
	// The server's own refusals of links and forms, and the counts.
	{"web", false},
	{"web/internal/counts", false},
	// The trace reader, as an upload meets it.
	{"trace", false},
	{"trace/internal/codec", false},
	{"trace/internal/event", false},
	{"web/internal/tracestore", false},
}

// exemptErrors are error forms of errorPackages that never reach a
// reader, each with the reason.
var exemptErrors = map[string]string{
	// The games' drawings are made by the program; a bad one is a bug.
	"board: no name for %s %d":            "a drawing's own enum out of range",
	"board: %d cells for %dx%d":           "a drawing the program made",
	"board: cell %d of %dx%d is %v of %v": "a drawing the program made",
	// The dice game's clues are checked by its tests, not by readers.
	"symmetric: the start is White to move at ply 0, not %s at ply %d":                                      "a test's clue",
	"symmetric: %s is on %s, not %s, the mirror of White's on %s":                                           "a test's clue",
	"upper left: %s is on %s, outside a5 to c7":                                                             "a test's clue",
	"Black's 4 stopped: moved NW from %s it goes %d cells, not %d up to White's 3":                          "a test's clue",
	"weak reach: White can make a line at its first move (threat term %v under the first-move rule, not 0)": "a test's clue",
	"weak reach: White's threat term with the first-move rule set aside is %v, not %v (one die face)":       "a test's clue",
	"weak reach: %s rolling %s makes a line without %s":                                                     "a test's clue",
	"dice: the placement %v has a line at the start":                                                        "a test's clue",
	// The trace writer's: a reader reads traces, never writes one.
	"trace: cannot write format version %d; write version %d, 2 or 1": "the writer's",
	"trace: step %d: cannot encode %v event: %w":                      "the writer's",
	"trace: writing event %d: %w":                                     "the writer's",
	"field %q: events have no encoding for type %s":                   "the writer's",
	"field %q: invalid %s %s":                                         "the writer's",
	"field %q is NaN (only a score's ucb may be NaN)":                 "the writer's",
	"scores[%d]: %w": "the writer's",
	// The program's own misuse of its types, which its tests catch.
	"trace: a frozen Builder takes no more events":          "a misuse of the Builder",
	"trace: Event.%s called on a %v event, want a %v event": "a misuse of an Event",
	// The server's wiring and shutdown, which its owner reads in the log.
	"web: Config.Layouter is required": "the program's wiring",
	"web: Config.DataDir is required":  "the program's wiring",
	"web: searches still saving: %w":   "the log's, at shutdown",
}

// errorForm is the format of an error the code writes, and where.
type errorForm struct {
	format, at string
}

// isErrorCall reports whether call makes an error or its message from a
// format: fmt.Errorf, errors.New, and the parsers' and the trace
// builder's own helpers, errorf and fail.
func isErrorCall(call *ast.CallExpr) bool {
	var name string
	switch fun := call.Fun.(type) {
	case *ast.SelectorExpr:
		name = fun.Sel.Name
		if x, ok := fun.X.(*ast.Ident); ok && x.Name == "errors" && name == "New" {
			return true
		}
	case *ast.Ident:
		name = fun.Name
	}
	return name == "Errorf" || name == "errorf" || name == "fail"
}

// fileErrorForms returns the literal formats of the Go file's errors:
// the first string argument of each error call, the formats of the
// Sprintf calls of Error methods, and the literal messages of Msg fields.
func fileErrorForms(t *testing.T, fset *token.FileSet, path string) []errorForm {
	t.Helper()
	// Object resolution finds the constants a format is built of.
	file, err := parser.ParseFile(fset, path, nil, 0)
	if err != nil {
		t.Fatalf("parsing %s: %v", path, err)
	}
	var out []errorForm
	add := func(e ast.Expr) {
		if s, ok := constantString(t, fset, e); ok {
			out = append(out, errorForm{s, fset.Position(e.Pos()).String()})
		}
	}
	var inspect func(n ast.Node, inError bool) bool
	inspect = func(n ast.Node, inError bool) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			in := n.Name.Name == "Error" && n.Recv != nil
			if n.Body != nil {
				ast.Inspect(n.Body, func(m ast.Node) bool { return inspect(m, in) })
			}
			return false
		case *ast.CallExpr:
			if isErrorCall(n) || (inError && isSprintf(n)) {
				for _, a := range n.Args {
					if _, ok := constantString(t, fset, a); ok {
						add(a)
						break
					}
				}
			}
		case *ast.KeyValueExpr:
			if k, ok := n.Key.(*ast.Ident); ok && (k.Name == "Msg" || k.Name == "msg") {
				add(n.Value)
			}
		}
		return true
	}
	ast.Inspect(file, func(n ast.Node) bool { return inspect(n, false) })
	return out
}

// constantString returns the string e stands for when the file alone
// says it: a literal, a constant of the file, or a sum of them, as in
// "expected "+want+", found %s".
func constantString(t *testing.T, fset *token.FileSet, e ast.Expr) (string, bool) {
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(e.Value)
		if err != nil {
			t.Fatalf("%s: %v", fset.Position(e.Pos()), err)
		}
		return s, true
	case *ast.BinaryExpr:
		x, okx := constantString(t, fset, e.X)
		y, oky := constantString(t, fset, e.Y)
		return x + y, e.Op == token.ADD && okx && oky
	case *ast.ParenExpr:
		return constantString(t, fset, e.X)
	case *ast.Ident:
		if e.Obj == nil || e.Obj.Kind != ast.Con {
			return "", false
		}
		spec, ok := e.Obj.Decl.(*ast.ValueSpec)
		if !ok {
			return "", false
		}
		for i, name := range spec.Names {
			if name.Name == e.Name && i < len(spec.Values) {
				return constantString(t, fset, spec.Values[i])
			}
		}
	}
	return "", false
}

// isSprintf reports whether call is fmt.Sprintf.
func isSprintf(call *ast.CallExpr) bool {
	fun, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	x, ok := fun.X.(*ast.Ident)
	return ok && x.Name == "fmt" && fun.Sel.Name == "Sprintf"
}

// packageErrorForms returns the error formats of the non-test Go files of
// dir, and of its subdirectories when deep.
func packageErrorForms(t *testing.T, fset *token.FileSet, dir string, deep bool) []errorForm {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []errorForm
	for _, e := range entries {
		path := filepath.Join(dir, e.Name())
		switch {
		case e.IsDir() && (e.Name() == "testdata" || strings.HasSuffix(e.Name(), "test")):
			// Test data, and the helpers of tests (gametest, gridtest),
			// whose errors fail tests, not readers.
		case e.IsDir() && deep:
			out = append(out, packageErrorForms(t, fset, path, deep)...)
		case e.IsDir(), !strings.HasSuffix(e.Name(), ".go"), strings.HasSuffix(e.Name(), "_test.go"):
		default:
			out = append(out, fileErrorForms(t, fset, path)...)
		}
	}
	return out
}

// TestEveryErrorTranslated fails for each error form the packages whose
// errors reach a reader write that the error catalog does not hold: a
// Japanese reader would meet that error in English.
func TestEveryErrorTranslated(t *testing.T) {
	t.Parallel()
	root := moduleRoot(t)
	keys := map[string]bool{}
	for _, k := range mustReadKeys(localeFiles, errorCatalog) {
		keys[k] = true
	}
	fset := token.NewFileSet()
	for _, p := range errorPackages {
		forms := packageErrorForms(t, fset, filepath.Join(root, p.dir), p.deep)
		if len(forms) == 0 {
			t.Errorf("%s: no error forms found; is the scan broken?", p.dir)
		}
		for _, f := range forms {
			if _, exempt := exemptErrors[f.format]; exempt || keys[f.format] || readAsText(f.format) || !hasWords(f.format) {
				continue
			}
			t.Errorf("%s: the error form %q is not in %s", strings.TrimPrefix(f.at, root+"/"), f.format, errorCatalog)
		}
	}
}

// readAsText reports whether an error with no holes is a phrase another
// catalog translates, which Lang.Error reads as it reads a hole's words:
// a search's reason to stop is also a note's ("nobody was watching").
func readAsText(format string) bool {
	_, ok := Catalog[format]
	return ok && !formVerb.MatchString(format) && strings.Contains(format, " ")
}

// hasWords reports whether a format holds a letter outside its verbs: a
// form of verbs and punctuation ("%s: %w") needs no translation to read,
// but is still caught when a catalog lists it.
func hasWords(format string) bool {
	for _, r := range formVerb.ReplaceAllString(format, "") {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			return true
		}
	}
	return false
}
