// Package asocatalog holds which resource kinds Azure Service Operator v2 exports (the facts in
// aso-catalog.yaml, recorded from ASO's per-group generator configuration) and compares them with
// what a spec root offers and azure-arm.yaml exports: `gen report aso` prints that comparison and
// docs/resources.md names the ASO kind each generated resource matches.
package asocatalog

import (
	_ "embed"
	"fmt"
	"regexp"
	"sort"
	"strings"

	"sigs.k8s.io/yaml"
)

// DataFile is the name of the embedded data file, used in error messages.
const DataFile = "pkg/codegen/asocatalog/aso-catalog.yaml"

// Repository is where the recorded facts come from; each Source names a file in it and a commit.
const Repository = "github.com/Azure/azure-service-operator"

//go:embed aso-catalog.yaml
var data []byte

// Catalog is every ARM kind ASO exports.
type Catalog struct {
	Sources []Source `json:"sources"`
}

// Source is one of ASO's per-group config files and the kinds it exports.
type Source struct {
	// File is relative to v2/azure-arm in ASO's repository.
	File   string `json:"file"`
	Commit string `json:"commit"`
	// Group is ASO's API group, without .azure.com.
	Group string `json:"group"`
	Kinds []Kind `json:"kinds"`
}

// Kind is one kind ASO exports.
type Kind struct {
	Kind        string   `json:"kind"`
	ARMType     string   `json:"armType"`
	APIVersions []string `json:"apiVersions"`
}

// Entry is a Kind with its group and source, the unit callers work with.
type Entry struct {
	Group       string
	Kind        string
	ARMType     string
	APIVersions []string
	// Source is "v2/azure-arm/<file>@<commit>".
	Source string
}

var (
	armTypePattern    = regexp.MustCompile(`^Microsoft\.[A-Za-z]+(/[A-Za-z0-9]+)+$`)
	apiVersionPattern = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}(-preview)?$`)
	commitPattern     = regexp.MustCompile(`^[0-9a-f]{40}$`)
	kindPattern       = regexp.MustCompile(`^[A-Z][A-Za-z0-9]*$`)
	groupPattern      = regexp.MustCompile(`^[a-z][a-z0-9.]*$`)
)

// Load parses the embedded data file.
func Load() (*Catalog, error) {
	return Parse(data, DataFile)
}

// Parse reads and checks catalog data; name is the file for error messages. Every problem is an
// error naming the entry (sources[i].kinds[j]) and the field.
func Parse(b []byte, name string) (*Catalog, error) {
	var c Catalog
	if err := yaml.UnmarshalStrict(b, &c); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(c.Sources) == 0 {
		return nil, fmt.Errorf("%s: no sources", name)
	}
	seenKind := map[string]string{}
	seenType := map[string]string{}
	for i, s := range c.Sources {
		at := fmt.Sprintf("%s: sources[%d] (%s)", name, i, s.File)
		switch {
		case !strings.HasSuffix(s.File, ".yaml"):
			return nil, fmt.Errorf("%s: file %q is not a v2/azure-arm/<group>.yaml name", at, s.File)
		case !commitPattern.MatchString(s.Commit):
			return nil, fmt.Errorf("%s: commit %q is not a 40-hex-digit commit", at, s.Commit)
		case !groupPattern.MatchString(s.Group):
			return nil, fmt.Errorf("%s: group %q is not a lower-case API group name", at, s.Group)
		case len(s.Kinds) == 0:
			return nil, fmt.Errorf("%s: no kinds", at)
		}
		for j, k := range s.Kinds {
			at := fmt.Sprintf("%s: sources[%d].kinds[%d] (%s/%s)", name, i, j, s.Group, k.Kind)
			if !kindPattern.MatchString(k.Kind) {
				return nil, fmt.Errorf("%s: kind %q is not an upper-camel-case Kubernetes kind", at, k.Kind)
			}
			if !armTypePattern.MatchString(k.ARMType) {
				return nil, fmt.Errorf("%s: armType %q is not Microsoft.<Provider>/<type>[/<subtype>...]", at, k.ARMType)
			}
			if len(k.APIVersions) == 0 {
				return nil, fmt.Errorf("%s: no apiVersions", at)
			}
			for _, v := range k.APIVersions {
				if !apiVersionPattern.MatchString(v) {
					return nil, fmt.Errorf("%s: apiVersion %q is not YYYY-MM-DD[-preview]", at, v)
				}
			}
			if !sort.StringsAreSorted(k.APIVersions) {
				return nil, fmt.Errorf("%s: apiVersions %v are not oldest first", at, k.APIVersions)
			}
			key := s.Group + "/" + k.Kind
			if prev, ok := seenKind[key]; ok {
				return nil, fmt.Errorf("%s: kind %s is listed twice (also at %s)", at, key, prev)
			}
			seenKind[key] = at
			t := strings.ToLower(k.ARMType)
			if prev, ok := seenType[t]; ok {
				return nil, fmt.Errorf("%s: ARM type %s is listed twice (also at %s)", at, k.ARMType, prev)
			}
			seenType[t] = at
		}
	}
	return &c, nil
}

// Entries lists every kind, in file order.
func (c *Catalog) Entries() []Entry {
	var out []Entry
	for _, s := range c.Sources {
		for _, k := range s.Kinds {
			out = append(out, Entry{Group: s.Group, Kind: k.Kind, ARMType: k.ARMType, APIVersions: k.APIVersions,
				Source: "v2/azure-arm/" + s.File + "@" + s.Commit})
		}
	}
	return out
}

// Groups counts the API groups with at least one kind.
func (c *Catalog) Groups() int {
	return len(c.Sources)
}

// ByARMType indexes the entries by lower-cased ARM type: ARM types are case-insensitive, and the
// swagger and ASO do not always agree on the case (trafficmanagerprofiles, serverfarms).
func (c *Catalog) ByARMType() map[string]Entry {
	out := map[string]Entry{}
	for _, e := range c.Entries() {
		out[strings.ToLower(e.ARMType)] = e
	}
	return out
}
