package web

import (
	"bytes"
	"fmt"
	"html"
	"strconv"
	"strings"

	"github.com/searchviz/searchviz/games/tree"
)

// An exercise's tree is drawn as the lecture's slides draw one: MAX nodes
// as triangles pointing up, MIN nodes pointing down, chance nodes as
// circles, each interior node with its name, each leaf with its value,
// each edge with its label, and nothing the student is asked to find.
const (
	exLeafGap = 60 // between two leaves' centres
	exRowGap  = 78 // between two levels
	exMargin  = 28
	exSize    = 30 // a node's width and height
)

// exNode is one node of an exercise's tree as drawn.
type exNode struct {
	kind  string // "max", "min", "chance" or "leaf"
	name  string // an interior node's name, a leaf's value
	edge  string // the label of the edge from its parent
	prob  string // for an outcome of a chance node, its probability
	kids  []*exNode
	x, y  float64
	depth int
}

// exerciseTree builds the drawing's nodes of the tree in text.
func exerciseTree(text string) (*exNode, error) {
	s, err := tree.ParseChance(text)
	if err != nil {
		return nil, fmt.Errorf("web: drawing the exercise's tree: %w", err)
	}
	return exBuild(s, "", "", 0), nil
}

func exBuild(s tree.ChanceState, edge, prob string, depth int) *exNode {
	n := &exNode{name: s.Name(), edge: edge, prob: prob, depth: depth}
	if s.Done() {
		n.kind = "leaf"
		return n
	}
	n.kind = "min"
	if s.MaxToMove() {
		n.kind = "max"
	}
	for _, a := range s.Legal(nil) {
		chances := s.Chances(a, nil)
		if len(chances) == 1 && s.OutcomeLabel(a, 0) == "" {
			n.kids = append(n.kids, exBuild(s.Roll(a, 0), s.Label(a), "", depth+1))
			continue
		}
		label := s.OutcomeLabel(a, 0)
		c := &exNode{kind: "chance", name: strings.ToUpper(strings.TrimRight(label, "0123456789")), edge: s.Label(a), depth: depth + 1}
		for o, p := range chances {
			c.kids = append(c.kids, exBuild(s.Roll(a, o), s.OutcomeLabel(a, o), strconv.FormatFloat(p, 'g', 3, 64), depth+2))
		}
		n.kids = append(n.kids, c)
	}
	return n
}

// place puts the leaves of n's subtree side by side from x and each
// interior node above the middle of its children; it returns the x after
// the subtree.
func (n *exNode) place(x float64) float64 {
	n.y = exMargin + float64(n.depth)*exRowGap
	if len(n.kids) == 0 {
		n.x = x
		return x + exLeafGap
	}
	for _, k := range n.kids {
		x = k.place(x)
	}
	n.x = (n.kids[0].x + n.kids[len(n.kids)-1].x) / 2
	return x
}

// exerciseSVG draws the tree in text as an SVG for an exercise's page.
func exerciseSVG(text string) ([]byte, error) {
	root, err := exerciseTree(text)
	if err != nil {
		return nil, err
	}
	right := root.place(exMargin + exSize/2)
	depth := 0
	var walk func(n *exNode)
	walk = func(n *exNode) {
		depth = max(depth, n.depth)
		for _, k := range n.kids {
			walk(k)
		}
	}
	walk(root)
	w := right - exLeafGap + exSize/2 + exMargin
	h := exMargin*2 + float64(depth)*exRowGap + 18
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" class="exercise-tree" viewBox="0 0 %.0f %.0f" width="%.0f" height="%.0f" role="img" aria-label="the exercise's tree">`, w, h, w, h)
	exEdges(&b, root)
	exShapes(&b, root)
	b.WriteString(`</svg>`)
	return b.Bytes(), nil
}

func exEdges(b *bytes.Buffer, n *exNode) {
	for _, k := range n.kids {
		fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" class="ex-edge"/>`, n.x, n.y+exSize/2, k.x, k.y-exSize/2)
		// Past the middle of the edge, on its outer side, so that the
		// labels of a node's edges stay apart.
		lx, ly := n.x+(k.x-n.x)*0.6, n.y+(k.y-n.y)*0.6
		anchor, dx := "start", 5.0
		if k.x < n.x {
			anchor, dx = "end", -5
		}
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f" text-anchor="%s" class="ex-label" data-edge="%s">%s`, lx+dx, ly, anchor, html.EscapeString(k.edge), html.EscapeString(k.edge))
		if k.prob != "" { // the probability under the label, narrow
			fmt.Fprintf(b, `<tspan x="%.1f" dy="11" class="ex-prob">%s</tspan>`, lx+dx, html.EscapeString(k.prob))
		}
		b.WriteString(`</text>`)
		exEdges(b, k)
	}
}

func exShapes(b *bytes.Buffer, n *exNode) {
	h := float64(exSize) / 2
	switch n.kind {
	case "max":
		fmt.Fprintf(b, `<polygon points="%.1f,%.1f %.1f,%.1f %.1f,%.1f" class="ex-node ex-max"/>`, n.x, n.y-h, n.x-h, n.y+h, n.x+h, n.y+h)
	case "min":
		fmt.Fprintf(b, `<polygon points="%.1f,%.1f %.1f,%.1f %.1f,%.1f" class="ex-node ex-min"/>`, n.x-h, n.y-h, n.x+h, n.y-h, n.x, n.y+h)
	case "chance":
		fmt.Fprintf(b, `<circle cx="%.1f" cy="%.1f" r="%.1f" class="ex-node ex-chance"/>`, n.x, n.y, h)
	case "leaf":
		fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%d" height="%d" class="ex-node ex-leaf"/>`, n.x-h, n.y-h, exSize, exSize)
	}
	dy := 5.0
	switch n.kind {
	case "max":
		dy = 10
	case "min":
		dy = 2
	}
	fmt.Fprintf(b, `<text x="%.1f" y="%.1f" class="ex-name" data-node="%s">%s</text>`, n.x, n.y+dy, html.EscapeString(n.name), html.EscapeString(n.name))
	for _, k := range n.kids {
		exShapes(b, k)
	}
}
