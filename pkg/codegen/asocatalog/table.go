package asocatalog

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// WriteTable prints one line per ASO kind: its status here, ASO's group, kind, ARM type and
// api-versions, and armgen's kind and exported (or newest available) api-versions. A kind named
// otherwise than ASO names it is marked (ASO: Kind), since ASO manifests name the kind: exporting
// it needs $exportAs. The last column lists ASO's api-versions of the kind that the corpus has
// but azure-arm.yaml does not export (an ASO manifest at one of them is refused here). A summary
// follows.
func WriteTable(w io.Writer, rows []Row) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "STATUS\tASO GROUP\tASO KIND\tARM TYPE\tASO API VERSIONS\tARMGEN KIND\tARMGEN VERSIONS\tASO VERSIONS NOT EXPORTED")
	renamed, lacking, lackingVersions := 0, 0, 0
	for _, r := range rows {
		kind, versions := "-", "-"
		switch r.Status {
		case Exported:
			kind, versions = r.Kind, strings.Join(r.Exported, ",")
			if r.Kind != r.ASO.Kind {
				kind += " (ASO: " + r.ASO.Kind + ")"
				renamed++
			}
		case InCorpus:
			kind, versions = r.Kind, "newest "+r.Newest
			if r.Kind != r.ASO.Kind {
				kind += " (ASO: " + r.ASO.Kind + ")"
			}
		}
		unexported := "-"
		if len(r.Unexported) > 0 {
			unexported = strings.Join(r.Unexported, ",")
			if r.Status == Exported {
				lacking++
				lackingVersions += len(r.Unexported)
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r.Status, r.ASO.Group, r.ASO.Kind, r.ASO.ARMType,
			strings.Join(r.ASO.APIVersions, ","), kind, versions, unexported)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	t := Totals(rows)
	_, err := fmt.Fprintf(w, "%d ASO kinds: %d exported (%d under another kind name), %d in the corpus but not exported, %d not in the corpus; %d exported kinds lack %d of ASO's api-versions the corpus has\n",
		len(rows), t[Exported], renamed, t[InCorpus], t[NotInCorpus], lacking, lackingVersions)
	return err
}
