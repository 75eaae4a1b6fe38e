// Package spec parses the specs that name games and algorithms everywhere in
// searchviz — on the command line, in web forms and in trace headers — and
// checks their parameters against a declared list.
//
// A spec is a name followed by optional key=value parameters separated by
// spaces, for example
//
//	alphabeta depth=4
//	maze h=5 w=5 turns=3
//
// Every parameter is declared once, with its type, default, range and a
// one-line help text, so that the CLI's listing and the web's forms are
// generated from the same source as the checks.
package spec
