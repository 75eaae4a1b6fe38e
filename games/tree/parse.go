package tree

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/searchviz/searchviz/games/internal/textpos"
)

// Limits on the trees Parse and ParseChance accept.
const (
	MaxNodes     = 10000 // nodes in a tree: player nodes, chance nodes and leaves
	MaxDepth     = 64    // levels of nested brackets and braces
	MaxNumberLen = 32    // bytes in one leaf value or probability
)

// SyntaxError is the error Parse and ParseChance return for text that is
// not a tree.
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
//
// Parse refuses chance nodes, which only ParseChance reads: the game of
// Parse's states has no chance.
func Parse(text string) (State, error) {
	p := parser{text: text}
	if err := p.all(); err != nil {
		return State{}, err
	}
	nodes, _ := p.build()
	return (&Tree{nodes: nodes}).Root(), nil
}

// ParseChance reads a tree that may have chance nodes, described in the
// package documentation, and returns the state at its root, where MAX is
// to move. It reads every tree Parse reads, the same, and then each action
// has a single outcome of probability 1. Chance nodes count towards
// MaxNodes and their braces towards MaxDepth. Errors are *SyntaxError.
func ParseChance(text string) (ChanceState, error) {
	p := parser{text: text, chance: true}
	if err := p.all(); err != nil {
		return ChanceState{}, err
	}
	nodes, probs := p.build()
	return ChanceState{t: &chanceTree{nodes: nodes, probs: probs}}, nil
}

// parsed is a node as the parser meets it, in depth-first order.
type parsed struct {
	value    float64
	depth    int32
	chance   bool
	prob     prob // an outcome of a chance node's probability
	children []int32
}

// place is where in a tree the parser expects a node, which decides the
// kinds of node it may be.
type place int

const (
	atRoot    place = iota // MAX's move: a leaf or a player node
	inList                 // a child of a player node: any node
	inOutcome              // an outcome of a chance node: a leaf or a player node
)

// parser reads one tree.
type parser struct {
	text   string
	chance bool // whether chance nodes are allowed, as ParseChance allows them
	pos    int
	nodes  []parsed
}

// errorf returns a syntax error at offset.
func (p *parser) errorf(offset int, format string, args ...any) error {
	return &SyntaxError{Offset: offset, Msg: fmt.Sprintf(format, args...)}
}

