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
// writes the SVG that l makes of it to w. It is WriteDOT followed by
// l.SVG; use them apart to keep the DOT or to draw it elsewhere.
func Render(ctx context.Context, w io.Writer, t *trace.Tree, opts Options, l Layouter) error {
	if l == nil {
		return errors.New("render: no Layouter; pass a *Graphviz")
	}
	var dot bytes.Buffer
	if err := WriteDOT(&dot, t, opts); err != nil {
		return err
	}
	svg, err := l.SVG(ctx, dot.Bytes())
	if err != nil {
		return err
	}
	if _, err := w.Write(svg); err != nil {
		return fmt.Errorf("render: writing SVG: %w", err)
	}
	return nil
}
