package render

import (
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strconv"
	"testing"

	"github.com/searchviz/searchviz/internal/testenv"
)

// forest is a tidy layout's input: parents before children, children in
// index order.
type forest struct {
	parent        []int32
	width, height []float64
}

// shapes make the trees of the property tests, from a random source and a
// size: bushy and thin, deep and wide, and the combs on which a layout
// without threads takes quadratic time.
var shapes = []struct {
	name string
	make func(r *rand.Rand, n int) []int32
}{
	{"random recursive", func(r *rand.Rand, n int) []int32 {
		return parents(n, func(i int) int { return r.IntN(i) })
	}},
	{"chain", func(r *rand.Rand, n int) []int32 {
		return parents(n, func(i int) int { return i - 1 })
	}},
	{"fan", func(r *rand.Rand, n int) []int32 {
		return parents(n, func(i int) int { return 0 })
	}},
	{"thin", func(r *rand.Rand, n int) []int32 {
		return parents(n, func(i int) int { return i - 1 - r.IntN(min(i, 3)) })
	}},
	{"recent", func(r *rand.Rand, n int) []int32 {
		return parents(n, func(i int) int { return max(0, i-1-int(r.ExpFloat64()*8)) })
	}},
	{"left comb", func(r *rand.Rand, n int) []int32 {
		// Spine node 2k has the leaf 2k+1 and, right of it, spine node 2k+2.
		return parents(n, func(i int) int { return (i - 1) &^ 1 })
	}},
	{"right comb", func(r *rand.Rand, n int) []int32 {
		// Spine node 2k-1 has spine node 2k+1 and, right of it, the leaf 2k+2.
		return parents(n, func(i int) int { return max(0, 2*((i-1)/2)-1) })
	}},
	{"galton-watson", galtonWatson},
	{"forest", func(r *rand.Rand, n int) []int32 {
		return parents(n, func(i int) int {
			if r.IntN(10) == 0 {
				return -1
			}
			return r.IntN(i)
		})
	}},
}

// parents returns the parents of n nodes, node 0 a root and node i's
// parent pick(i) for i > 0.
func parents(n int, pick func(i int) int) []int32 {
	p := make([]int32, n)
	for i := range p {
		p[i] = -1
		if i > 0 {
			p[i] = int32(pick(i))
		}
	}
	return p
}

// galtonWatson numbers a random branching tree breadth first: each node has
// 0 to 5 children, and the root at least one, until there are n nodes.
func galtonWatson(r *rand.Rand, n int) []int32 {
	p := parents(min(n, 1), nil)
	for v := 0; len(p) < n; v++ {
		if v == len(p) {
			v = r.IntN(len(p)) // the tree died out; grow it from a random node
			p = append(p, int32(v))
			continue
		}
		for range r.IntN(6) {
			if len(p) < n {
				p = append(p, int32(v))
			}
		}
	}
	return p
}

// randomForest returns a tree of the shape with n nodes and random boxes,
// some of width 0.
func randomForest(r *rand.Rand, shape func(*rand.Rand, int) []int32, n int) forest {
	f := forest{parent: shape(r, n), width: make([]float64, n), height: make([]float64, n)}
	for i := range n {
		if r.IntN(8) != 0 {
			f.width[i] = r.Float64() * 100
		}
		f.height[i] = 1 + r.Float64()*60
	}
	return f
}

func randomSpacing(r *rand.Rand) tidySpacing {
	return tidySpacing{sibling: r.Float64() * 20, subtree: r.Float64() * 40, layer: r.Float64() * 30}
}

func mustLayoutTidy(tb testing.TB, f forest, sp tidySpacing) tidyLayout {
	tb.Helper()
	l, err := layoutTidy(f.parent, f.width, f.height, sp)
	if err != nil {
		tb.Fatalf("layoutTidy: %v", err)
	}
	return l
}

// preorder returns the nodes of f depth first, children left to right,
// the roots in index order.
func (f forest) preorder() []int32 {
	kids := make([][]int32, len(f.parent))
	var roots []int32
	for i, p := range f.parent {
		if p < 0 {
			roots = append(roots, int32(i))
		} else {
			kids[p] = append(kids[p], int32(i))
		}
	}
	order := make([]int32, 0, len(f.parent))
	stack := slices.Clone(roots)
	slices.Reverse(stack)
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		order = append(order, v)
		for i := len(kids[v]) - 1; i >= 0; i-- {
			stack = append(stack, kids[v][i])
		}
	}
	return order
}

