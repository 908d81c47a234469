// Command procbench times a whole process from the outside, as a user waits for it: it runs a
// command several times and prints the median wall time, CPU seconds (user+sys) and peak resident
// memory of the child, taken from the kernel's accounting of the child (wait4's rusage), so
// process start, everything the program does untimed and its exit are all counted.
//
//	go run ./internal/procbench -runs 3 -label "whole corpus" -- bench-out/gen --all --out DIR
//
// The first run's output goes through; later runs' output is shown only when they fail.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
)

func main() {
	runs := flag.Int("runs", 3, "how many times to run the command; the figures are their medians")
	label := flag.String("label", "", "what the command is, at the start of the summary line")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: procbench [-runs N] [-label TEXT] -- COMMAND [ARG...]\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() == 0 || *runs < 1 {
		flag.Usage()
		os.Exit(2)
	}
	if err := bench(os.Stdout, os.Stderr, *label, *runs, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "procbench:", err)
		os.Exit(1)
	}
}

// bench runs argv n times and prints one line per run and the medians to w.
func bench(w, childOut io.Writer, label string, n int, argv []string) error {
	var ms []measure
	for i := range n {
		out := childOut
		if i > 0 {
			out = nil
		}
		m, err := run(argv, out)
		if err != nil {
			return fmt.Errorf("run %d of %q: %w", i+1, argv[0], err)
		}
		ms = append(ms, m)
		fmt.Fprintf(w, "%s run %d: %s\n", label, i+1, m)
	}
	fmt.Fprintf(w, "%s: median of %d runs: %s\n", label, n, median(ms))
	return nil
}
