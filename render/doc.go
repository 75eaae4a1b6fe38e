// Package render draws a trace.Tree, the search tree at one step of a
// trace, as Graphviz DOT and, through a Layouter, as SVG, or as SVG laid
// out by its own tidy-tree layout.
//
// WriteDOT is a pure, deterministic writer: the same tree at the same step
// with the same Options gives the same bytes. Render runs WriteDOT and a
// Layouter; Graphviz is the Layouter that runs Graphviz in-process.
//
// # Layouts
//
// Graphviz's dot draws small trees best, but its time grows faster than
// the tree. WriteTidySVG lays a tree out in linear time and memory with
// the tidy-tree layout of Reingold and Tilford, as Buchheim, Jünger and
// Leipert made it linear (parents centred over their children, subtrees
// pushed together as their contours allow, a subtree and its mirror image
// drawn as mirror images), and writes the SVG itself, with the same ids,
// classes, texts and style table as Graphviz's drawing; for a page
// (Options.Patchable) it writes a third of the bytes, classes where
// Graphviz writes presentation attributes, a line for each node and edge,
// which SplitPage can cut around a node. Options.Layout
// chooses: LayoutDot, the zero value, LayoutTidy, or LayoutAuto, which is
// dot for trees of at most MaxDotNodes nodes and tidy above. The legend
// names the layout that drew the picture and that rule.
//
// # Big trees: display sets
//
// A tree too big to draw whole is navigated, not drawn: an Outline, taken
// once from the final tree, ranks every node among its siblings (by visits
// in a Monte Carlo search, else the best child first, then by value for
// the player to move) and Pick chooses a display set (Shown) of at most a
// budget of nodes, after Card and Nation's degree-of-interest trees: the
// current node, the path to it and the best line always, then their
// siblings, the children a viewer expanded, the nodes the search visits
// in the coming steps, and the most interesting others under the view's
// root. Options.Shown draws a display set with the ids of the whole tree's
// drawing and a placeholder "m<p>" under each node p with children left
// out, saying "+N more" over "M nodes"; a Tally follows those counts step
// by step, and an Overview is the whole tree on a coarse grid, for a
// minimap. LayoutAuto chooses by the boxes drawn.
//
// # Stable layout
//
// While a viewer steps through one trace, a node never moves. Every step's
// DOT holds every node of the final tree, nodes 0 to Size()-1, with the
// same geometry at every step: fixed node sizes, the same edge labels (a
// pruned edge's reason is taken from the final tree), and the same legend.
// Nodes not reached yet are drawn invisible, which keeps their place. What
// changes between steps, colours, line styles and widths, fills and the
// text inside a node, does not change geometry. A Title that changes
// between steps may move nodes if it is wider than the tree.
//
// # Looks
//
// MAX nodes (the root player to move) are houses pointing up, MIN nodes
// houses pointing down, chance nodes circles, single-player nodes boxes and
// joint-move nodes diamonds; a placeholder for a pruned action is small.
// A house's roof is low (at most maxRoof points), so that a node holding a
// board is mostly board, and both layouts draw it alike: Graphviz lays out
// a box that reshapeHouses gives its roof, and edges meet the apex. Texts
// are at least 10 points, so that the scale a viewer keeps them readable
// at shows as much of the tree as can be read.
// Statuses are told apart by line style and width, fill and outlines as
// well as by colour, from the Okabe-Ito palette: the current node is thick,
// filled orange and ringed by a second outline (ringNodes, ringGap),
// nodes on its path are thick, generated nodes are dotted, pruned nodes and
// their in-edges are dashed grey with the reason for the cut on the edge,
// in the drawing's view ("α-cut: 2 ≤ α=3" in the root player's, "β-cut:
// -2 ≥ β=-3" in the side to move's; a page's drawing holds both), and after the
// decision the best line is thick, blue and filled, on edges wider than the
// current path's. Nodes on the current path show
// their α-β window under their value. In a Monte Carlo search (MCTS, PMC,
// DUCT) a node shows its mean result and visits, or at the step of a
// playout from it the playout's result, and the edge into it is 1 to 6
// points wide by the share of the root's iterations that went through it,
// growing with the square root of the share, and slate grey once the node
// is searched, so that the black current path stands out; where its
// status draws the edge wider, as on the current path, the status's width
// stays.
// An edge's label is its move's, cut to MaxLabelRunes characters with
// "…", however long the trace's label. The graph's label says whose view
// the values are in, and the optional legend explains shapes and
// statuses.
//
// # SVG ids
//
// Node i is the DOT node "n<i>" with SVG id "n<i>"; the edge into node i
// has SVG id "e<i>"; the legend has id "legend". A display set's
// placeholder under node p has the id "m<p>", its edge "em<p>", and its
// texts the slots "a_mv<p>" and "a_mw<p>"; its classes are "more
// st_more", or "more st_not_reached" while it stands for no node. Nodes and edges carry the
// SVG classes "st_<status>" (st_current, st_path, st_done, st_generated,
// st_pruned, st_best, st_kept, st_dropped, st_not_reached) and nodes also
// "ty_<type>" (ty_max, ty_min, ...), so a page can restyle them without a
// new layout; an edge drawn wider by its node's visits also has the class
// "vw<k>", k its width in points (NodeDisplay.Weight). Ids and classes
// have no hyphens, which Graphviz writes as "&#45;" in SVG.
//
// # Graphviz
//
// Graphviz comes from github.com/goccy/go-graphviz, which runs it as
// WebAssembly inside the process. It is not safe for concurrent use, so
// every call into it in this package holds one process-wide lock. Each
// render leaks about the size of its SVG (goccy/go-graphviz#111), and
// layout time grows faster than the tree (about 0.3 s for 1,000 nodes and
// 9 s for 5,000): a long-running server should keep drawings small and run
// its Layouter in a worker process that it recycles, which is why Render
// takes a Layouter interface.
package render