// depths returns each node's depth, 0 for the roots.
func (f forest) depths() []int {
	d := make([]int, len(f.parent))
	for i, p := range f.parent {
		if p >= 0 {
			d[i] = d[p] + 1
		}
	}
	return d
}

// checkTidy checks the facts of a tidy drawing of f: on every layer the
// boxes stand left to right in the order of the tree, children in order,
// at least the spacing apart; every parent is centred over its first and
// last child; every layer is one row, apart from the next; every box is in
// the drawing's bounds. It returns the first fact that fails, or "".
func checkTidy(f forest, sp tidySpacing, l tidyLayout) string {
	eps := 1e-9 * (l.width + l.height + 1)
	depth := f.depths()
	byLayer := map[int][]int32{}
	for _, v := range f.preorder() {
		byLayer[depth[v]] = append(byLayer[depth[v]], v)
	}
	for d, row := range byLayer {
		for i := 1; i < len(row); i++ {
			a, b := row[i-1], row[i]
			gap := sp.subtree
			if f.parent[a] == f.parent[b] {
				gap = sp.sibling
			}
			if got := (l.x[b] - f.width[b]/2) - (l.x[a] + f.width[a]/2); got < gap-eps {
				return "layer " + strconv.Itoa(d) + ": nodes " + strconv.Itoa(int(a)) + " and " + strconv.Itoa(int(b)) +
					" are " + strconv.FormatFloat(got, 'g', 6, 64) + " apart, want at least " + strconv.FormatFloat(gap, 'g', 6, 64)
			}
		}
		if l.y[row[0]] != l.y[row[len(row)-1]] {
			return "layer " + strconv.Itoa(d) + " is not one row"
		}
	}
	first, last := map[int32]int32{}, map[int32]int32{}
	for i, p := range f.parent {
		if p < 0 {
			continue
		}
		if _, ok := first[p]; !ok {
			first[p] = int32(i)
		}
		last[p] = int32(i)
	}
	for p, c := range first {
		if mid := (l.x[c] + l.x[last[p]]) / 2; math.Abs(l.x[p]-mid) > eps {
			return "node " + strconv.Itoa(int(p)) + " at x=" + strconv.FormatFloat(l.x[p], 'g', 10, 64) +
				" is not centred over its children, whose middle is " + strconv.FormatFloat(mid, 'g', 10, 64)
		}
	}
	for i := range f.parent {
		if l.x[i]-f.width[i]/2 < -eps || l.x[i]+f.width[i]/2 > l.width+eps || l.y[i]-f.height[i]/2 < -eps || l.y[i]+f.height[i]/2 > l.height+eps {
			return "node " + strconv.Itoa(i) + " is outside the drawing"
		}
	}
	return checkLayers(f, sp, l, depth)
}

// checkLayers checks that the boxes of each layer end at least the layer
// spacing above the boxes of the next.
func checkLayers(f forest, sp tidySpacing, l tidyLayout, depth []int) string {
	bottom, top := map[int]float64{}, map[int]float64{}
	for i := range f.parent {
		d := depth[i]
		if b, ok := bottom[d]; !ok || l.y[i]+f.height[i]/2 > b {
			bottom[d] = l.y[i] + f.height[i]/2
		}
		if t, ok := top[d]; !ok || l.y[i]-f.height[i]/2 < t {
			top[d] = l.y[i] - f.height[i]/2
		}
	}
	eps := 1e-9 * (l.height + 1)
	for d := 1; d < len(top); d++ {
		if top[d]-bottom[d-1] < sp.layer-eps {
			return "layer " + strconv.Itoa(d) + " starts " + strconv.FormatFloat(top[d]-bottom[d-1], 'g', 6, 64) + " below layer " + strconv.Itoa(d-1)
		}
	}
	return ""
}

