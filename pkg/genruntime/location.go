package genruntime

import "strings"

// LocationName is the name ARM knows a location by: it answers "West US 2" for "westus2" and
// accepts either, so two locations are the same when their names are.
func LocationName(location string) string {
	return strings.ToLower(strings.ReplaceAll(location, " ", ""))
}
