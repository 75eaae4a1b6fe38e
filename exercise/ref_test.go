package exercise_test

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/searchviz/searchviz/exercise"
)

// This file holds the tests' own reading of typed trees and their own
// searches, written apart from games/tree and search, so that the tests
// check the package against a second implementation.

// rnode is a node of a tree as the tests read it.
type rnode struct {
	name   string // an interior or chance node's name; "" for a leaf
	value  float64
	chance bool
	kids   []*rnode
	probs  []float64 // a chance node's outcome probabilities
	edge   string    // the label of the edge into it in the tree as read
}

// label returns the label of the edge to n's i-th child, from 0.
func (n *rnode) label(i int) string {
	return strings.ToLower(n.name) + strconv.Itoa(i+1)
}

// parseRef reads a tree in brackets, with chance nodes in braces, and
// names its interior and chance nodes A, B, ... breadth-first.
func parseRef(text string) (*rnode, error) {
	text = strings.Join(strings.Fields(text), "")
	n, rest, err := parseNode(text)
	if err != nil {
		return nil, err
	}
	if rest != "" {
		return nil, fmt.Errorf("trailing %q", rest)
	}
	queue := []*rnode{n}
	k := 0
	for len(queue) > 0 {
		nd := queue[0]
		queue = queue[1:]
		if len(nd.kids) == 0 {
			continue
		}
		nd.name = refLetters(k)
		k++
		for i, kid := range nd.kids {
			kid.edge = nd.label(i)
		}
		queue = append(queue, nd.kids...)
	}
	return n, nil
}

// parseNode reads one node from the front of s.
func parseNode(s string) (*rnode, string, error) {
	switch {
	case s == "":
		return nil, "", fmt.Errorf("unexpected end")
	case s[0] == '[' || s[0] == '{':
		nd := &rnode{chance: s[0] == '{'}
		end := byte(']')
		if nd.chance {
			end = '}'
		}
		s = s[1:]
		for {
			if nd.chance {
				i := strings.IndexByte(s, ':')
				if i < 0 {
					return nil, "", fmt.Errorf("no ':' in %q", s)
				}
				p, err := refProb(s[:i])
				if err != nil {
					return nil, "", err
				}
				nd.probs = append(nd.probs, p)
				s = s[i+1:]
			}
			kid, rest, err := parseNode(s)
			if err != nil {
				return nil, "", err
			}
			nd.kids = append(nd.kids, kid)
			switch {
			case rest == "":
				return nil, "", fmt.Errorf("unclosed list")
			case rest[0] == ',':
				s = rest[1:]
			case rest[0] == end:
				return nd, rest[1:], nil
			default:
				return nil, "", fmt.Errorf("unexpected %q", rest)
			}
		}
	}
	i := strings.IndexAny(s, ",]}")
	if i < 0 {
		i = len(s)
	}
	v, err := strconv.ParseFloat(s[:i], 64)
	return &rnode{value: v}, s[i:], err
}

// refProb reads a probability, a decimal or a fraction.
func refProb(s string) (float64, error) {
	if num, den, ok := strings.Cut(s, "/"); ok {
		n, err1 := strconv.Atoi(num)
		d, err2 := strconv.Atoi(den)
		if err1 != nil || err2 != nil || d == 0 {
			return 0, fmt.Errorf("bad fraction %q", s)
		}
		return float64(n) / float64(d), nil
	}
	return strconv.ParseFloat(s, 64)
}

// refLetters returns the k-th name from 0: A, ..., Z, AA, AB, ...
func refLetters(k int) string {
	if k < 26 {
		return string(rune('A' + k))
	}
	return refLetters(k/26-1) + string(rune('A'+k%26))
}

// refAlphaBeta is textbook alpha-beta with MAX and MIN levels, fail-soft
// (AIMA Fig. 5.7 with v returned as it stands): it returns n's value in
// MAX's view and records every searched interior node's value and every
// pruned edge, in order, and counts the cuts that prune and the nodes
// it searches, the root included.
type refAlphaBeta struct {
	values   map[string]float64
	pruned   []string
	cuts     int
	searched int
}

func (r *refAlphaBeta) search(n *rnode, maxToMove bool, alpha, beta float64) float64 {
	r.searched++
	if len(n.kids) == 0 {
		return n.value
	}
	v := math.Inf(1)
	if maxToMove {
		v = math.Inf(-1)
	}
	for i, kid := range n.kids {
		x := r.search(kid, !maxToMove, alpha, beta)
		if maxToMove {
			v = max(v, x)
		} else {
			v = min(v, x)
		}
		if maxToMove && v >= beta || !maxToMove && v <= alpha {
			if i+1 < len(n.kids) {
				r.cuts++
				for j := i + 1; j < len(n.kids); j++ {
					r.pruned = append(r.pruned, n.label(j))
				}
			}
			break
		}
		if maxToMove {
			alpha = max(alpha, v)
		} else {
			beta = min(beta, v)
		}
	}
	r.values[n.name] = v
	return v
}

