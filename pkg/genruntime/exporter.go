package genruntime

// ExportedValue names one value a kind can export (from $azureGeneratedSecrets or
// $generatedConfigs in azure-arm.yaml) and where the operator reads it. The generator finds the
// source in the swagger, so a new resource with keys needs a config line, not Go code.
//
// +kubebuilder:object:generate=false
type ExportedValue struct {
	// Name is the property under spec.operatorSpec.secrets or spec.operatorSpec.configMaps.
	Name string
	// Action is the POST action on the resource (such as listKeys) whose response holds the
	// value; empty for a value of the resource's own GET response.
	Action string
	// Path locates the value in that JSON document, as sent on the wire: property names joined
	// by dots, [n] for an item of a list (properties.hostName, keys[0].value).
	Path string
	// Bytes says the value is bytes sent in base64 (the swagger's format: byte, such as a
	// cluster's kubeconfig): the operator writes the decoded bytes.
	Bytes bool
}

// Exporter is implemented by each API version of a kind whose operatorSpec has secrets or
// configMaps: what the kind can export, and where the user asked each value to go. The operator
// calls it on the version the user wrote, whose api-version the actions are called with.
//
// +kubebuilder:object:generate=false
type Exporter interface {
	// AzureGeneratedSecrets lists the values spec.operatorSpec.secrets can export.
	AzureGeneratedSecrets() []ExportedValue
	// GeneratedConfigs lists the values spec.operatorSpec.configMaps can export.
	GeneratedConfigs() []ExportedValue
	// SecretDestinations returns the destinations set in spec.operatorSpec.secrets, keyed by
	// ExportedValue.Name; unset ones are absent.
	SecretDestinations() map[string]SecretDestination
	// ConfigMapDestinations returns the destinations set in spec.operatorSpec.configMaps, keyed
	// by ExportedValue.Name; unset ones are absent.
	ConfigMapDestinations() map[string]ConfigMapDestination
}

// ExpressionExporter is implemented by every API version of every kind: the CEL expressions of
// spec.operatorSpec, evaluated by the operator against the resource at that version.
//
// +kubebuilder:object:generate=false
type ExpressionExporter interface {
	SecretExpressions() []*DestinationExpression
	ConfigMapExpressions() []*DestinationExpression
}
