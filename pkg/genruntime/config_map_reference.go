package genruntime

import "fmt"

// ConfigMapReference: A key in a Kubernetes ConfigMap in the same namespace as the resource.
type ConfigMapReference struct {
	// Name: The name of the ConfigMap.
	// +kubebuilder:validation:Required
	Name string `json:"name"`

	// Key: The key in the ConfigMap that holds the value.
	// +kubebuilder:validation:Required
	Key string `json:"key"`
}

// String names the ConfigMap and key.
func (ref ConfigMapReference) String() string {
	return fmt.Sprintf("ConfigMap %q key %q", ref.Name, ref.Key)
}