// TestTidyProperties lays out many random trees of every shape, with
// random boxes and spacings, and checks checkTidy's facts and that two
// layouts of one tree are the same.
func TestTidyProperties(t *testing.T) {
	testenv.SkipUnderRace(t, "lays out in the test goroutine")
	t.Parallel()
	// One source makes every shape's trees, in turn, before the layouts
	// run in parallel.
	r := rand.New(rand.NewPCG(11, 3))
	type trial struct {
		f  forest
		sp tidySpacing
	}
	for _, s := range shapes {
		trials := make([]trial, 300)
		for i := range trials {
			n := 1 + r.IntN(60)
			if i%10 == 0 {
				n = 1 + r.IntN(2000)
			}
			f := randomForest(r, s.make, n)
			trials[i] = trial{f, randomSpacing(r)}
		}
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			for i, tt := range trials {
				f, sp := tt.f, tt.sp
				l := mustLayoutTidy(t, f, sp)
				if msg := checkTidy(f, sp, l); msg != "" {
					t.Fatalf("trial %d, %d nodes, parents %v: %s", i, len(f.parent), shortList(f.parent), msg)
				}
				again := mustLayoutTidy(t, f, sp)
				if !slices.Equal(l.x, again.x) || !slices.Equal(l.y, again.y) || l.width != again.width {
					t.Fatalf("trial %d: two layouts of one tree differ", i)
				}
			}
		})
	}
}

// shortList shows at most the first 40 parents of a failing tree.
func shortList(p []int32) []int32 {
	return p[:min(len(p), 40)]
}

// mirror returns f with every node's children in reverse order,
// renumbered so that parents still come first, and each node's new index.
func mirror(f forest) (forest, []int32) {
	kids := make([][]int32, len(f.parent))
	var roots []int32
	for i, p := range f.parent {
		if p < 0 {
			roots = append(roots, int32(i))
		} else {
			kids[p] = append(kids[p], int32(i))
		}
	}
	index := make([]int32, len(f.parent))
	m := forest{parent: make([]int32, 0, len(f.parent)), width: make([]float64, 0, len(f.parent)), height: make([]float64, 0, len(f.parent))}
	stack := slices.Clone(roots) // reversed: the last root pops first
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		index[v] = int32(len(m.parent))
		p := int32(-1)
		if f.parent[v] >= 0 {
			p = index[f.parent[v]]
		}
		m.parent = append(m.parent, p)
		m.width = append(m.width, f.width[v])
		m.height = append(m.height, f.height[v])
		stack = append(stack, kids[v]...) // the last child pops first
	}
	return m, index
}

// TestTidyMirror checks Buchheim, Jünger and Leipert's symmetry: the
// mirror image of a tree is drawn as the mirror image of its drawing.
func TestTidyMirror(t *testing.T) {
	testenv.SkipUnderRace(t, "lays out in the test goroutine")
	t.Parallel()
	// One source makes every shape's trees, in turn, before the layouts
	// run in parallel.
	r := rand.New(rand.NewPCG(5, 8))
	type trial struct {
		f  forest
		sp tidySpacing
	}
	for _, s := range shapes {
		trials := make([]trial, 100)
		for i := range trials {
			f := randomForest(r, s.make, 1+r.IntN(300))
			trials[i] = trial{f, randomSpacing(r)}
		}
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			for k, tt := range trials {
				f, sp := tt.f, tt.sp
				l := mustLayoutTidy(t, f, sp)
				m, index := mirror(f)
				ml := mustLayoutTidy(t, m, sp)
				eps := 1e-7 * (l.width + 1)
				if math.Abs(ml.width-l.width) > eps {
					t.Fatalf("trial %d: the mirror is %g wide, the tree %g", k, ml.width, l.width)
				}
				for i := range f.parent {
					if got, want := ml.x[index[i]], l.width-l.x[i]; math.Abs(got-want) > eps {
						t.Fatalf("trial %d, parents %v: node %d mirrored is at %g, want %g", k, shortList(f.parent), i, got, want)
					}
				}
			}
		})
	}
}

// TestTidySmall checks drawings worked out by hand.
func TestTidySmall(t *testing.T) {
	testenv.SkipUnderRace(t, "lays out in the test goroutine")
	t.Parallel()
	sp := tidySpacing{sibling: 10, subtree: 20, layer: 30}
	tests := []struct {
		name          string
		f             forest
		x, y          []float64
		width, height float64
	}{
		{"no nodes", forest{}, []float64{}, []float64{}, 0, 0},
		{"one node", forest{[]int32{-1}, []float64{40}, []float64{20}}, []float64{20}, []float64{10}, 40, 20},
		{
			// Two children 40 and 20 wide, 10 apart: centres 40 apart; the
			// parent, 100 wide, is over their middle and sets the left edge.
			"parent over two children", forest{[]int32{-1, 0, 0}, []float64{100, 40, 20}, []float64{20, 10, 40}},
			[]float64{50, 30, 70}, []float64{10, 70, 70}, 100, 90,
		},
		{
			// Two cousins: the leaves under 1 and 2, 20 apart as cousins,
			// push 1 and 2 30+20 apart, more than the 10 siblings need.
			"cousins", forest{[]int32{-1, 0, 0, 1, 2}, []float64{10, 10, 10, 30, 30}, []float64{10, 10, 10, 10, 10}},
			[]float64{40, 15, 65, 15, 65}, []float64{5, 45, 45, 85, 85}, 80, 90,
		},
		{
			"two roots", forest{[]int32{-1, -1}, []float64{10, 30}, []float64{10, 10}},
			[]float64{5, 35}, []float64{5, 5}, 50, 10,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			l := mustLayoutTidy(t, tt.f, sp)
			if !slices.Equal(l.x, tt.x) || !slices.Equal(l.y, tt.y) || l.width != tt.width || l.height != tt.height {
				t.Errorf("x %v y %v, %g by %g; want x %v y %v, %g by %g", l.x, l.y, l.width, l.height, tt.x, tt.y, tt.width, tt.height)
			}
		})
	}
}

