// Package engine binds the games of searchviz to its algorithms. It holds
// the game catalog, checks a request (a game spec, an algorithm spec, a
// position and a seed) completely before anything runs, describes the run
// in a trace header, and runs the search with a tracer.
//
// The command line and the web server both start searches through this
// package, so a request means the same thing wherever it comes from.
package engine
