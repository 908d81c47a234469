package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/armgen/armgen/pkg/codegen"
	"github.com/armgen/armgen/pkg/codegen/diff"
)

func newCheckCommand(g *globalFlags) *cobra.Command {
	var maxLines int
	cmd := &cobra.Command{
		Use:   "check",
		Short: "Fail when generated/ or the generated docs differ from a fresh generation",
		Long: `check generates in memory, exactly as gen would, and compares the result with the output
directory and the generated pages of the docs folder (resources.md and resources/) on disk; it
writes nothing. It exits 0 when they are equal; otherwise it lists the files that differ, prints
a unified diff of the changed ones (- on disk, + regenerated) and the command that fixes it (gen
with the same flags), and exits 1. CI runs it, so a stale generated/ fails the build. With --all
and --out it checks the output of gen --all --out.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runCheck(cmd, g, maxLines)
		},
	}
	cmd.Flags().StringVarP(&g.out, "out", "o", "", "the output directory to check (default outputPath in the config)")
	cmd.Flags().StringVar(&g.docs, "docs", "", "the docs folder to check (default docsPath in the config; none with --out)")
	cmd.Flags().IntVar(&maxLines, "max-diff-lines", 200, "print at most this many lines of diff; 0 prints all")
	cmd.Flags().BoolVar(&g.all, "all", false, "check the output of gen --all (every resource type of the spec root); use with --out")
	cmd.Flags().BoolVar(&g.fullDesc, "full-descriptions", false, "check output generated with gen --full-descriptions")
	return cmd
}

func runCheck(cmd *cobra.Command, g *globalFlags, maxLines int) error {
	o, err := g.options()
	if err != nil {
		return err
	}
	warnSpecDrift(cmd.ErrOrStderr(), o)
	errOut := cmd.ErrOrStderr()
	if !g.quiet {
		o.Observe = stagePrinter(errOut, g.verbose)
	}
	start := time.Now()
	res, err := codegen.Check(cmd.Context(), o)
	if err != nil {
		return err
	}
	p := painter(colourOn(errOut))
	if len(res.Drift) == 0 {
		if !g.quiet {
			what := res.OutputDir
			if res.DocsDir != "" {
				what += " and the pages in " + res.DocsDir
			}
			fmt.Fprintf(errOut, "%s: %s match a fresh generation (%d files, %d pages) in %s\n", p.paint(styleGreen, "up to date"),
				what, len(res.Files), len(res.Docs), time.Since(start).Round(time.Millisecond))
		}
		return nil
	}
	writeDrift(cmd.OutOrStdout(), res.Drift, maxLines)
	return fmt.Errorf("%d generated file(s) differ from a fresh generation; run `%s` and commit the result", len(res.Drift), fixCommand(g))
}

// writeDrift lists the files that differ, then the diffs of the changed ones, stopping after
// maxLines lines of diff (0: no limit) so that a big regeneration does not flood a CI log.
func writeDrift(w io.Writer, drift []codegen.Drift, maxLines int) {
	fmt.Fprintf(w, "%d file(s) differ from a fresh generation:\n", len(drift))
	for _, d := range drift {
		switch d.Kind {
		case codegen.Missing:
			fmt.Fprintf(w, "  missing  %s (would be generated, %d lines)\n", d.Path, bytes.Count(d.Want, []byte("\n")))
		case codegen.Extra:
			fmt.Fprintf(w, "  extra    %s (no longer generated)\n", d.Path)
		default:
			fmt.Fprintf(w, "  changed  %s\n", d.Path)
		}
	}
	printed, left := 0, 0
	for _, d := range drift {
		if d.Kind != codegen.Changed {
			continue
		}
		text := diff.Unified(d.Path+" (on disk)", d.Path+" (regenerated)", d.Got, d.Want, 3)
		lines := strings.SplitAfter(strings.TrimSuffix(text, "\n"), "\n")
		if printed == 0 {
			fmt.Fprintln(w)
		}
		for _, l := range lines {
			if maxLines > 0 && printed >= maxLines {
				left++
				continue
			}
			fmt.Fprint(w, l)
			printed++
		}
		if maxLines == 0 || printed < maxLines {
			fmt.Fprintln(w)
		}
	}
	if left > 0 {
		fmt.Fprintf(w, "\n… %d more line(s) of diff not shown (--max-diff-lines 0 shows all)\n", left)
	}
}

// fixCommand is the command that regenerates what check compared: gen with every flag check was
// given that changes what is generated, so that it writes the same files check expected. Only a
// check with none of them is fixed by make generate.
func fixCommand(g *globalFlags) string {
	var args []string
	add := func(flag, value, def string) {
		if value != def {
			args = append(args, flag, shellQuote(value))
		}
	}
	add("-c", g.config, "azure-arm.yaml")
	add("--spec-root", g.specRoot, "")
	add("--package", g.goPackage, "")
	if g.all {
		args = append(args, "--all")
	}
	if g.fullDesc {
		args = append(args, "--full-descriptions")
	}
	add("-o", g.out, "")
	add("--docs", g.docs, "")
	if len(args) == 0 {
		return "make generate"
	}
	return "go run ./cmd/gen " + strings.Join(args, " ")
}

// shellQuote quotes a value for a POSIX shell when it holds anything but safe characters.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:=@+,") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
