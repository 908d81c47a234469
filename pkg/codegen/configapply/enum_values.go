package configapply

import (
	"fmt"
	"slices"
	"strings"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/config"
)

// addEnumValues gives the enum of property prop (of holder, a type a config entry speaks of) the
// values pc.AdditionalEnumValues lists, marked operator-only: the API server accepts them and
// the operator translates them before the PUT. Only the properties the setting names take them:
// the operator acts on those alone, so a value accepted anywhere else would be sent to Azure as
// written (a managed HSM's createMode shares a key vault's CreateMode enum in the swagger). When
// the enum is used by nothing else the values are added where it is defined, so the body and
// the GET response the holder serves alike accept them; otherwise the property gets an enum of
// its own, named for its holder and itself (VaultProperties_CreateMode, as ASO names it), and
// obj is returned with it. A value the swagger has already is an error: the setting would say
// nothing.
func addEnumValues(cfg *config.Config, tc *config.TypeConfig, pc *config.PropertyConfig, targets []astmodel.TypeName, holder astmodel.TypeName,
	obj *astmodel.ObjectType, prop *astmodel.Property, defs astmodel.Definitions) (*astmodel.ObjectType, error) {
	at := pc.Path + ".$additionalEnumValues"
	name, enum, isEnum := propertyEnum(prop, defs)
	if !isEnum {
		return nil, config.NewError(cfg, at, pc.Pos, fmt.Sprintf("%s.%s is %s, not an enum: only an enum takes additional values", tc.Name, pc.Name, prop.Type), "")
	}
	if enum.Base != astmodel.StringType {
		return nil, config.NewError(cfg, at, pc.Pos, fmt.Sprintf("%s.%s is an enum of %s: additional values are strings", tc.Name, pc.Name, enum.Base), "")
	}
	out := enum
	out.Values = slices.Clone(enum.Values)
	for _, v := range pc.AdditionalEnumValues {
		i := slices.IndexFunc(out.Values, func(e astmodel.EnumValue) bool { return e.Value == v })
		switch {
		case i >= 0 && out.Values[i].OperatorOnly:
			continue // reached again through another type sharing the enum
		case i >= 0:
			return nil, config.NewError(cfg, at, pc.Pos, fmt.Sprintf("%s.%s already accepts %q (the swagger's values are %s); remove it", tc.Name, pc.Name, v, swaggerValues(enum)), "")
		}
		out.Values = append(out.Values, astmodel.EnumValue{Identifier: freeIdentifier(out.Values, astmodel.ExportedName(v)), Value: v, OperatorOnly: true})
	}
	if !usedElsewhere(name, targets, pc.Name, defs) {
		defs[name] = defs[name].WithType(out)
		return obj, nil
	}
	own := freeTypeName(holder.WithName(holder.Name+"_"+astmodel.ExportedName(pc.Name)), defs)
	d := defs[name]
	d.Name, d.Type = own, out
	defs[own] = d
	p := prop.WithType(astmodel.Rewrite(prop.Type, func(t astmodel.Type) astmodel.Type {
		if t == name {
			return own
		}
		return t
	}))
	return obj.WithProperties(p), nil
}

// usedElsewhere says whether a type other than targets' property prop refers to enum.
func usedElsewhere(enum astmodel.TypeName, targets []astmodel.TypeName, prop string, defs astmodel.Definitions) bool {
	for n, d := range defs {
		obj, isObj := d.Type.(*astmodel.ObjectType)
		if !isObj {
			if slices.Contains(astmodel.References(d.Type), enum) {
				return true
			}
			continue
		}
		for _, p := range obj.Properties() {
			if slices.Contains(astmodel.References(p.Type), enum) && (p.ARMName != prop || !slices.Contains(targets, n)) {
				return true
			}
		}
	}
	return false
}

// freeTypeName is n, numbered when defs has it already.
func freeTypeName(n astmodel.TypeName, defs astmodel.Definitions) astmodel.TypeName {
	out := n
	for i := 2; ; i++ {
		if _, taken := defs[out]; !taken {
			return out
		}
		out = n.WithName(fmt.Sprintf("%s%d", n.Name, i))
	}
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
