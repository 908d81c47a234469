package loader

import (
	"testing"
	"testing/fstest"

	"github.com/armgen/armgen/pkg/astmodel"
)

// TestReadOnlyByDefinition: a property is the service's to set when its own schema says so, or
// when the definition it refers to is read-only as a whole (storage's Tier); a writable
// property of a writable definition stays writable.
func TestReadOnlyByDefinition(t *testing.T) {
	const file = "svc/resource-manager/Microsoft.Svc/stable/2021-01-01/svc.json"
	doc := `{"swagger": "2.0", "info": {"title": "svc", "version": "2021-01-01"}, "paths": {},
	"definitions": {
		"Sku": {"type": "object", "properties": {
			"name": {"type": "string"},
			"tier": {"$ref": "#/definitions/Tier"},
			"family": {"$ref": "#/definitions/Family"},
			"state": {"$ref": "#/definitions/State"},
			"own": {"type": "string", "readOnly": true},
			"created": {"type": "string", "x-ms-mutability": ["read"]},
			"once": {"type": "string", "x-ms-mutability": ["read", "create"]}
		}},
		"Tier": {"type": "string", "readOnly": true, "enum": ["Standard", "Premium"]},
		"Family": {"type": "string", "enum": ["A", "B"]},
		"State": {"type": "string", "x-ms-mutability": ["read"], "enum": ["On", "Off"]}
	}}`
	c := NewCorpusFS("test", fstest.MapFS{file: {Data: []byte(doc)}})
	d, err := c.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	b := NewTypeBuilder(c, astmodel.MakeAPIPackage("example.com/out", "svc", "v1api20210101"), []*Document{d})
	sku, _, err := d.Definition("Sku")
	if err != nil {
		t.Fatal(err)
	}
	name, err := b.RootType(SchemaRef{Doc: d, Pointer: "/definitions/Sku", Schema: sku}, "Sku")
	if err != nil {
		t.Fatal(err)
	}
	obj := b.Definitions()[name].Type.(*astmodel.ObjectType)
	want := map[string]bool{"name": false, "tier": true, "family": false, "state": true, "own": true, "created": true, "once": false}
	for json, readOnly := range want {
		p, ok := obj.PropertyByJSON(json)
		if !ok {
			t.Errorf("Sku has no %s", json)
			continue
		}
		if p.ReadOnly != readOnly {
			t.Errorf("%s: ReadOnly %v, want %v", json, p.ReadOnly, readOnly)
		}
	}
}
