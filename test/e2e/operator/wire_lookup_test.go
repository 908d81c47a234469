package operator_test

import (
	"fmt"
	"testing"
)

// TestWireLookupNames: the wire check finds a spec property under the wire names the generator
// derives it from: dotted and underscored names (odata.type, Application_Type), names renamed
// for a clash (propertiesKind for properties.Kind, ruleconditions for conditions), and every
// depth a name occurs at (a web test's name and its properties.Name).
func TestWireLookupNames(t *testing.T) {
	wire := map[string]any{
		"name": "samplewebtest",
		"kind": "ping",
		"properties": map[string]any{
			"odata.type":       "Microsoft.Azure.Monitor.SingleResourceMultipleMetricCriteria",
			"Application_Type": "web",
			"Kind":             "multistep",
			"Name":             "home page",
			"conditions":       []any{"c"},
			"parameters":       map[string]any{"@odata.type": "#Microsoft.Azure.Cdn.Models.DeliveryRuleHeaderActionParameters"},
		},
	}
	prefixes := []string{"properties", "rule"}
	for key, want := range map[string]string{
		"odataType":       "[Microsoft.Azure.Monitor.SingleResourceMultipleMetricCriteria]",
		"applicationType": "[web]",
		"propertiesKind":  "[ping multistep]",
		"ruleconditions":  "[[c]]",
		"name":            "[samplewebtest home page]",
	} {
		if got := fmt.Sprint(lookup(wire, key, prefixes)); got != want {
			t.Errorf("lookup(%s) = %s, want %s", key, got, want)
		}
	}
	params := wire["properties"].(map[string]any)["parameters"].(map[string]any)
	if got := fmt.Sprint(lookup(params, "odataType", nil)); got != "[#Microsoft.Azure.Cdn.Models.DeliveryRuleHeaderActionParameters]" {
		t.Errorf("lookup(odataType) in a rule's parameters = %s", got)
	}
}
