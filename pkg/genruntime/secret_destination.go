package genruntime

import "fmt"

// SecretDestination: Where the operator writes one exported value: a key of a Secret in the same namespace as the resource.
type SecretDestination struct {
	// Name: The name of the Secret to write.
	// +kubebuilder:validation:Required
	Name string `json:"name"`

	// Key: The key of the Secret that receives the value.
	// +kubebuilder:validation:Required
	Key string `json:"key"`
}

// String names the Secret and key.
func (d SecretDestination) String() string {
	return fmt.Sprintf("Secret %q key %q", d.Name, d.Key)
}
