package crdmanagement

import (
	"github.com/armgen/armgen/pkg/crdpattern"
)

// ParsePattern reads s, a --crd-pattern (see crdpattern for the grammar); the empty pattern
// names nothing.
func ParsePattern(s string) (crdpattern.Pattern, error) {
	return crdpattern.Parse("--crd-pattern", s)
}

// AdditionalVar is the environment variable whose items are added to --crd-pattern, as ASO
// reads it (CAPZ sets it for the kinds it needs).
const AdditionalVar = "ADDITIONAL_ASO_CRDS"

// ParsePatterns checks --crd-pattern and ADDITIONAL_ASO_CRDS apart, so an error names the one
// that holds the bad item (the user of one may never have set the other), and returns them
// joined.
func ParsePatterns(pattern, additional string) (crdpattern.Pattern, error) {
	if _, err := crdpattern.Parse("--crd-pattern", pattern); err != nil {
		return crdpattern.Pattern{}, err
	}
	if _, err := crdpattern.Parse(AdditionalVar, additional); err != nil {
		return crdpattern.Pattern{}, err
	}
	return crdpattern.Parse("--crd-pattern", crdpattern.Join(pattern, additional))
}
