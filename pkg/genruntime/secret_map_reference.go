package genruntime

import "fmt"

// SecretMapReference: A whole Kubernetes Secret in the same namespace as the resource, for a
// property whose values are all secrets (a VM extension's protectedSettings): each key of the
// Secret becomes a key of the map sent to Azure.
type SecretMapReference struct {
	// Name: The name of the Secret.
	// +kubebuilder:validation:Required
	Name string `json:"name"`
}

// String names the Secret without ever revealing a key or value.
func (ref SecretMapReference) String() string {
	return fmt.Sprintf("Secret %q", ref.Name)
}
