package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// ANSI styles; paint uses them only when colour is on.
const (
	styleBold   = "1"
	styleDim    = "2"
	styleRed    = "31"
	styleGreen  = "32"
	styleYellow = "33"
)

// colourOn reports whether to colour what goes to w: only when w is a terminal, NO_COLOR
// (https://no-color.org) is unset and TERM is not "dumb". Files, pipes and test buffers never get
// escape codes.
func colourOn(w io.Writer) bool {
	if os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
		return false
	}
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// painter colours text for one writer.
type painter bool

func (p painter) paint(style, s string) string {
	if !p {
		return s
	}
	return "\x1b[" + style + "m" + s + "\x1b[0m"
}

// stagePrinter prints one line per stage with its wall time; slow stages stand out in colour.
func stagePrinter(w io.Writer, verbose bool) func(pipeline.Report) {
	p := painter(colourOn(w))
	return func(r pipeline.Report) {
		elapsed := fmt.Sprintf("%8s", r.Elapsed.Round(10*time.Microsecond))
		switch {
		case r.Elapsed >= time.Second:
			elapsed = p.paint(styleRed, elapsed)
		case r.Elapsed >= 100*time.Millisecond:
			elapsed = p.paint(styleYellow, elapsed)
		}
		line := fmt.Sprintf("%s %-24s %s", p.paint(styleDim, fmt.Sprintf("[%2d/%d]", r.Index+1, r.Total)), r.Stage.ID, elapsed)
		if verbose {
			line += fmt.Sprintf("  %7.1f MiB  %s", float64(r.Allocated)/(1<<20), r.Stage.Description)
		}
		fmt.Fprintln(w, line)
	}
}
