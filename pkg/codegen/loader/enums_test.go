package loader

import (
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"github.com/armgen/armgen/pkg/astmodel"
)

// TestNumberAndBooleanEnumsKeepTheirValues: number and boolean enums are enums like string and
// integer ones, so their values are validated (issue 26, finding 13: they became plain numbers
// and booleans, and the CRD accepted anything).
func TestNumberAndBooleanEnumsKeepTheirValues(t *testing.T) {
	const file = "svc/resource-manager/Microsoft.Svc/stable/2021-01-01/svc.json"
	doc := `{"swagger": "2.0", "info": {"title": "svc", "version": "2021-01-01"}, "paths": {},
	"definitions": {
		"Thing": {"type": "object", "properties": {
			"zoom": {"type": "number", "enum": [0.5, 1, 2]},
			"pinned": {"type": "boolean", "enum": [true]},
			"count": {"type": "integer", "enum": [1, 3]}
		}}
	}}`
	c := NewCorpusFS("test", fstest.MapFS{file: {Data: []byte(doc)}})
	d, err := c.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	b := NewTypeBuilder(c, astmodel.MakeAPIPackage("example.com/out", "svc", "v1api20210101"), []*Document{d})
	thing, _, err := d.Definition("Thing")
	if err != nil {
		t.Fatal(err)
	}
	name, err := b.RootType(SchemaRef{Doc: d, Pointer: "/definitions/Thing", Schema: thing}, "Thing")
	if err != nil {
		t.Fatal(err)
	}
	defs := b.Definitions()
	obj := defs[name].Type.(*astmodel.ObjectType)
	want := map[string]astmodel.EnumType{
		"zoom":   {Base: astmodel.FloatType, Values: []astmodel.EnumValue{{Identifier: "X05", Value: "0.5"}, {Identifier: "X1", Value: "1"}, {Identifier: "X2", Value: "2"}}},
		"pinned": {Base: astmodel.BoolType, Values: []astmodel.EnumValue{{Identifier: "True", Value: "true"}}},
		"count":  {Base: astmodel.IntType, Values: []astmodel.EnumValue{{Identifier: "X1", Value: "1"}, {Identifier: "X3", Value: "3"}}},
	}
	for json, w := range want {
		p, ok := obj.PropertyByJSON(json)
		if !ok {
			t.Errorf("Thing has no %s", json)
			continue
		}
		n, _ := astmodel.Unwrap(p.Type).(astmodel.TypeName)
		got, ok := defs[n].Type.(astmodel.EnumType)
		if !ok {
			t.Errorf("%s is %s, want an enum", json, p.Type)
			continue
		}
		if got.Base != w.Base {
			t.Errorf("%s: an enum of %s, want of %s", json, got.Base, w.Base)
		}
		if d := cmp.Diff(w.Values, got.Values); d != "" {
			t.Errorf("%s (-want +got):\n%s", json, d)
		}
	}
}
