package main

import (
	"flag"
	"io"
	"sort"
	"strings"
)

// newFlagSet returns a flag set that reports errors to its caller instead of
// printing usage, so every mistake becomes one line naming what is allowed.
func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// parseFlags parses args and turns a flag error into a usage error that
// lists the command's flags.
func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		var names []string
		fs.VisitAll(func(f *flag.Flag) { names = append(names, "--"+f.Name) })
		sort.Strings(names)
		return usagef("%s: %v (flags: %s)", fs.Name(), err, strings.Join(names, ", "))
	}
	return nil
}
