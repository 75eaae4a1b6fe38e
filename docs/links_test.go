package docs_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// markdownLink matches a Markdown link's target: [text](target).
var markdownLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// TestRelativeLinksResolve checks that every relative link in the README
// and the documents under docs/ names a file or folder that exists, and
// that a link to a document's section names one of its headings.
func TestRelativeLinksResolve(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("*.md")
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, filepath.Join("..", "README.md"))
	checked := 0
	for _, file := range files {
		text, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range markdownLink.FindAllStringSubmatch(string(text), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "#") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			target, fragment, _ := strings.Cut(target, "#")
			checked++
			path := filepath.Join(filepath.Dir(file), target)
			if _, err := os.Stat(path); err != nil {
				t.Errorf("%s links to %s, which does not exist", file, m[1])
				continue
			}
			if fragment != "" && strings.HasSuffix(target, ".md") && !slices.Contains(headingAnchors(t, path), fragment) {
				t.Errorf("%s links to %s, but %s has no heading whose anchor is #%s", file, m[1], target, fragment)
			}
		}
	}
	if checked == 0 {
		t.Fatal("found no relative link: the test reads the wrong files")
	}
}

// headingAnchors returns the anchors of a Markdown file's headings, made
// as GitHub makes them: lower case, spaces as hyphens, punctuation other
// than hyphens dropped.
func headingAnchors(t *testing.T, path string) []string {
	t.Helper()
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var anchors []string
	for line := range strings.Lines(string(text)) {
		heading, ok := strings.CutPrefix(strings.TrimLeft(line, "#"), " ")
		if !ok || !strings.HasPrefix(line, "#") {
			continue
		}
		anchor := strings.Map(func(r rune) rune {
			switch {
			case r == ' ':
				return '-'
			case r == '-' || unicode.IsLetter(r) || unicode.IsDigit(r):
				return unicode.ToLower(r)
			}
			return -1
		}, strings.TrimSpace(heading))
		anchors = append(anchors, anchor)
	}
	return anchors
}
