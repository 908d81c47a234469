package armschema

import (
	"strings"
	"testing"

	"github.com/armgen/armgen/pkg/astmodel"
)

// TestCorpusSchemaAtScope: 2021-05-01-preview declares diagnostic settings for a subscription
// (SubscriptionDiagnosticSettings, without logAnalyticsDestinationType) and for any
// resource. A payload is checked against the declaration of the resource's scope; a scope the
// version does not declare the type at is an error naming those it does.
func TestCorpusSchemaAtScope(t *testing.T) {
	v := corpus(t)
	const armType, version = "Microsoft.Insights/diagnosticSettings", "2021-05-01-preview"
	payload := []byte(`{"properties": {"logAnalyticsDestinationType": "Dedicated"}}`)
	ext, err := v.SchemaAt(armType, version, astmodel.ScopeExtension)
	if err != nil {
		t.Fatal(err)
	}
	if err := ext.Validate(payload); err != nil {
		t.Errorf("extension scope: %v", err)
	}
	subscription, err := v.SchemaAt(armType, version, astmodel.ScopeSubscription)
	if err != nil {
		t.Fatal(err)
	}
	expectProblem(t, subscription.Validate(payload), "properties.logAnalyticsDestinationType", "not a property of SubscriptionDiagnosticSettings")
	if _, err := v.SchemaAt(armType, version, astmodel.ScopeTenant); err == nil || !strings.Contains(err.Error(), "extension") {
		t.Errorf("tenant scope: %v, want an error listing the declared scopes", err)
	}
}
