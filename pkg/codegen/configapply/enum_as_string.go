package configapply

import (
	"fmt"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/config"
)

// enumAsString gives property prop of obj the type string in place of its enum
// ($enumAsString), keeping it optional or required as it was. Only this property changes: the
// enum stays for every other property sharing it. A property that is no string enum, or that
// also takes $additionalEnumValues (values of an enum it no longer has), is an error.
func enumAsString(cfg *config.Config, tc *config.TypeConfig, pc *config.PropertyConfig, obj *astmodel.ObjectType, prop *astmodel.Property, defs astmodel.Definitions) (*astmodel.ObjectType, error) {
	at := pc.Path + ".$enumAsString"
	if len(pc.AdditionalEnumValues) > 0 {
		return nil, config.NewError(cfg, at, pc.Pos, fmt.Sprintf("%s.%s takes any string with $enumAsString, so $additionalEnumValues says nothing; remove one of them", tc.Name, pc.Name), "")
	}
	_, enum, isEnum := propertyEnum(prop, defs)
	if !isEnum {
		return nil, config.NewError(cfg, at, pc.Pos, fmt.Sprintf("%s.%s is %s, not an enum: only an enum can be made a plain string; remove the setting", tc.Name, pc.Name, prop.Type), "")
	}
	if enum.Base != astmodel.StringType {
		return nil, config.NewError(cfg, at, pc.Pos, fmt.Sprintf("%s.%s is an enum of %s, which a string cannot replace", tc.Name, pc.Name, enum.Base), "")
	}
	p := prop.Copy()
	if _, optional := prop.Type.(astmodel.OptionalType); optional {
		p.Type = astmodel.OptionalType{Element: astmodel.StringType}
	} else {
		p.Type = astmodel.StringType
	}
	return obj.WithProperties(p), nil
}
