package render

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/searchviz/searchviz/trace"
)

// Render draws tree t, as it stands at its current step, with opts and
// writes the SVG to w. With opts.Layout LayoutDot, the zero value, it is
// WriteDOT followed by l.SVG (use them apart to keep the DOT or to draw it
// elsewhere); with LayoutTidy it is WriteTidySVG, and l may be nil;
// LayoutAuto picks one of them by the number of boxes drawn (Layout.For):
// the tree's nodes, or with Options.Shown the display set's nodes and
// placeholders. With opts.Crop, a step before the last is cropped to
// what it shows (see Options.Crop).
func Render(ctx context.Context, w io.Writer, t *trace.Tree, opts Options, l Layouter) error {
	if t != nil && cropWanted(t.Step(), t.Len(), opts) {
		var full bytes.Buffer
		opts.Crop = false
		if err := Render(ctx, &full, t, opts, l); err != nil {
			return err
		}
		if _, err := w.Write(cropSVG(full.Bytes())); err != nil {
			return fmt.Errorf("render: writing SVG: %w", err)
		}
		return nil
	}
	if t != nil && opts.Layout.For(Boxes(t, opts.Shown)) == LayoutTidy {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("render: layout not started: %w", err)
		}
		return WriteTidySVG(w, t, opts)
	}
	if l == nil {
		return errors.New("render: no Layouter; pass a *Graphviz, or draw with Options.Layout LayoutTidy")
	}
	var dot bytes.Buffer
	reasons, err := dotAndReasons(&dot, t, opts)
	if err != nil {
		return err
	}
	svg, err := l.SVG(ctx, dot.Bytes())
	if err != nil {
		return err
	}
	if _, err := w.Write(patchReasons(ringNodes(reshapeHouses(svg), opts.Patchable), reasons)); err != nil {
		return fmt.Errorf("render: writing SVG: %w", err)
	}
	return nil
}

// Boxes returns the number of boxes a drawing of t with display set s
// has: its nodes and placeholders, or with a nil s every node of t.
func Boxes(t *trace.Tree, s *Shown) int {
	if s != nil {
		return s.Drawn()
	}
	return t.Size()
}
