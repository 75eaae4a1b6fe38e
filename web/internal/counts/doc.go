// Package counts counts what traced searches did at each depth of their
// trees (nodes, pruned moves, cuts, evaluations, visits, table hits) and
// tells it: in words, as SVG bar charts and as the cells of tables, for
// the web's counts page and panels to show.
package counts
