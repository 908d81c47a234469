package genruntime

import "fmt"

// SecretReference: A key in a Kubernetes Secret in the same namespace as the resource.
type SecretReference struct {
	// Name: The name of the Secret.
	// +kubebuilder:validation:Required
	Name string `json:"name"`

	// Key: The key in the Secret that holds the value.
	// +kubebuilder:validation:Required
	Key string `json:"key"`
}

// String names the Secret and key without ever revealing the value.
func (ref SecretReference) String() string {
	return fmt.Sprintf("Secret %q key %q", ref.Name, ref.Key)
}
