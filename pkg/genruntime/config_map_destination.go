package genruntime

import "fmt"

// ConfigMapDestination: Where the operator writes one exported value: a key of a ConfigMap in the same namespace as the resource.
type ConfigMapDestination struct {
	// Name: The name of the ConfigMap to write.
	// +kubebuilder:validation:Required
	Name string `json:"name"`

	// Key: The key of the ConfigMap that receives the value.
	// +kubebuilder:validation:Required
	Key string `json:"key"`
}

// String names the ConfigMap and key.
func (d ConfigMapDestination) String() string {
	return fmt.Sprintf("ConfigMap %q key %q", d.Name, d.Key)
}
