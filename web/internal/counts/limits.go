package counts

// The limits of the counts: each bounds what a trace from elsewhere, or a
// link, can make the counts take or draw.
const (
	// MaxDepth is the deepest depth the counts view counts: deeper than
	// any depth limit the catalog's engines accept (a beam's, at 1,000),
	// and a bound on the memory a trace from elsewhere, whose nodes may
	// claim any depth, can make the counts take.
	MaxDepth = 1_000
	// MaxTraces caps the traces one counts view compares: a bar each in
	// every row, told apart by colour and pattern.
	MaxTraces = 3
	// maxChartRows caps the rows of a chart: deeper depths share its
	// last row, which says so; the tables give every depth.
	maxChartRows = 40
	// maxLegendRunes caps a series' name in a chart's legend, so that it
	// fits the chart's width; the bars' tooltips and the tables give it
	// whole.
	maxLegendRunes = 60
	// maxTicks caps the ticks of an axis, so that their labels never
	// touch.
	maxTicks = 10
)
