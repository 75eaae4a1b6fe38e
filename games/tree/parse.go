package tree

import (
	"fmt"
	"math"
	"strconv"

	"github.com/searchviz/searchviz/games/internal/textpos"
)

// Limits on the trees Parse accepts.
const (
	MaxNodes     = 10000 // nodes in a tree, interior nodes and leaves
	MaxDepth     = 64    // levels of nested brackets
	MaxNumberLen = 32    // bytes in one leaf value
)

// SyntaxError is the error Parse returns for text that is not a tree.
type SyntaxError struct {
	Offset int    // the byte offset of the offending input
	Msg    string // what was expected and what was found
}

// Error returns the message with the package name and the offset.
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("tree: at offset %d: %s", e.Offset, e.Msg)
}

// Parse reads a tree and returns the state at its root, where MAX is to
// move. A tree is a number, its only leaf, or a list of one or more trees
// in brackets separated by commas, e.g. "[[3,12,8],[2,4,6],[14,5,2]]".
// Numbers are decimal, with an optional '-', fraction and exponent, e.g.
// "-1.5", "0.25" or "1e3", at most MaxNumberLen bytes, and finite. Spaces,
// tabs and newlines may appear between tokens. A tree has at most MaxNodes
// nodes and MaxDepth levels of brackets. Errors are *SyntaxError.
func Parse(text string) (State, error) {
	p := parser{text: text}
	if err := p.tree(0); err != nil {
		return State{}, err
	}
	p.space()
	if p.pos < len(text) {
		return State{}, p.errorf(p.pos, "expected end of input, found %s", textpos.Found(p.text, p.pos))
	}
	return p.build().Root(), nil
}

// parsed is a node as the parser meets it, in depth-first order.
type parsed struct {
	value    float64
	depth    int32
	children []int32
}

// parser reads one tree.
type parser struct {
	text  string
	pos   int
	nodes []parsed
}

// errorf returns a syntax error at offset.
func (p *parser) errorf(offset int, format string, args ...any) error {
	return &SyntaxError{Offset: offset, Msg: fmt.Sprintf(format, args...)}
}

// space skips white space.
func (p *parser) space() {
	for p.pos < len(p.text) {
		switch p.text[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

// peek returns the byte at the current position, or 0 at the end.
func (p *parser) peek() byte {
	if p.pos < len(p.text) {
		return p.text[p.pos]
	}
	return 0
}

// tree reads a tree whose root is at the given depth and appends its nodes.
func (p *parser) tree(depth int32) error {
	p.space()
	if len(p.nodes) == MaxNodes {
		return p.errorf(p.pos, "too many nodes: a tree has at most %d", MaxNodes)
	}
	c := p.peek()
	switch {
	case c == '[':
		if depth >= MaxDepth {
			return p.errorf(p.pos, "brackets nested more than %d deep", MaxDepth)
		}
		p.pos++
		self := len(p.nodes)
		p.nodes = append(p.nodes, parsed{depth: depth})
		for {
			child := int32(len(p.nodes))
			if err := p.tree(depth + 1); err != nil {
				return err
			}
			p.nodes[self].children = append(p.nodes[self].children, child)
			p.space()
			switch p.peek() {
			case ',':
				p.pos++
			case ']':
				p.pos++
				return nil
			default:
				return p.errorf(p.pos, "expected ',' or ']', found %s", textpos.Found(p.text, p.pos))
			}
		}
	case c == '-' || c == '.' || isDigit(c):
		v, err := p.number()
		if err != nil {
			return err
		}
		p.nodes = append(p.nodes, parsed{value: v, depth: depth})
		return nil
	}
	return p.errorf(p.pos, "expected a number or '[', found %s", textpos.Found(p.text, p.pos))
}

// number reads a leaf value.
func (p *parser) number() (float64, error) {
	start := p.pos
	if p.peek() == '-' {
		p.pos++
	}
	digits := p.digits()
	if p.peek() == '.' {
		p.pos++
		digits += p.digits()
	}
	if digits == 0 {
		return 0, p.errorf(p.pos, "expected a digit, found %s", textpos.Found(p.text, p.pos))
	}
	if c := p.peek(); c == 'e' || c == 'E' {
		p.pos++
		if c := p.peek(); c == '+' || c == '-' {
			p.pos++
		}
		if p.digits() == 0 {
			return 0, p.errorf(p.pos, "expected a digit of the exponent, found %s", textpos.Found(p.text, p.pos))
		}
	}
	if n := p.pos - start; n > MaxNumberLen {
		return 0, p.errorf(start, "number of %d bytes: a number has at most %d", n, MaxNumberLen)
	}
	v, err := strconv.ParseFloat(p.text[start:p.pos], 64)
	if err != nil || math.IsInf(v, 0) {
		return 0, p.errorf(start, "number %s is out of range: leaves must be finite float64 values", p.text[start:p.pos])
	}
	return v, nil
}

// digits skips decimal digits and returns how many.
func (p *parser) digits() int {
	start := p.pos
	for isDigit(p.peek()) {
		p.pos++
	}
	return p.pos - start
}

// isDigit reports whether c is a decimal digit.
func isDigit(c byte) bool {
	return '0' <= c && c <= '9'
}

// build lays the parsed nodes out in breadth-first order.
func (p *parser) build() *Tree {
	t := &Tree{nodes: make([]node, 0, len(p.nodes))}
	queue := make([]int32, 1, len(p.nodes))
	var rank int32
	for i := 0; i < len(queue); i++ {
		pn := p.nodes[queue[i]]
		nd := node{value: pn.value, depth: pn.depth, first: int32(len(queue)), n: int32(len(pn.children))}
		if nd.n > 0 {
			nd.rank = rank
			rank++
		}
		t.nodes = append(t.nodes, nd)
		queue = append(queue, pn.children...)
	}
	return t
}
