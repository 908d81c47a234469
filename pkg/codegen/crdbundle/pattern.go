// Package crdbundle picks CRDs by Azure Service Operator's crdPattern syntax and writes them as
// one multi-document YAML, so a cluster operator can install only the resources they use: every
// CRD costs API-server memory, and installing all of them runs into size and memory limits.
package crdbundle

import (
	"fmt"

	"github.com/armgen/armgen/pkg/crdpattern"
)

// ParsePattern reads the pattern of `gen crds --pattern`, in the grammar the operator's
// --crd-pattern reads (crdpattern). A pattern that names nothing (empty, or only ';' and
// blanks) is refused here, though the operator accepts it: a bundle of no CRD is never meant.
func ParsePattern(s string) (crdpattern.Pattern, error) {
	p, err := crdpattern.Parse("--pattern", s)
	if err != nil {
		return crdpattern.Pattern{}, err
	}
	if p.Empty() {
		return crdpattern.Pattern{}, fmt.Errorf("--pattern %q names no CRD; accepted: %s", s, crdpattern.Grammar)
	}
	return p, nil
}
