package armfake

import "testing"

// TestTypeDeclaredAtSeveralScopes: 2021-05-01-preview declares diagnostic settings for a
// subscription (SubscriptionDiagnosticSettings: logs only) and for any resource (logs and
// metrics, each metric requiring enabled). A setting on a storage account is served by the
// resource declaration, so its metrics are judged by that schema and kept; one on the
// subscription still by the subscription's, which knows no metrics.
func TestTypeDeclaredAtSeveralScopes(t *testing.T) {
	s := StartTest(t, Options{SpecRoot: corpusRoot(t), Groups: []string{"resources", "insights", "storage"}, LROPolls: -1})
	expect(t, call(t, s, "PUT", rg+rgAPI, map[string]any{"location": "westus"}), 201, "")
	acct := rg + "/providers/Microsoft.Storage/storageAccounts/acct1"
	expect(t, call(t, s, "PUT", acct+"?api-version=2021-04-01", map[string]any{"location": "westus", "kind": "StorageV2",
		"sku": map[string]any{"name": "Standard_LRS"}}), 201, "")
	withMetrics := func(metric map[string]any) map[string]any {
		return map[string]any{"properties": map[string]any{
			"workspaceId": rg + "/providers/Microsoft.OperationalInsights/workspaces/w1",
			"metrics":     []any{metric},
		}}
	}
	const api = "?api-version=2021-05-01-preview"
	onAccount := acct + "/providers/Microsoft.Insights/diagnosticSettings/d1" + api
	expect(t, call(t, s, "PUT", onAccount, withMetrics(map[string]any{"category": "Transaction"})), 400, "InvalidRequestContent")
	expect(t, call(t, s, "PUT", onAccount, withMetrics(map[string]any{"category": "Transaction", "enabled": true})), 201, "")
	if got := call(t, s, "GET", onAccount, nil); got.prop("properties", "metrics") == nil {
		t.Errorf("the setting on the account lost its metrics: %s", got.raw)
	}
	onSubscription := sub + "/providers/Microsoft.Insights/diagnosticSettings/d2" + api
	expect(t, call(t, s, "PUT", onSubscription, withMetrics(map[string]any{"category": "Transaction"})), 201, "")
}
