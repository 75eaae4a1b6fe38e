// Package catalog is the registry of searchviz: every game and every
// search algorithm as one value each, and the runner that binds them. It
// checks a request (a game spec, an algorithm spec, a position and a seed)
// completely before anything runs, describes the run in a trace header,
// and runs the search with a tracer.
//
// The command line and the web server both list and start searches through
// this package, so a name means the same thing wherever it is used.
package catalog
