package armfake

import "testing"

// TestDiscriminatedBaseAdditionalProperties: a metric alert's criteria are polymorphic on
// odata.type, and the base declares additionalProperties of type object. The variant the body
// names holds allOf, a list; the base's additionalProperties describe no variant's properties, so
// armfake must accept the variant's own properties rather than judge them by the base.
func TestDiscriminatedBaseAdditionalProperties(t *testing.T) {
	s := StartTest(t, Options{SpecRoot: corpusRoot(t), Groups: []string{"resources", "insights"}, LROPolls: -1})
	expect(t, call(t, s, "PUT", rg+rgAPI, map[string]any{"location": "westus"}), 201, "")
	alert := rg + "/providers/Microsoft.Insights/metricAlerts/a1?api-version=2018-03-01"
	put := call(t, s, "PUT", alert, map[string]any{"location": "global", "properties": map[string]any{
		"severity": 3, "enabled": true, "evaluationFrequency": "PT5M", "windowSize": "PT15M",
		"scopes": []any{rg + "/providers/Microsoft.Storage/storageAccounts/acct1"},
		"criteria": map[string]any{
			"odata.type": "Microsoft.Azure.Monitor.SingleResourceMultipleMetricCriteria",
			"allOf": []any{map[string]any{"criterionType": "StaticThresholdCriterion", "name": "c1",
				"metricName": "Transactions", "operator": "GreaterThan", "threshold": 10, "timeAggregation": "Total"}},
		}}})
	expect(t, put, 201, "")
}

// TestEtagDeclaredAsObject: a workbook's swagger declares etag as a map of strings. armfake
// fills in an etag string only where the response schema has one, so that a client decoding
// the answer by that schema can.
func TestEtagDeclaredAsObject(t *testing.T) {
	s := StartTest(t, Options{SpecRoot: corpusRoot(t), Groups: []string{"resources", "insights"}, LROPolls: -1})
	expect(t, call(t, s, "PUT", rg+rgAPI, map[string]any{"location": "westus"}), 201, "")
	wb := rg + "/providers/Microsoft.Insights/workbooks/6c2b8d1e-4f0a-4c39-9d6e-2a7f1b3c5e80?api-version=2021-03-08"
	expect(t, call(t, s, "PUT", wb, map[string]any{"location": "westus", "kind": "shared", "properties": map[string]any{
		"displayName": "w", "category": "workbook", "serializedData": "{}"}}), 201, "")
	get := call(t, s, "GET", wb, nil)
	if e, isString := get.prop("etag").(string); isString {
		t.Errorf("etag %q is a string; the workbook schema declares an object: %s", e, get.raw)
	}
	// A resource whose schema declares a string etag keeps getting one.
	dce := rg + "/providers/Microsoft.Insights/dataCollectionEndpoints/e1?api-version=2021-04-01"
	expect(t, call(t, s, "PUT", dce, map[string]any{"location": "westus"}), 201, "")
	if _, isString := call(t, s, "GET", dce, nil).prop("etag").(string); !isString {
		t.Errorf("data collection endpoint: no etag string")
	}
}

// TestAdditionalPropertiesBesideInheritedProperties: a data factory's schema inherits location
// and tags from Resource (allOf) and allows additional properties of type object. As autorest
// reads allOf, the inherited properties are the factory's own, not additional ones: a factory
// with a location is accepted.
func TestAdditionalPropertiesBesideInheritedProperties(t *testing.T) {
	s := StartTest(t, Options{SpecRoot: corpusRoot(t), Groups: []string{"resources", "datafactory"}, LROPolls: -1})
	expect(t, call(t, s, "PUT", rg+rgAPI, map[string]any{"location": "westus"}), 201, "")
	factory := rg + "/providers/Microsoft.DataFactory/factories/f1?api-version=2018-06-01"
	expect(t, call(t, s, "PUT", factory, map[string]any{"location": "westus2", "tags": map[string]any{"env": "test"},
		"identity": map[string]any{"type": "SystemAssigned"}}), 201, "")
	// An additional property must still be an object.
	expect(t, call(t, s, "PUT", factory, map[string]any{"location": "westus2", "extra": "a string"}), 400, "InvalidRequestContent")
}
