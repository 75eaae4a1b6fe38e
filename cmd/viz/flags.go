package main

import (
	"errors"
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
// lists the command's flags, or -h and --help into a helpRequest.
func parseFlags(fs *flag.FlagSet, args []string) error {
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		return helpRequest{fs}
	}
	if err != nil {
		var names []string
		fs.VisitAll(func(f *flag.Flag) { names = append(names, "--"+f.Name) })
		sort.Strings(names)
		return usagef("%s: %v (flags: %s)", fs.Name(), err, strings.Join(names, ", "))
	}
	return nil
}
