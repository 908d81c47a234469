package stages

import "testing"

// TestCreateStorageTypesGolden: every API type has a twin in the storage package, with enums as
// strings, no validations, no required properties, no one-of unions, and a property bag;
// cachelite shows the twins of two versions side by side.
func TestCreateStorageTypesGolden(t *testing.T) {
	checkCaseGoldens(t, CreateStorageTypes, "widgets", "cachelite")
}
