package configapply

import (
	"fmt"
	"slices"
	"strings"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/config"
)

// addEnumValues gives the enum of property prop (of a type a config entry speaks of) the values
// pc.AdditionalEnumValues lists, marked operator-only: the API server accepts them and the
// operator translates them before the PUT. The enum is changed where it is defined, so every
// property sharing it (the GET response's too) accepts them alike. A value the swagger has
// already is an error: the setting would say nothing.
func addEnumValues(cfg *config.Config, tc *config.TypeConfig, pc *config.PropertyConfig, prop *astmodel.Property, defs astmodel.Definitions) error {
	at := pc.Path + ".$additionalEnumValues"
	name, enum, isEnum := propertyEnum(prop, defs)
	if !isEnum {
		return config.NewError(cfg, at, pc.Pos, fmt.Sprintf("%s.%s is %s, not an enum: only an enum takes additional values", tc.Name, pc.Name, prop.Type), "")
	}
	if enum.Base != astmodel.StringType {
		return config.NewError(cfg, at, pc.Pos, fmt.Sprintf("%s.%s is an enum of %s: additional values are strings", tc.Name, pc.Name, enum.Base), "")
	}
	out := enum
	out.Values = slices.Clone(enum.Values)
	for _, v := range pc.AdditionalEnumValues {
		i := slices.IndexFunc(out.Values, func(e astmodel.EnumValue) bool { return e.Value == v })
		switch {
		case i >= 0 && out.Values[i].OperatorOnly:
			continue // reached again through another type sharing the enum
		case i >= 0:
			return config.NewError(cfg, at, pc.Pos, fmt.Sprintf("%s.%s already accepts %q (the swagger's values are %s); remove it", tc.Name, pc.Name, v, swaggerValues(enum)), "")
		}
		out.Values = append(out.Values, astmodel.EnumValue{Identifier: freeIdentifier(out.Values, astmodel.ExportedName(v)), Value: v, OperatorOnly: true})
	}
	defs[name] = defs[name].WithType(out)
	return nil
}

func swaggerValues(e astmodel.EnumType) string {
	var vs []string
	for _, v := range e.Values {
		if !v.OperatorOnly {
			vs = append(vs, v.Value)
		}
	}
	return strings.Join(vs, ", ")
}

// freeIdentifier is id, numbered when another value of the enum has it already.
func freeIdentifier(values []astmodel.EnumValue, id string) string {
	out := id
	for i := 2; slices.ContainsFunc(values, func(v astmodel.EnumValue) bool { return v.Identifier == out }); i++ {
		out = fmt.Sprintf("%s%d", id, i)
	}
	return out
}
