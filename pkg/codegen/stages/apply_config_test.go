package stages

import "testing"

// TestApplyConfigGolden: in widgets, Endpoint becomes WidgetEndpoint (renamed from Endpoint), its
// host a config secret, labels is renamed widgetLabels and correlationId marked
// not-arm-reference; in cachelite, 2020-12-01's nonSslPortEnabled is renamed-from
// enableNonSslPort.
func TestApplyConfigGolden(t *testing.T) {
	checkCaseGoldens(t, ApplyConfig, "widgets", "cachelite")
}
