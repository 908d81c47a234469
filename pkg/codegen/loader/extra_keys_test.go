package loader

import (
	"testing"
	"testing/fstest"

	"github.com/armgen/armgen/pkg/astmodel"
)

// TestExtraKeysBesideProperties: an object with properties and additionalProperties keeps the
// extra keys in an additionalProperties map (issue 26, finding 7: they were dropped), typed by
// the additionalProperties schema, arbitrary JSON for {} or a free-form object, inherited
// through allOf; an object without additionalProperties has no such map.
func TestExtraKeysBesideProperties(t *testing.T) {
	const file = "svc/resource-manager/Microsoft.Svc/stable/2021-01-01/svc.json"
	doc := `{"swagger": "2.0", "info": {"title": "svc", "version": "2021-01-01"}, "paths": {},
	"definitions": {
		"Holder": {"type": "object", "properties": {
			"any": {"$ref": "#/definitions/Any"},
			"objects": {"$ref": "#/definitions/Objects"},
			"strings": {"$ref": "#/definitions/Strings"},
			"child": {"$ref": "#/definitions/Child"},
			"plain": {"$ref": "#/definitions/Plain"}
		}},
		"Any": {"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": {}},
		"Objects": {"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": {"type": "object"}},
		"Strings": {"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": {"type": "string"}},
		"Child": {"allOf": [{"$ref": "#/definitions/Strings"}], "properties": {"b": {"type": "string"}}},
		"Plain": {"type": "object", "properties": {"a": {"type": "string"}}}
	}}`
	c := NewCorpusFS("test", fstest.MapFS{file: {Data: []byte(doc)}})
	d, err := c.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	b := NewTypeBuilder(c, astmodel.MakeAPIPackage("example.com/out", "svc", "v1api20210101"), []*Document{d})
	holder, _, err := d.Definition("Holder")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.RootType(SchemaRef{Doc: d, Pointer: "/definitions/Holder", Schema: holder}, "Holder"); err != nil {
		t.Fatal(err)
	}
	json := astmodel.JSONType.String()
	want := map[string]string{"Any": "map[string]" + json, "Objects": "map[string]" + json, "Strings": "map[string]string", "Child": "map[string]string", "Plain": ""}
	for name, w := range want {
		obj, ok := b.Definitions()[b.pkg.TypeName(name)].Type.(*astmodel.ObjectType)
		if !ok {
			t.Errorf("no object %s", name)
			continue
		}
		p, ok := obj.PropertyByJSON("additionalProperties")
		got := ""
		if ok {
			got = p.Type.String()
			if !p.ExtraKeys || p.ARMName != "additionalProperties" {
				t.Errorf("%s.additionalProperties is not marked as the extra keys", name)
			}
		}
		if got != w {
			t.Errorf("%s: extra keys %q, want %q", name, got, w)
		}
	}
}

// TestExtraKeysBesideAPropertyOfTheirName: an object declaring a property called
// additionalProperties and allowing extra keys keeps both: the declared property keeps its name
// and the map of extra keys is numbered, instead of having no field (the keys were dropped on
// every read and never sent; only gen --audit noticed).
func TestExtraKeysBesideAPropertyOfTheirName(t *testing.T) {
	const file = "svc/resource-manager/Microsoft.Svc/stable/2021-01-01/svc.json"
	doc := `{"swagger": "2.0", "info": {"title": "svc", "version": "2021-01-01"}, "paths": {},
	"definitions": {
		"Holder": {"type": "object", "properties": {
			"additionalProperties": {"type": "string"}, "a": {"type": "string"}
		}, "additionalProperties": {"type": "integer"}}
	}}`
	c := NewCorpusFS("test", fstest.MapFS{file: {Data: []byte(doc)}})
	d, err := c.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	b := NewTypeBuilder(c, astmodel.MakeAPIPackage("example.com/out", "svc", "v1api20210101"), []*Document{d})
	holder, _, err := d.Definition("Holder")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.RootType(SchemaRef{Doc: d, Pointer: "/definitions/Holder", Schema: holder}, "Holder"); err != nil {
		t.Fatal(err)
	}
	obj := b.Definitions()[b.pkg.TypeName("Holder")].Type.(*astmodel.ObjectType)
	declared, ok := obj.PropertyByJSON("additionalProperties")
	if !ok || declared.ExtraKeys || declared.Name != "AdditionalProperties" || declared.ARMName != "additionalProperties" {
		t.Errorf("the declared additionalProperties lost its name: %s", obj)
	}
	var extra *astmodel.Property
	for _, p := range obj.Properties() {
		if p.ExtraKeys {
			extra = p
		}
	}
	if extra == nil {
		t.Fatalf("the extra keys have no field: %s", obj)
	}
	if extra.Name == "AdditionalProperties" || extra.Type.String() != "map[string]int" || extra.Provenance.Renamed != astmodel.ByClash {
		t.Errorf("extra keys as %s %s (%+v), want a numbered map[string]int recorded as renamed", extra.Name, extra.Type, extra.Provenance)
	}
}
