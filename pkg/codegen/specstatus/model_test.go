package specstatus

import (
	"testing"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/loader"
	"github.com/armgen/armgen/pkg/codegen/selection"
)

// The tests build raw models by hand, shaped as the loader shapes them: scalars and objects
// optional, names from ExportedName, wire names in ARMName.

var pkg = astmodel.MakeAPIPackage("example.com/apis", "demo", "v1api20200101")

func tn(name string) astmodel.TypeName { return pkg.TypeName(name) }

var (
	optString = astmodel.OptionalType{Element: astmodel.StringType}
	optInt    = astmodel.OptionalType{Element: astmodel.IntType}
)

func opt(name string) astmodel.Type { return astmodel.OptionalType{Element: tn(name)} }

type propOption func(*astmodel.Property)

var (
	readOnly = func(p *astmodel.Property) { p.ReadOnly = true }
	required = func(p *astmodel.Property) { p.Required = true }
	secret   = func(p *astmodel.Property) { p.Secret = true }
	armID    = func(p *astmodel.Property) { p.ARMReference = true }
	flatten  = func(p *astmodel.Property) { p.Flatten = true }
)

// prop is a raw property with the wire name armName.
func prop(armName string, t astmodel.Type, opts ...propOption) *astmodel.Property {
	n := astmodel.ExportedName(armName)
	p := &astmodel.Property{Name: n, JSONName: astmodel.JSONName(n), ARMName: armName, Type: t}
	for _, o := range opts {
		o(p)
	}
	return p
}

func object(name string, props ...*astmodel.Property) astmodel.Definition {
	return astmodel.Definition{Name: tn(name), Type: astmodel.NewObjectType(props...)}
}

// export is a resource of the given kind whose PUT body and GET response are the raw type body;
// bodies are the raw bodies of every resource discovered in the package.
func export(kind, body string, bodies ...string) *selection.Export {
	e := &selection.Export{
		Resource: &loader.Resource{ARMType: "Microsoft.Demo/" + kind + "s", APIVersion: "2020-01-01", Scope: astmodel.ScopeResourceGroup,
			Path: "/subscriptions/{s}/resourceGroups/{g}/providers/Microsoft.Demo/" + kind + "s/{name}", File: "demo.json"},
		Pkg: pkg, Kind: kind, Body: tn(body), Response: tn(body),
		Bodies: map[astmodel.TypeName]bool{tn(body): true},
	}
	for _, b := range bodies {
		e.Bodies[tn(b)] = true
	}
	return e
}

func definitions(defs ...astmodel.Definition) astmodel.Definitions {
	return astmodel.Definitions{}.With(defs...)
}

// objectOf returns the object type of a definition of the output, failing the test without one.
func objectOf(t *testing.T, defs astmodel.Definitions, name string) *astmodel.ObjectType {
	t.Helper()
	d, ok := defs[tn(name)]
	if !ok {
		t.Fatalf("no definition %s; have %v", name, defs.Names())
	}
	o, ok := d.Type.(*astmodel.ObjectType)
	if !ok {
		t.Fatalf("%s is %s, not an object", name, d.Type)
	}
	return o
}

// propertyOf returns a property of an object of the output by Go name, or nil.
func propertyOf(t *testing.T, defs astmodel.Definitions, typeName, goName string) *astmodel.Property {
	t.Helper()
	p, _ := objectOf(t, defs, typeName).Property(goName)
	return p
}

// propertyNames lists the Go names of an object of the output.
func propertyNames(t *testing.T, defs astmodel.Definitions, typeName string) []string {
	t.Helper()
	var out []string
	for _, p := range objectOf(t, defs, typeName).Properties() {
		out = append(out, p.Name)
	}
	return out
}