// refMiniMax records every interior node's value in MAX's view and
// returns n's.
func refMiniMax(n *rnode, maxToMove bool, values map[string]float64) float64 {
	if len(n.kids) == 0 {
		return n.value
	}
	v := math.Inf(1)
	if maxToMove {
		v = math.Inf(-1)
	}
	for _, kid := range n.kids {
		x := refMiniMax(kid, !maxToMove, values)
		if maxToMove {
			v = max(v, x)
		} else {
			v = min(v, x)
		}
	}
	values[n.name] = v
	return v
}

// refNegaMax records every interior node's value in the view of the side
// to move there and returns n's; sign is 1 where MAX moves, -1 where MIN
// does.
func refNegaMax(n *rnode, sign float64, values map[string]float64) float64 {
	if len(n.kids) == 0 {
		return sign * n.value
	}
	v := math.Inf(-1)
	for _, kid := range n.kids {
		v = max(v, -refNegaMax(kid, -sign, values))
	}
	values[n.name] = v
	return v
}

// refExpectimax records the value of every player and chance node in
// MAX's view and returns n's. maxToMove is who moves at n, or for a chance
// node, at the nodes of its outcomes.
func refExpectimax(n *rnode, maxToMove bool, values map[string]float64) float64 {
	var v float64
	switch {
	case len(n.kids) == 0:
		return n.value
	case n.chance:
		for i, kid := range n.kids {
			v += n.probs[i] * refExpectimax(kid, maxToMove, values)
		}
	default:
		v = math.Inf(1)
		if maxToMove {
			v = math.Inf(-1)
		}
		for _, kid := range n.kids {
			x := refExpectimax(kid, !maxToMove, values)
			if maxToMove {
				v = max(v, x)
			} else {
				v = min(v, x)
			}
		}
	}
	values[n.name] = v
	return v
}

// refUCB1 returns the index of the child UCB1 picks: the first unvisited,
// else the first of greatest w/n + c·sqrt(2·ln t / n).
func refUCB1(t int, c float64, w []float64, n []int) int {
	best, bestScore := -1, math.Inf(-1)
	for i := range w {
		if n[i] == 0 {
			return i
		}
		s := w[i]/float64(n[i]) + c*math.Sqrt(2*math.Log(float64(t))/float64(n[i]))
		if s > bestScore {
			best, bestScore = i, s
		}
	}
	return best
}

// refMCTS runs one MCTS iteration on the nodes of an MCTS exercise as
// the lecture states it, apart from the package: from the root, while the
// node has children, take its first child with no visits, else the child
// of greatest w/n + C·√(2·ln t / n), t the children's visits, the first
// of equal scores; one more visit for each node on the path, and to each
// total but the root's the playout's result for the player who moved
// into the node (MAX at odd depths, MIN at even ones); the leaf is
// expanded if its visits then equal the threshold. It returns the path
// and the statistics after, as "w/n" ("n" for the root), by name.
func refMCTS(nodes []exercise.MCTSNode, c float64, threshold int, result float64) (path []string, after map[string]string, expanded bool) {
	cur, depth := 0, 0
	after = map[string]string{}
	for {
		nd := nodes[cur]
		w, n := nd.W, nd.N+1
		if depth > 0 {
			if depth%2 == 1 {
				w += result
			} else {
				w += 1 - result
			}
			after[nd.Name] = strconv.FormatFloat(w, 'g', -1, 64) + "/" + strconv.Itoa(n)
		} else {
			after[nd.Name] = strconv.Itoa(n)
		}
		path = append(path, nd.Name)
		var kids []int
		t := 0
		for j, k := range nodes {
			if k.Parent == cur {
				kids = append(kids, j)
				t += k.N
			}
		}
		if len(kids) == 0 {
			return path, after, n == threshold
		}
		best, bestScore := -1, math.Inf(-1)
		for _, j := range kids {
			k := nodes[j]
			if k.N == 0 {
				best = j
				break
			}
			if s := k.W/float64(k.N) + c*math.Sqrt(2*math.Log(float64(t))/float64(k.N)); s > bestScore {
				best, bestScore = j, s
			}
		}
		cur, depth = best, depth+1
	}
}
