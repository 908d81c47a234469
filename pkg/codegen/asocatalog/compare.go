package asocatalog

import (
	"strings"

	"github.com/armgen/armgen/pkg/codegen/catalog"
)

// Status is what armgen has for one of ASO's kinds.
type Status string

const (
	// Exported: azure-arm.yaml exports the ARM type in at least one api-version.
	Exported Status = "exported"
	// InCorpus: the spec root has the ARM type, but azure-arm.yaml does not export it.
	InCorpus Status = "in corpus, not exported"
	// NotInCorpus: the spec root has no PUT for the ARM type, so it cannot be generated.
	NotInCorpus Status = "NOT IN THE CORPUS"
)

// Row compares one of ASO's kinds with the spec root and azure-arm.yaml.
type Row struct {
	ASO    Entry
	Status Status
	// Group and Kind are armgen's for the ARM type (Kind as exported when azure-arm.yaml renames
	// it); empty when not in the corpus.
	Group, Kind string
	// Exported are the api-versions azure-arm.yaml exports.
	Exported []string
	// Newest is the corpus's newest stable api-version, else its newest preview.
	Newest string
	// Unexported are ASO's api-versions of the kind that the corpus has but azure-arm.yaml does not
	// export: an ASO manifest names its api-version, so one at such a version is refused here
	// although the kind could serve it.
	Unexported []string `json:",omitempty"`
}

// Compare matches every ASO kind with the catalog's resource of the same ARM type, ignoring case.
// Rows keep the order of the data file.
func Compare(aso *Catalog, cat *catalog.Catalog) []Row {
	byType := map[string]*catalog.Resource{}
	for _, r := range cat.Resources {
		t := strings.ToLower(r.ARMType)
		// A type discovered in two groups (rare) counts where it is exported.
		if prev, ok := byType[t]; !ok || len(prev.Exported()) == 0 {
			byType[t] = r
		}
	}
	var rows []Row
	for _, e := range aso.Entries() {
		row := Row{ASO: e, Status: NotInCorpus}
		if r, ok := byType[strings.ToLower(e.ARMType)]; ok {
			row.Group, row.Kind, row.Newest = r.Group, r.Kind, r.Newest().APIVersion
			row.Status = InCorpus
			byVersion := map[string]catalog.Version{}
			for _, v := range r.Versions {
				byVersion[strings.ToLower(v.APIVersion)] = v
				if v.Exported {
					row.Status = Exported
					row.Exported = append(row.Exported, v.APIVersion)
					if v.ExportedAs != "" {
						row.Kind = v.ExportedAs
					}
				}
			}
			for _, av := range e.APIVersions {
				if v, ok := byVersion[strings.ToLower(av)]; ok && !v.Exported {
					row.Unexported = append(row.Unexported, v.APIVersion)
				}
			}
		}
		rows = append(rows, row)
	}
	return rows
}

// Totals counts rows per status.
func Totals(rows []Row) map[Status]int {
	out := map[Status]int{}
	for _, r := range rows {
		out[r.Status]++
	}
	return out
}
