package genruntime

import "regexp"

// armIDPattern must match the +kubebuilder:validation:Pattern markers on the armId fields.
// Validate checks it too because the API server enforces the marker only on objects it admits, not on references built in code.
var armIDPattern = regexp.MustCompile(`(?i)^/subscriptions/[^/]+(/resourcegroups/[^/]+)?(/providers/.+)?$`)
