package main

import (
	"errors"
	"strings"
)

// packagePrefixes are the names of this module's packages with which
// their errors begin ("catalog: unknown game ..."): they say where an
// error was made, which helps a developer reading a log, but not a
// person at the command line, who named no package. Games' names
// ("tictactoe: at offset 0: ...") are not among them: they say which
// game a position was read for; nor are arena and render, which are
// also the commands the person typed ("render: interrupted (SIGINT)").
var packagePrefixes = []string{"board", "catalog", "counts", "exercise", "explain", "play", "search", "spec", "trace", "web"}

// userMessage is err's text as viz prints it: each error of its chain
// without the package name it begins with. Only the text each error adds
// to the one it wraps is trimmed, and only at its start, so that a name
// the person gave (a file, a spec) is never cut, wherever it is quoted.
func userMessage(err error) string {
	var b strings.Builder
	for err != nil {
		msg := err.Error()
		inner := errors.Unwrap(err)
		if inner == nil {
			b.WriteString(trimPackage(msg))
			break
		}
		own, ok := strings.CutSuffix(msg, inner.Error())
		if !ok {
			// err words its inner error its own way: only its start is
			// known to be its own.
			b.WriteString(trimPackage(msg))
			break
		}
		b.WriteString(trimPackage(own))
		err = inner
	}
	return b.String()
}

// trimPackage cuts the package name msg begins with, if it is one of
// packagePrefixes.
func trimPackage(msg string) string {
	for _, p := range packagePrefixes {
		if rest, ok := strings.CutPrefix(msg, p+": "); ok {
			return rest
		}
	}
	return msg
}
