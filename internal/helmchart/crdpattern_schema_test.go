package helmchart

import (
	"strings"
	"testing"

	"github.com/armgen/armgen/pkg/crdpattern"
)

// TestCRDPatternSchemaIsTheGrammar: the chart's schema for crdPattern accepts exactly what the
// operator's --crd-pattern parses (crdpattern), so a value helm accepts never stops the
// operator at start, and one the operator would take is never refused at install.
func TestCRDPatternSchemaIsTheGrammar(t *testing.T) {
	ch, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{
		"", "*", "**", "*/*", " resources.azure.com/* ", "resources.azure.com/*;network.azure.com/VirtualNetwork*",
		"resources.azure.com/*;", ";resources.azure.com/*", "a/b;;c/d", "network.azure.com/VirtualNetwor?",
		"my_group.example.com/Some_Kind", "resources.azure.com/Resource_Group", "network-x.azure.com/*",
		// Refused by both.
		"resources.azure.com", "network*", "/ResourceGroup", "resources.azure.com/", "a/b/c",
		"resources.azure.com/*,network.azure.com/*", "resources.azure.com/Resource Group", "network.azure.com/[abc]",
	} {
		_, parseErr := crdpattern.Parse("--crd-pattern", p)
		_, renderErr := Template(ch, map[string]any{"crdPattern": p}, DefaultRelease)
		schemaRefuses := renderErr != nil && strings.Contains(renderErr.Error(), "crdPattern")
		if renderErr != nil && !schemaRefuses {
			t.Fatalf("%q: %v", p, renderErr)
		}
		if (parseErr != nil) != schemaRefuses {
			t.Errorf("crdPattern %q: the operator's grammar says %v, the chart's schema %v", p, parseErr, renderErr)
		}
	}
}
