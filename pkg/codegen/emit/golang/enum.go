package golang

import (
	"fmt"
	"go/token"
	"strconv"
	"strings"

	"github.com/dave/dst"

	"github.com/armgen/armgen/pkg/astmodel"
)

// enumDecls renders an enum as a named base type plus one constant per value, in the model's
// order. The constants are typed conversions (Name("x")) so that the block reads as a table.
func (fb *fileBuilder) enumDecls(def astmodel.Definition, enum astmodel.EnumType) ([]dst.Decl, error) {
	name := def.Name.Name
	td := typeDecl(name, ident(enum.Base.GoName()))
	var markers []string
	if m := astmodel.EnumMarker(enum); m != "" {
		markers = append(markers, m)
	}
	td.Decs.Start = docs(astmodel.DocLines(name, def.Description), markers)
	if len(enum.Values) == 0 {
		return []dst.Decl{td}, nil
	}

	consts := &dst.GenDecl{Tok: token.CONST, Lparen: true, Rparen: true}
	seen := make(map[string]bool, len(enum.Values))
	for _, v := range enum.Values {
		constName := name + "_" + v.Identifier
		if seen[constName] {
			return nil, fmt.Errorf("%s: two values are named %s", name, constName)
		}
		seen[constName] = true
		lit, err := enumLiteral(enum.Base, v.Value)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		consts.Specs = append(consts.Specs, &dst.ValueSpec{
			Names:  []*dst.Ident{ident(constName)},
			Values: []dst.Expr{call(ident(name), lit)},
		})
	}
	decls := []dst.Decl{td, consts}
	if enum.Base == astmodel.StringType {
		// The values in a list, for reading Azure's answers whatever their case (genruntime.ToEnum).
		list := make([]dst.Expr, len(enum.Values))
		for i, v := range enum.Values {
			list[i] = ident(name + "_" + v.Identifier)
		}
		onePerLine(list)
		values := &dst.GenDecl{Tok: token.VAR, Specs: []dst.Spec{&dst.ValueSpec{
			Names:  []*dst.Ident{ident(EnumValuesName(name))},
			Values: []dst.Expr{composite(&dst.ArrayType{Elt: ident(name)}, list...)},
		}}}
		values.Decs.Start = docs([]string{EnumValuesName(name) + " are the values of " + name + "."})
		decls = append(decls, values)
		if !enum.Reported {
			decls = append(decls, fb.enumValuesMethod(name))
		}
	}
	return decls, nil
}

// enumValuesMethod lets tools that write specs (armctl import) see which values the CRD accepts
// (genruntime.Enum); a status enum has none, as the CRD accepts any value there.
func (fb *fileBuilder) enumValuesMethod(name string) dst.Decl {
	fn := function("EnumValues", nil, []*dst.Field{field("", &dst.ArrayType{Elt: ident("string")})},
		returns(call(fb.qualified(astmodel.GenRuntimePackage, "EnumStrings"), ident(EnumValuesName(name)))))
	fn.Recv = fieldList(field("", ident(name)))
	fn.Decs.Start = docs([]string{"EnumValues returns the values of " + name + " the CRD accepts."})
	return fn
}

// EnumValuesName names the list of a string enum's values.
func EnumValuesName(enum string) string {
	return strings.ToLower(enum[:1]) + enum[1:] + "_Values"
}

// enumLiteral writes a value of the enum's base type, refusing values that would not compile.
func enumLiteral(base astmodel.PrimitiveType, value string) (dst.Expr, error) {
	switch base {
	case astmodel.StringType:
		return stringLit(value), nil
	case astmodel.IntType:
		if _, err := strconv.ParseInt(value, 10, 64); err != nil {
			return nil, fmt.Errorf("value %q is not an integer", value)
		}
		return &dst.BasicLit{Kind: token.INT, Value: value}, nil
	case astmodel.FloatType:
		if _, err := strconv.ParseFloat(value, 64); err != nil {
			return nil, fmt.Errorf("value %q is not a number", value)
		}
		return &dst.BasicLit{Kind: token.FLOAT, Value: value}, nil
	case astmodel.BoolType:
		if _, err := strconv.ParseBool(value); err != nil {
			return nil, fmt.Errorf("value %q is not a boolean", value)
		}
		return ident(value), nil
	default:
		return nil, fmt.Errorf("enums of %s are not supported", base)
	}
}
