package conditions

// Conditioner: A resource that reports conditions, so that reconcilers can update its status without knowing its concrete type.
// +kubebuilder:object:generate=false
type Conditioner interface {
	// GetConditions returns the conditions currently held in the resource's status.
	GetConditions() Conditions
	// SetConditions replaces the conditions held in the resource's status.
	SetConditions(conditions Conditions)
}
