package catalog

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// WriteTable prints the catalog as an aligned table: one row per resource with its newest stable
// and newest preview api-versions, or with allVersions one row per api-version. The EXPORTED
// column shows what azure-arm.yaml exports. Problems follow the table, one line each.
func WriteTable(w io.Writer, c *Catalog, allVersions bool) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	if allVersions {
		fmt.Fprintln(tw, "GROUP\tKIND\tAPI VERSION\tSTABILITY\tARM TYPE\tSCOPE\tEXPORTED\tSOURCE")
		for _, r := range c.Resources {
			for _, v := range r.Versions {
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r.Group, v.Kind, v.APIVersion, stability(v.Stable),
					r.ARMType, v.Scope, exportMark(v), v.File)
			}
		}
	} else {
		fmt.Fprintln(tw, "GROUP\tKIND\tSTABLE\tPREVIEW\tARM TYPE\tSCOPE\tEXPORTED\tSOURCE")
		for _, r := range c.Resources {
			stable, preview := newestOf(r, true), newestOf(r, false)
			exported := strings.Join(r.Exported(), ",")
			if exported == "" {
				exported = "-"
			} else {
				exported = "✓ " + exported
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r.Group, r.Kind, stable, preview, r.ARMType, r.Scope, exported, r.Newest().File)
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, p := range c.Problems {
		if _, err := fmt.Fprintf(w, "error: %s %s (%s): %s\n", p.Group, p.APIVersion, p.Provider, p.Error); err != nil {
			return err
		}
	}
	return nil
}

// newestOf shows the newest version of one stability and how many older ones there are.
func newestOf(r *Resource, stable bool) string {
	newest, n := "", 0
	for _, v := range r.Versions {
		if v.Stable == stable {
			newest = v.APIVersion
			n++
		}
	}
	switch n {
	case 0:
		return "-"
	case 1:
		return newest
	}
	return fmt.Sprintf("%s (+%d)", newest, n-1)
}

func stability(stable bool) string {
	if stable {
		return "stable"
	}
	return "preview"
}

func exportMark(v Version) string {
	switch {
	case v.ExportedAs != "":
		return "✓ as " + v.ExportedAs
	case v.Exported:
		return "✓"
	}
	return "-"
}
