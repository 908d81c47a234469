package loader

import (
	"testing"
	"testing/fstest"

	"github.com/armgen/armgen/pkg/astmodel"
)

// TestAllOfAroundNonObjectKeepsItsType: a property written as a single-element allOf around an
// enum, a string or a map (with a description or readOnly beside it) is the type it wraps, not
// an empty object (issue 26, finding 5); an allOf around an object still builds an object.
func TestAllOfAroundNonObjectKeepsItsType(t *testing.T) {
	const file = "svc/resource-manager/Microsoft.Svc/stable/2021-01-01/svc.json"
	doc := `{"swagger": "2.0", "info": {"title": "svc", "version": "2021-01-01"}, "paths": {},
	"definitions": {
		"Thing": {"type": "object", "properties": {
			"colour": {"allOf": [{"$ref": "#/definitions/Colour"}], "description": "The colour."},
			"shade": {"allOf": [{"$ref": "#/definitions/Shade"}], "readOnly": true},
			"name": {"allOf": [{"$ref": "#/definitions/Name"}]},
			"labels": {"allOf": [{"$ref": "#/definitions/Labels"}], "description": "Labels."},
			"inline": {"allOf": [{"type": "string", "enum": ["a", "b"]}]},
			"size": {"allOf": [{"$ref": "#/definitions/Size"}]},
			"nested": {"allOf": [{"$ref": "#/definitions/Shade"}]},
			"part": {"allOf": [{"$ref": "#/definitions/Part"}], "description": "Still an object."}
		}},
		"Colour": {"type": "string", "enum": ["Red", "Green"], "x-ms-enum": {"name": "Colour", "modelAsString": true}},
		"Shade": {"allOf": [{"$ref": "#/definitions/Colour"}], "description": "A wrapper of a wrapper."},
		"Name": {"type": "string", "maxLength": 10},
		"Labels": {"type": "object", "additionalProperties": {"type": "string"}},
		"Size": {"type": "integer", "format": "int32"},
		"Part": {"type": "object", "properties": {"id": {"type": "string"}}}
	}}`
	c := NewCorpusFS("test", fstest.MapFS{file: {Data: []byte(doc)}})
	d, err := c.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	pkg := astmodel.MakeAPIPackage("example.com/out", "svc", "v1api20210101")
	b := NewTypeBuilder(c, pkg, []*Document{d})
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
	kind := func(t astmodel.Type) string {
		t = astmodel.Unwrap(t)
		if n, ok := t.(astmodel.TypeName); ok {
			switch defs[n].Type.(type) {
			case astmodel.EnumType:
				return "enum " + n.Name
			case *astmodel.ObjectType:
				return "object " + n.Name
			}
		}
		if v, ok := t.(astmodel.ValidatedType); ok {
			return v.Element.String()
		}
		return t.String()
	}
	want := map[string]string{
		"colour": "enum Colour",
		"shade":  "enum Colour",
		"nested": "enum Colour",
		"name":   "string",
		"labels": "map[string]string",
		"inline": "enum Thing_Inline",
		"size":   "int",
		"part":   "object Thing_Part",
	}
	for json, w := range want {
		p, ok := obj.PropertyByJSON(json)
		if !ok {
			t.Errorf("Thing has no %s", json)
			continue
		}
		if got := kind(p.Type); got != w {
			t.Errorf("%s: %s, want %s", json, got, w)
		}
	}
	if p, _ := obj.PropertyByJSON("shade"); p == nil || !p.ReadOnly {
		t.Error("shade lost the readOnly written beside its allOf")
	}
	if p, _ := obj.PropertyByJSON("colour"); p == nil || p.Description != "The colour." {
		t.Error("colour lost the description written beside its allOf")
	}
}
