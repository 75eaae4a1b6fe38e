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
	files := 0
	err := filepath.WalkDir("internal", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		files++
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if p == web || p == web+"/templates" {
				t.Errorf("%s imports %s: web's internal packages sit below it", path, p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files == 0 {
		t.Fatal("found no Go file under web/internal: the test looks in the wrong place")
	}
}
