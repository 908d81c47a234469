package astmodel

// PropertyBagName and PropertyBagJSONName name the field of storage types that keeps what the
// type has no field for. The JSON name is what identifies it: no swagger property can take it,
// while a swagger property may well be called PropertyBag in Go, and the bag then takes another
// Go name.
const (
	PropertyBagName     = "PropertyBag"
	PropertyBagJSONName = "$propertyBag"
)

// PropertyBag returns the property bag field of an object, if it has one.
func (o *ObjectType) PropertyBag() (*Property, bool) {
	return o.PropertyByJSON(PropertyBagJSONName)
}

// IsPropertyBag reports whether p is an object's property bag field.
func (p *Property) IsPropertyBag() bool { return p.JSONName == PropertyBagJSONName }
