package configapply

import "github.com/armgen/armgen/pkg/astmodel"

// propertyEnum is the enum a property's type names, seen through optional and other wrappers,
// with the name it is defined under; ok is false when the property is no named enum.
func propertyEnum(prop *astmodel.Property, defs astmodel.Definitions) (name astmodel.TypeName, enum astmodel.EnumType, ok bool) {
	name, named := astmodel.Unwrap(prop.Type).(astmodel.TypeName)
	if !named {
		return name, enum, false
	}
	enum, ok = defs[name].Type.(astmodel.EnumType)
	return name, enum, ok
}
