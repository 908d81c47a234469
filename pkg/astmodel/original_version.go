package astmodel

// OriginalVersionName and OriginalVersionJSONName name the field of a storage version's spec
// that records the API version the user wrote (as Azure Service Operator's storage versions do):
// the operator converts the stored hub back to that version and talks to ARM with its
// api-version. Like the property bag, the JSON name identifies it.
const (
	OriginalVersionName     = "OriginalVersion"
	OriginalVersionJSONName = "originalVersion"
)

// IsOriginalVersion reports whether p is a storage spec's original version field.
func (p *Property) IsOriginalVersion() bool { return p.JSONName == OriginalVersionJSONName }

// NewOriginalVersionProperty returns the original version field of a storage spec.
func NewOriginalVersionProperty() *Property {
	return &Property{
		Name:     OriginalVersionName,
		JSONName: OriginalVersionJSONName,
		Type:     StringType,
	}
}
