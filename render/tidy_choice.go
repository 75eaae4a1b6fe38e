package render

import (
	"fmt"
	"strconv"

	"github.com/searchviz/searchviz/explain"
)

// Layout names what places the nodes of a drawing.
type Layout uint8

// Layouts. The zero value is LayoutDot, so that Options that do not name a
// layout draw as Render always has.
const (
	// LayoutDot lays the tree out with Graphviz's dot, through a Layouter:
	// the finer drawing, but superlinear, about 0.5 s for 1,000 nodes and
	// 9 s for 5,000.
	LayoutDot Layout = iota
	// LayoutTidy lays the tree out with this package's tidy-tree layout and
	// writes the SVG itself (WriteSVG), in time linear in the nodes, with no
	// Layouter.
	LayoutTidy
	// LayoutAuto is LayoutDot for a tree of at most MaxDotNodes nodes and
	// LayoutTidy for a bigger one.
	LayoutAuto
)

// MaxDotNodes is the most nodes, placeholders for pruned moves included, of
// a tree that LayoutAuto draws with Graphviz's dot: measured here, dot
// takes about 0.5 s for 1,000 nodes, 1.5 s for 2,000 and 9 s for 5,000,
// while the tidy layout draws 10,000 nodes in a fraction of a second.
const MaxDotNodes = 1000

var layoutNames = [...]string{LayoutDot: "dot", LayoutTidy: "tidy", LayoutAuto: "auto"}

// String returns the layout's name as ParseLayout reads it: "dot", "tidy"
// or "auto".
func (l Layout) String() string {
	if int(l) < len(layoutNames) {
		return layoutNames[l]
	}
	return "Layout(" + strconv.Itoa(int(l)) + ")"
}

// ParseLayout returns the layout named s: "auto", "dot" or "tidy".
func ParseLayout(s string) (Layout, error) {
	for l, name := range layoutNames {
		if s == name {
			return Layout(l), nil
		}
	}
	return 0, fmt.Errorf("render: unknown layout %q (want auto, dot or tidy)", s)
}

// For returns the layout that draws a tree of nodes nodes: l itself, or
// for LayoutAuto, LayoutDot up to MaxDotNodes nodes and LayoutTidy above.
func (l Layout) For(nodes int) Layout {
	if l != LayoutAuto {
		return l
	}
	if nodes <= MaxDotNodes {
		return LayoutDot
	}
	return LayoutTidy
}

// legendWords is the legend's line on the layout that drew a picture,
// with the rule that LayoutAuto follows, whichever layout was asked for, so
// that a reader knows what the other layout would have been used for.
func legendWords(l explain.Lang, drawn Layout) string {
	name := l.T("Graphviz dot")
	if drawn == LayoutTidy {
		name = l.T("tidy tree")
	}
	return l.F("layout: %s (automatic choice: dot up to %s nodes, tidy tree above)", name, explain.Thousands(MaxDotNodes))
}

func (l Layout) check() error {
	if int(l) >= len(layoutNames) {
		return fmt.Errorf("render: unknown layout %d; use LayoutDot, LayoutTidy or LayoutAuto", uint8(l))
	}
	return nil
}
