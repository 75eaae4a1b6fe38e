package render

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/goccy/go-graphviz"
)

// Layouter lays out a DOT graph and draws it as SVG. Graphviz is the
// in-process implementation; a server may use one that runs Graphviz in a
// worker process, to bound the memory go-graphviz leaks.
type Layouter interface {
	SVG(ctx context.Context, dot []byte) ([]byte, error)
}

var _ Layouter = (*Graphviz)(nil)

// graphvizMu guards every call into go-graphviz in the process: all its
// instances share one WebAssembly Graphviz, which concurrent calls corrupt.
var graphvizMu sync.Mutex

// Graphviz is a Layouter that runs the dot layout of Graphviz in-process,
// through go-graphviz. The zero value is ready to use: the first SVG call
// starts Graphviz and later calls reuse it. A Graphviz is safe for
// concurrent use, but calls run one at a time, process-wide; it must not
// be copied after first use, and Close releases it.
type Graphviz struct {
	gv     *graphviz.Graphviz // guarded by graphvizMu
	closed bool               // guarded by graphvizMu
}

// SVG lays out dot and returns the drawing as SVG. A call that has to wait
// for another layout checks ctx when its turn comes; a layout already
// running is not interrupted.
func (g *Graphviz) SVG(ctx context.Context, dot []byte) (svg []byte, err error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("render: layout not started: %w", err)
	}
	graphvizMu.Lock()
	defer graphvizMu.Unlock()
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("render: layout not started: %w", err)
	}
	if g.closed {
		return nil, errors.New("render: Graphviz is closed; use a new one")
	}
	if g.gv == nil {
		gv, err := graphviz.New(ctx)
		if err != nil {
			return nil, fmt.Errorf("render: cannot start Graphviz: %w; go-graphviz caches its compiled WebAssembly under $TMPDIR, check that it is writable", err)
		}
		g.gv = gv
	}
	graph, err := graphviz.ParseBytes(dot)
	if err != nil {
		return nil, fmt.Errorf("render: Graphviz cannot read the DOT: %w; check its syntax, for example with the dot command", err)
	}
	defer func() {
		if cerr := graph.Close(); cerr != nil && err == nil {
			svg, err = nil, fmt.Errorf("render: Graphviz cannot free a graph: %w", cerr)
		}
	}()
	var buf bytes.Buffer
	if err := g.gv.Render(ctx, graph, graphviz.SVG, &buf); err != nil {
		return nil, fmt.Errorf("render: Graphviz cannot lay out the graph: %w", err)
	}
	if buf.Len() == 0 {
		return nil, errors.New("render: Graphviz drew nothing; check the DOT with the dot command")
	}
	return buf.Bytes(), nil
}

// Close releases the Graphviz instance, if SVG started one. Later calls to
// SVG fail; calling Close again does nothing.
func (g *Graphviz) Close() error {
	graphvizMu.Lock()
	defer graphvizMu.Unlock()
	if g.closed {
		return nil
	}
	g.closed = true
	if g.gv == nil {
		return nil
	}
	if err := g.gv.Close(); err != nil {
		return fmt.Errorf("render: closing Graphviz: %w", err)
	}
	return nil
}
