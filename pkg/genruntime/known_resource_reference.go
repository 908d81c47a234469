package genruntime

// KnownResourceReference: A reference to an owner whose group and kind are fixed by the resource that holds the reference.
type KnownResourceReference struct {
	// Name: The Kubernetes name of the owner, in the same namespace.
	Name string `json:"name,omitempty"`

	// ARMID: The ARM ID of an owner not managed by the operator.
	// +kubebuilder:validation:Pattern="(?i)^/subscriptions/[^/]+(/resourcegroups/[^/]+)?(/providers/.+)?$"
	ARMID string `json:"armId,omitempty"`
}

// AsResourceReference returns ref with the owner's group and kind filled in, or nil when ref is nil so generated Owner methods can return it directly.
// An ARM ID reference does not get group and kind: they describe a Kubernetes resource, and adding them would make the result fail Validate.
func (ref *KnownResourceReference) AsResourceReference(group, kind string) *ResourceReference {
	if ref == nil {
		return nil
	}

	if ref.ARMID != "" && ref.Name == "" {
		return &ResourceReference{ARMID: ref.ARMID}
	}

	return &ResourceReference{
		Group: group,
		Kind:  kind,
		Name:  ref.Name,
		ARMID: ref.ARMID,
	}
}
