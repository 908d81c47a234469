package stages

import "testing"

// TestAddExportedValuesGolden: Widget's operatorSpec gains secrets (primaryKey and secondaryKey
// found in the response of listKeys, serialNumber in the GET response, key1 and ruleKey where
// the config says) and configMaps (status paths read on the wire), and the resource records
// where each value is read.
func TestAddExportedValuesGolden(t *testing.T) {
	checkCaseGoldens(t, AddExportedValues, "widgets")
}
