package render

import "github.com/searchviz/searchviz/trace"

// The slots of a Patchable drawing's caption, over the tree and in the
// legend: a page that shows values in another view rewrites their texts
// (SVG ids "a_caption" and "a_legend_caption") and keeps the drawing.
const (
	captionSlot       = "caption"
	legendCaptionSlot = "legend_caption"
)

// captionLineHeight is the height in points of the caption's cell in a
// Patchable Graphviz drawing, a line at the graph label's 12 points.
const captionLineHeight = 15

// sizingCaption returns the caption a drawing of a tree whose root has
// type root is laid out for: its own, or in a Patchable drawing the widest
// of every view's, so that the drawing is the same in every view but for
// its texts and a page can switch views by rewriting them.
func sizingCaption(root trace.NodeType, opts Options) string {
	own := captionOf(root, opts)
	if !opts.Patchable || opts.Caption != "" {
		return own
	}
	widest := own
	for _, v := range []View{ViewRoot, ViewSide} {
		if c := opts.Lang.Caption(root, v); textWidth(c, 1) > textWidth(widest, 1) {
			widest = c
		}
	}
	return widest
}

// captionOf returns the caption over a drawing of a tree whose root has
// type root: Options.Caption, or the words of the view it shows values in.
func captionOf(root trace.NodeType, opts Options) string {
	if opts.Caption != "" {
		return opts.Caption
	}
	return opts.Lang.Caption(root, opts.View)
}
