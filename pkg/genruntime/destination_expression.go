package genruntime

// DestinationExpression: A CEL expression whose result is written to a Secret or ConfigMap in the same namespace as the resource.
type DestinationExpression struct {
	// Name: The name of the Secret or ConfigMap to write to.
	// +kubebuilder:validation:Required
	Name string `json:"name"`

	// Key: The key to write the result to; omit it when Value yields a map of keys to values.
	Key string `json:"key,omitempty"`

	// Value: The CEL expression to evaluate against the resource.
	// +kubebuilder:validation:Required
	Value string `json:"value"`
}