func TestTidyRefusesBadInput(t *testing.T) {
	testenv.SkipUnderRace(t, "lays out in the test goroutine")
	t.Parallel()
	sp := tidySpacing{sibling: 1, subtree: 2, layer: 3}
	one := []float64{1}
	tests := []struct {
		name   string
		parent []int32
		width  []float64
		height []float64
		sp     tidySpacing
	}{
		{"sizes missing", []int32{-1, 0}, one, one, sp},
		{"parent after child", []int32{1, -1}, []float64{1, 1}, []float64{1, 1}, sp},
		{"own parent", []int32{-1, 1}, []float64{1, 1}, []float64{1, 1}, sp},
		{"parent below -1", []int32{-2}, one, one, sp},
		{"negative width", []int32{-1}, []float64{-1}, one, sp},
		{"NaN height", []int32{-1}, one, []float64{math.NaN()}, sp},
		{"infinite width", []int32{-1}, []float64{math.Inf(1)}, one, sp},
		{"negative spacing", []int32{-1}, one, one, tidySpacing{sibling: -1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if _, err := layoutTidy(tt.parent, tt.width, tt.height, tt.sp); err == nil {
				t.Error("no error")
			}
		})
	}
}

// TestTidyDeepChain lays out a chain a million nodes deep, which a
// recursive layout could not.
func TestTidyDeepChain(t *testing.T) {
	testenv.SkipUnderRace(t, "lays out in the test goroutine")
	t.Parallel()
	n := 1_000_000
	if testing.Short() {
		n = 100_000
	}
	f := randomForest(rand.New(rand.NewPCG(1, 1)), shapes[1].make, n)
	l := mustLayoutTidy(t, f, tidySpacing{sibling: 5, subtree: 10, layer: 20})
	for i := 1; i < n; i++ {
		if l.x[i] != l.x[0] {
			t.Fatalf("node %d of a chain is at x=%g, the root at %g", i, l.x[i], l.x[0])
		}
	}
}

// TestTidyLinear checks that the layout takes linear time and memory
// without timing it: the contour steps and shift sweeps it counts, and the
// bytes it allocates, grow in proportion to the nodes on every shape,
// including the combs that make a layout without threads quadratic.
func TestTidyLinear(t *testing.T) {
	testenv.SkipUnderRace(t, "lays out in the test goroutine")
	sp := tidySpacing{sibling: 5, subtree: 10, layer: 20}
	// Not parallel: allocated counts what the whole process allocates.
	for _, s := range shapes {
		t.Run(s.name, func(t *testing.T) {
			var perNode []float64
			for _, n := range []int{10_000, 100_000} {
				f := randomForest(rand.New(rand.NewPCG(2, uint64(n))), s.make, n)
				l := mustLayoutTidy(t, f, sp)
				if l.steps > 3*n {
					t.Errorf("%d nodes took %d steps, over 3 a node", n, l.steps)
				}
				perNode = append(perNode, float64(allocated(func() { mustLayoutTidy(t, f, sp) }))/float64(n))
			}
			if perNode[1] > 1.5*perNode[0] || perNode[1] > 200 {
				t.Errorf("allocated %.0f bytes a node for 10,000 nodes and %.0f for 100,000; want at most 200, and not growing", perNode[0], perNode[1])
			}
		})
	}
}

// allocated returns the bytes that f allocates: the least of three runs,
// as the count is the whole process's.
func allocated(f func()) uint64 {
	least := uint64(math.MaxUint64)
	for range 3 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		least = min(least, after.TotalAlloc-before.TotalAlloc)
	}
	return least
}