// found describes the input at offset i for an error message.
func (p *parser) found(i int) string {
	return textpos.Found(p.text, i)
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

// all reads the whole text: one tree and nothing after it.
func (p *parser) all() error {
	if err := p.tree(0, 0, atRoot); err != nil {
		return err
	}
	p.space()
	if p.pos < len(p.text) {
		return p.errorf(p.pos, "expected end of input, found %s", p.found(p.pos))
	}
	return nil
}

// tree reads a tree at the given place and appends its nodes. Its root is
// inside level brackets and braces, and moves moves from the tree's root:
// chance does not move, so a chance node and its outcomes have the moves
// of the player node they follow plus one.
func (p *parser) tree(level, moves int32, at place) error {
	p.space()
	if len(p.nodes) == MaxNodes {
		return p.errorf(p.pos, "too many nodes: a tree has at most %d", MaxNodes)
	}
	switch c := p.peek(); {
	case c == '[':
		return p.player(level, moves)
	case c == '{':
		switch {
		case !p.chance:
			return p.errorf(p.pos, "found '{', a chance node: chance nodes need the chance tree game, chancetree")
		case at == atRoot:
			return p.errorf(p.pos, "found '{', a chance node, at the root: the root is MAX's move, a number or a list in '[' ']'")
		case at == inOutcome:
			return p.errorf(p.pos, "found '{', a chance node, as an outcome of a chance node: an outcome is a number or a list in '[' ']'; multiply the probabilities into one chance node")
		}
		return p.chanceNode(level, moves)
	case c == '-' || c == '.' || isDigit(c):
		v, err := p.number()
		if err != nil {
			return err
		}
		p.nodes = append(p.nodes, parsed{value: v, depth: moves})
		return nil
	}
	if p.chance && at == inList {
		return p.errorf(p.pos, "expected a number, '[' or '{', found %s", p.found(p.pos))
	}
	return p.errorf(p.pos, "expected a number or '[', found %s", p.found(p.pos))
}

// nest checks that one more level of brackets or braces stays within
// MaxDepth.
func (p *parser) nest(level int32) error {
	switch {
	case level < MaxDepth:
		return nil
	case p.chance:
		return p.errorf(p.pos, "brackets and braces nested more than %d deep", MaxDepth)
	}
	return p.errorf(p.pos, "brackets nested more than %d deep", MaxDepth)
}

// player reads a player node, a list of trees in brackets.
func (p *parser) player(level, moves int32) error {
	if err := p.nest(level); err != nil {
		return err
	}
	p.pos++
	self := len(p.nodes)
	p.nodes = append(p.nodes, parsed{depth: moves})
	for {
		child := int32(len(p.nodes))
		if err := p.tree(level+1, moves+1, inList); err != nil {
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
			return p.errorf(p.pos, "expected ',' or ']', found %s", p.found(p.pos))
		}
	}
}

// chanceNode reads a chance node, a list of probabilities and outcomes in
// braces, and checks that its probabilities sum to 1.
func (p *parser) chanceNode(level, moves int32) error {
	if err := p.nest(level); err != nil {
		return err
	}
	open := p.pos
	p.pos++
	self := len(p.nodes)
	p.nodes = append(p.nodes, parsed{depth: moves, chance: true})
	sum := 0.0
	for {
		p.space()
		if p.peek() == '}' && len(p.nodes[self].children) == 0 {
			return p.errorf(p.pos, "expected a probability, found '}': a chance node has at least one outcome")
		}
		pr, err := p.probability()
		if err != nil {
			return err
		}
		p.space()
		if p.peek() != ':' {
			return p.errorf(p.pos, "expected ':' after the probability, found %s", p.found(p.pos))
		}
		p.pos++
		child := int32(len(p.nodes))
		if err := p.tree(level+1, moves, inOutcome); err != nil {
			return err
		}
		p.nodes[child].prob = pr
		p.nodes[self].children = append(p.nodes[self].children, child)
		sum += pr.p
		p.space()
		switch p.peek() {
		case ',':
			p.pos++
		case '}':
			p.pos++
			// Decimals such as 0.1 are not exact in binary, so the sum
			// is allowed a rounding error.
			if math.Abs(sum-1) > 1e-9 {
				return p.errorf(open, "the chance node's probabilities sum to %s: they must sum to 1",
					strconv.FormatFloat(sum, 'g', 10, 64))
			}
			return nil
		default:
			return p.errorf(p.pos, "expected ',' or '}', found %s", p.found(p.pos))
		}
	}
}

// prob is the probability of an outcome of a chance node, with its text as
// typed, which String writes back so that "1/6" stays a sixth.
type prob struct {
	p    float64
	text string
}

// probability reads a probability: a decimal such as "0.5" or ".25", or a
// fraction of two whole numbers such as "1/6", in (0, 1]. A '-' is read
// only to say that a negative probability is out of range.
func (p *parser) probability() (prob, error) {
	start := p.pos
	if c := p.peek(); c != '-' && c != '.' && !isDigit(c) {
		return prob{}, p.errorf(p.pos, "expected a probability, found %s", p.found(p.pos))
	}
	if p.peek() == '-' {
		p.pos++
	}
	digits := p.digits()
	point := p.peek() == '.'
	if point {
		p.pos++
		digits += p.digits()
	}
	if digits == 0 {
		return prob{}, p.errorf(p.pos, "expected a digit, found %s", p.found(p.pos))
	}
	slash := p.pos
	if p.peek() == '/' {
		p.pos++
		if p.digits() == 0 {
			return prob{}, p.errorf(p.pos, "expected a digit of the denominator, found %s", p.found(p.pos))
		}
		if p.peek() == '.' {
			p.pos++
			p.digits()
			point = true
		}
		if point {
			return prob{}, p.errorf(start, "probability %s: a fraction is of two whole numbers, e.g. 1/6", p.text[start:p.pos])
		}
	}
	text := p.text[start:p.pos]
	if len(text) > MaxNumberLen {
		return prob{}, p.errorf(start, "probability of %d bytes: a probability has at most %d", len(text), MaxNumberLen)
	}
	// Every text here is a valid decimal of at most MaxNumberLen bytes, so
	// ParseFloat succeeds and the value is finite.
	v, _ := strconv.ParseFloat(text, 64)
	if slash < p.pos {
		num, _ := strconv.ParseFloat(text[:slash-start], 64)
		den, _ := strconv.ParseFloat(text[slash-start+1:], 64)
		if den == 0 {
			return prob{}, p.errorf(start, "probability %s divides by zero", text)
		}
		v = num / den
	}
	if !(v > 0 && v <= 1) {
		return prob{}, p.errorf(start, "probability %s is out of range: a probability is more than 0 and at most 1", text)
	}
	return prob{p: v, text: strings.Clone(text)}, nil
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
		return 0, p.errorf(p.pos, "expected a digit, found %s", p.found(p.pos))
	}
	if c := p.peek(); c == 'e' || c == 'E' {
		p.pos++
		if c := p.peek(); c == '+' || c == '-' {
			p.pos++
		}
		if p.digits() == 0 {
			return 0, p.errorf(p.pos, "expected a digit of the exponent, found %s", p.found(p.pos))
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

// build lays the parsed nodes out in breadth-first order, so that each
// node's children are adjacent and the names follow the order. It returns
// the nodes and, for a chance tree, each node's probability as an outcome
// (the zero prob for a node that is not an outcome of a chance node).
func (p *parser) build() ([]node, []prob) {
	nodes := make([]node, 0, len(p.nodes))
	var probs []prob
	if p.chance {
		probs = make([]prob, 0, len(p.nodes))
	}
	queue := make([]int32, 1, len(p.nodes))
	var rank int32
	for i := 0; i < len(queue); i++ {
		pn := p.nodes[queue[i]]
		nd := node{value: pn.value, depth: pn.depth, chance: pn.chance, first: int32(len(queue)), n: int32(len(pn.children))}
		if nd.n > 0 {
			nd.rank = rank
			rank++
		}
		nodes = append(nodes, nd)
		if p.chance {
			probs = append(probs, pn.prob)
		}
		queue = append(queue, pn.children...)
	}
	return nodes, probs
}
