package explain

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// moduleRoot returns the directory of the module's go.mod.
func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			t.Fatal("no go.mod above the test's directory")
		}
		dir = up
	}
}

// usedKey is a message key the code asks a Lang for, and where.
type usedKey struct {
	key, at string
}

// goKeys returns the literal keys of the Go file's calls that translate:
// x.T("key"), x.F("key", ...), and the templates' T(ctx, "key") and
// F(ctx, "key", ...).
func goKeys(t *testing.T, fset *token.FileSet, path string) []usedKey {
	t.Helper()
	file, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatalf("parsing %s: %v", path, err)
	}
	var keys []usedKey
	ast.Inspect(file, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		arg := -1
		switch fun := call.Fun.(type) {
		case *ast.SelectorExpr:
			if fun.Sel.Name == "T" || fun.Sel.Name == "F" {
				arg = 0
			}
		case *ast.Ident:
			if fun.Name == "T" || fun.Name == "F" {
				arg = 1
			}
		}
		if arg < 0 || len(call.Args) <= arg {
			return true
		}
		lit, ok := call.Args[arg].(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return true
		}
		key, err := strconv.Unquote(lit.Value)
		if err != nil {
			t.Fatalf("%s: %v", fset.Position(lit.Pos()), err)
		}
		keys = append(keys, usedKey{key, fset.Position(lit.Pos()).String()})
		return true
	})
	return keys
}

// scriptCall matches a script's translations, t("key") and t('key').
var scriptCall = regexp.MustCompile(`\bt\(\s*("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')`)

// scriptFileKeys returns the literal keys of the script's t calls.
func scriptFileKeys(t *testing.T, path string) []usedKey {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var keys []usedKey
	for _, m := range scriptCall.FindAllSubmatchIndex(data, -1) {
		lit := string(data[m[2]:m[3]])
		if lit[0] == '\'' {
			lit = `"` + strings.ReplaceAll(strings.ReplaceAll(lit[1:len(lit)-1], `\'`, `'`), `"`, `\"`) + `"`
		}
		key, err := strconv.Unquote(lit)
		if err != nil {
			t.Fatalf("%s: key %s: %v", path, lit, err)
		}
		line := 1 + strings.Count(string(data[:m[0]]), "\n")
		keys = append(keys, usedKey{key, path + ":" + strconv.Itoa(line)})
	}
	return keys
}

// TestEveryKeyTranslated fails for each message the code or the scripts
// ask for that no catalog holds: a reader of the other language would
// meet it in English.
func TestEveryKeyTranslated(t *testing.T) {
	t.Parallel()
	root := moduleRoot(t)
	fset := token.NewFileSet()
	var keys []usedKey
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		switch {
		case strings.HasSuffix(name, "_test.go"):
		case strings.HasSuffix(name, ".go"):
			keys = append(keys, goKeys(t, fset, path)...)
		case strings.HasSuffix(name, ".js") && strings.Contains(filepath.ToSlash(path), "/static/js/"):
			keys = append(keys, scriptFileKeys(t, path)...)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range keys {
		if _, ok := Catalog[k.key]; !ok {
			t.Errorf("%s: %q is in no catalog of explain/locales", strings.TrimPrefix(k.at, root+"/"), k.key)
		}
	}
}
