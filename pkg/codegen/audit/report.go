package audit

import (
	"bufio"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
)

// Outcome is where a property went.
type Outcome string

// The outcomes.
const (
	InSpec      Outcome = "spec"
	InStatus    Outcome = "status"
	Renamed     Outcome = "renamed"
	Excluded    Outcome = "excluded"
	Unaccounted Outcome = "unaccounted"
)

// Row is one swagger property of one resource side.
type Row struct {
	// Resource is group/version/Kind.
	Resource string
	Side     Side
	// Wire is the property's path on the wire from the body or response root: properties.a[].b,
	// (kind=value) for a union's variant, {} for a map's values.
	Wire string
	// Source is where the swagger declares it: file#/json/pointer.
	Source  string
	Outcome Outcome
	// Path is the Kubernetes path it went to (spec, status or renamed).
	Path string
	// Rule is why: the rename's setting or rule, the exclusion rule, or, for an unaccounted
	// property, the likely cause.
	Rule string
}

// Report is the audit of a run.
type Report struct {
	Rows []Row
}

// Count returns the number of rows with the outcome.
func (r *Report) Count(o Outcome) int {
	n := 0
	for _, row := range r.Rows {
		if row.Outcome == o {
			n++
		}
	}
	return n
}

// Unaccounted returns the rows of lost properties.
func (r *Report) Unaccounted() []Row {
	var out []Row
	for _, row := range r.Rows {
		if row.Outcome == Unaccounted {
			out = append(out, row)
		}
	}
	return out
}

// KeptAsJSON starts the rule of a spec or status row whose property holds arbitrary JSON where
// the swagger gives a schema (the deeper levels of a large recursive type, cut by break-cycles).
const KeptAsJSON = "kept-as-json"

// JSONKept counts the rows whose property holds arbitrary JSON (KeptAsJSON).
func (r *Report) JSONKept() int {
	n := 0
	for _, row := range r.Rows {
		if strings.HasPrefix(row.Rule, KeptAsJSON+":") {
			n++
		}
	}
	return n
}

// Summary is the one-line account: properties=N spec=.. status=.. renamed=.. excluded=.. unaccounted=U.
func (r *Report) Summary() string {
	return fmt.Sprintf("properties=%d spec=%d status=%d renamed=%d excluded=%d unaccounted=%d",
		len(r.Rows), r.Count(InSpec), r.Count(InStatus), r.Count(Renamed), r.Count(Excluded), r.Count(Unaccounted))
}

// Breakdown counts the rows of an outcome by the first word of their rule (the rule's name, or
// for unaccounted rows the likely cause), most first.
func (r *Report) Breakdown(o Outcome) []string {
	counts := make(map[string]int)
	for _, row := range r.Rows {
		if row.Outcome == o {
			name, _, _ := strings.Cut(row.Rule, ":")
			counts[name]++
		}
	}
	keys := slices.Collect(maps.Keys(counts))
	slices.SortFunc(keys, func(a, b string) int {
		if counts[a] != counts[b] {
			return counts[b] - counts[a]
		}
		return strings.Compare(a, b)
	})
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = fmt.Sprintf("%s=%d", k, counts[k])
	}
	return out
}

// WriteTSV writes the report as tab-separated values with a header line.
func (r *Report) WriteTSV(w io.Writer) error {
	b := bufio.NewWriter(w)
	fmt.Fprintln(b, "resource\tside\twire\toutcome\tpath\trule\tsource")
	for _, row := range r.Rows {
		fmt.Fprintf(b, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", row.Resource, row.Side, row.Wire, row.Outcome, row.Path, tsv(row.Rule), row.Source)
	}
	return b.Flush()
}

func tsv(s string) string { return strings.NewReplacer("\t", " ", "\n", " ").Replace(s) }

// Error is a run's audit with unaccounted properties.
type Error struct {
	Report *Report
}

func (e *Error) Error() string {
	lost := e.Report.Unaccounted()
	var b strings.Builder
	fmt.Fprintf(&b, "audit: %d swagger properties are not accounted for (%s):", len(lost), e.Report.Summary())
	const shown = 50
	for i, row := range lost {
		if i == shown {
			fmt.Fprintf(&b, "\n  ... and %d more (the full list: gen --audit, rows with outcome unaccounted)", len(lost)-shown)
			break
		}
		fmt.Fprintf(&b, "\n  %s: %s %s %s (%s)", row.Source, row.Resource, row.Side, row.Wire, row.Rule)
	}
	return b.String()
}
