package crdmanagement

import (
	"strings"
	"testing"

	"github.com/go-logr/logr/funcr"

	"github.com/armgen/armgen/pkg/crdpattern"
)

// TestPatternsNameTheirSource: a bad item is reported against the setting that holds it, as the
// user of one may never have set the other (the grammar itself is crdpattern's, tested there).
func TestPatternsNameTheirSource(t *testing.T) {
	for _, c := range []struct{ pattern, additional, want string }{
		{"network.azure.com", "", `--crd-pattern "network.azure.com"`},
		{"resources.azure.com/*", "cache.azure.com", `ADDITIONAL_ASO_CRDS "cache.azure.com"`},
	} {
		_, err := ParsePatterns(c.pattern, c.additional)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), crdpattern.Grammar) {
			t.Errorf("%q + %q: error %v, want it to name %s and the grammar", c.pattern, c.additional, err, c.want)
		}
	}
	p, err := ParsePatterns("resources.azure.com/*", "cache.azure.com/Redis")
	if err != nil {
		t.Fatal(err)
	}
	if !p.Matches("cache.azure.com", "Redis") || !p.Matches("resources.azure.com", "ResourceGroup") {
		t.Errorf("joined pattern %s does not match both", p)
	}
}

// TestPatternMatchingNothingWarnsWithKnownGroups: an item naming no CRD is a warning that names
// it and the groups the operator knows.
func TestPatternMatchingNothingWarnsWithKnownGroups(t *testing.T) {
	var logged []string
	log := funcr.New(func(prefix, args string) { logged = append(logged, args) }, funcr.Options{})
	p, err := ParsePattern("resources.azure.com/*;netwrok.azure.com/*")
	if err != nil {
		t.Fatal(err)
	}
	warnUnmatched(log, p, testCatalog(t))
	if len(logged) != 1 {
		t.Fatalf("logged %q, want one warning", logged)
	}
	for _, want := range []string{"warning", "netwrok.azure.com/*", "network.azure.com,resources.azure.com"} {
		if !strings.Contains(logged[0], want) {
			t.Errorf("warning %q lacks %q", logged[0], want)
		}
	}
	if strings.Contains(logged[0], `"resources.azure.com/*"`) {
		t.Errorf("warning %q names an item that matched", logged[0])
	}
}
