package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/audit"
)

// printAudit writes the audit's rows as TSV to stdout, and its summary line, with the exclusions
// by rule and the unaccounted properties by likely cause, to stderr.
func printAudit(stdout, stderr io.Writer, rep *audit.Report) error {
	if err := rep.WriteTSV(stdout); err != nil {
		return err
	}
	fmt.Fprintln(stderr, "audit:", rep.Summary())
	if by := rep.Breakdown(audit.Excluded); len(by) > 0 {
		fmt.Fprintln(stderr, "audit: excluded by rule:", strings.Join(by, " "))
	}
	if n := rep.JSONKept(); n > 0 {
		fmt.Fprintf(stderr, "audit: kept as JSON by rule: %s=%d\n", astmodel.ByCycleDepth, n)
	}
	if by := rep.Breakdown(audit.Unaccounted); len(by) > 0 {
		fmt.Fprintln(stderr, "audit: unaccounted by likely cause:", strings.Join(by, " "))
	}
	return nil
}
