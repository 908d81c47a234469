package genruntime

// ArbitraryOwnerReference: A reference to the owner of an extension resource, which may be a resource of any kind.
type ArbitraryOwnerReference struct {
	// Name: The Kubernetes name of the owner, in the same namespace.
	Name string `json:"name,omitempty"`

	// Group: The API group of the owner.
	Group string `json:"group,omitempty"`

	// Kind: The kind of the owner.
	Kind string `json:"kind,omitempty"`

	// ARMID: The ARM ID of an owner not managed by the operator.
	// +kubebuilder:validation:Pattern="(?i)^/subscriptions/[^/]+(/resourcegroups/[^/]+)?(/providers/.+)?$"
	ARMID string `json:"armId,omitempty"`
}

// AsResourceReference returns ref as a ResourceReference, or nil when ref is nil so generated Owner methods can return it directly.
// Fields are copied unchanged so that Validate reports any mistake the user made.
func (ref *ArbitraryOwnerReference) AsResourceReference() *ResourceReference {
	if ref == nil {
		return nil
	}

	return &ResourceReference{
		Group: ref.Group,
		Kind:  ref.Kind,
		Name:  ref.Name,
		ARMID: ref.ARMID,
	}
}
