package web

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestInternalPackagesStayBelowWeb checks the import graph of web's
// internal packages: each does one job for the HTTP layer and none
// imports web or its templates, so that they stay small and testable on
// their own.
func TestInternalPackagesStayBelowWeb(t *testing.T) {
	t.Parallel()
	const web = "github.com/searchviz/searchviz/web"
	files := eachImport(t, "internal", true, func(path, imp string) {
		if imp == web || imp == web+"/templates" {
			t.Errorf("%s imports %s: web's internal packages sit below it", path, imp)
		}
	})
	if files == 0 {
		t.Fatal("found no Go file under web/internal: the test looks in the wrong place")
	}
}

// TestOnlyNATSShareImportsNATS checks that of the module's non-test
// files only web/internal/natsshare's import the NATS client, so that
// the rest of the server shares traces and rooms through its interfaces
// and a change of client or of NATS's API stays in one package.
func TestOnlyNATSShareImportsNATS(t *testing.T) {
	t.Parallel()
	const client = "github.com/nats-io/nats.go"
	natsshare := filepath.Join("..", "web", "internal", "natsshare")
	importers := 0
	eachImport(t, "..", false, func(path, imp string) {
		if imp != client && !strings.HasPrefix(imp, client+"/") {
			return
		}
		if path == natsshare || strings.HasPrefix(path, natsshare+string(filepath.Separator)) {
			importers++
			return
		}
		t.Errorf("%s imports %s: only web/internal/natsshare talks to NATS", path, imp)
	})
	if importers == 0 {
		t.Fatal("found no import of the NATS client in web/internal/natsshare: the test looks in the wrong place")
	}
}

// eachImport calls fn with the path of each Go file under root, test
// files too if tests, and each package the file imports; it returns the
// number of files read. It skips hidden directories and testdata.
func eachImport(t *testing.T, root string, tests bool, fn func(path, imp string)) int {
	t.Helper()
	files := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || !tests && strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		files++
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			fn(path, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}
