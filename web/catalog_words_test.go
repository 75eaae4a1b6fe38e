package web

import (
	"testing"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/explain"
)

// TestRegistryTextsTranslated checks that every text of the games' and
// algorithms' registries the new-search form shows has a catalog entry:
// they are keys made at run time, which the catalogs' own scan of the
// code cannot see.
func TestRegistryTextsTranslated(t *testing.T) {
	t.Parallel()
	var texts []string
	for _, g := range catalog.Games() {
		texts = append(texts, g.Help, g.PositionHelp)
		for _, p := range g.Params {
			texts = append(texts, p.Name, p.Help, p.Type.String())
			texts = append(texts, p.Choices...)
		}
	}
	for _, a := range catalog.Algorithms() {
		texts = append(texts, a.Help)
		for _, p := range a.Params {
			texts = append(texts, p.Name, p.Help, p.Type.String())
			texts = append(texts, p.Choices...)
		}
	}
	for _, text := range texts {
		if _, ok := explain.Catalog[text]; !ok {
			t.Errorf("no catalog entry for %q", text)
		}
	}
}
