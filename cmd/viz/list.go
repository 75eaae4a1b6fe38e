package main

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/spec"
)

func cmdList(args []string, stdout io.Writer) error {
	fs := newFlagSet("list")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("list: unexpected argument %q (list takes no arguments)", fs.Arg(0))
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "GAMES")
	for _, g := range catalog.Games() {
		fmt.Fprintf(tw, "  %s\t%s game\t%s\n", g.Name, g.Family, g.Help)
		fmt.Fprintf(tw, "  \tposition\t%s\n", g.PositionHelp)
		listParams(tw, g.Params)
	}
	fmt.Fprintln(tw, "\nALGORITHMS")
	for _, a := range catalog.Algorithms() {
		fmt.Fprintf(tw, "  %s\tfor %s games\t%s\n", a.Name, a.Family, a.Help)
		listParams(tw, a.Params)
	}
	return tw.Flush()
}

func listParams(w io.Writer, params []spec.Param) {
	for _, p := range params {
		in := "in"
		if p.Type == spec.Choice {
			in = "of"
		}
		fmt.Fprintf(w, "  \t%s=\t%s %s %s, default %s: %s\n", p.Name, p.Type, in, p.Range(), p.Format(p.Default), p.Help)
	}
}
