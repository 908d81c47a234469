package loader

import (
	"testing"
	"testing/fstest"

	"github.com/armgen/armgen/pkg/astmodel"
)

// TestUnionsInEveryReferencedDocument: two discriminated bases, each in its own file that the
// version reaches only through $refs (as Data Factory's entityTypes/Pipeline.json and
// entityTypes/Dataset.json). Both must become unions; the index of variants used to cover only
// the first base's file, so the second became a plain object and every variant's properties
// were lost (the property audit found Data Factory's datasets so).
func TestUnionsInEveryReferencedDocument(t *testing.T) {
	base := func(name string) string {
		return `{"swagger": "2.0", "info": {"title": "t", "version": "1"}, "paths": {}, "definitions": {
  "` + name + `": {"discriminator": "kind", "required": ["kind"], "properties": {"kind": {"type": "string"}}},
  "` + name + `Variant": {"x-ms-discriminator-value": "V", "allOf": [{"$ref": "#/definitions/` + name + `"}], "properties": {"extra": {"type": "string"}}}
}}`
	}
	main := `{"swagger": "2.0", "info": {"title": "t", "version": "1"}, "paths": {}, "definitions": {
  "First": {"properties": {"x": {"$ref": "./entityTypes/one.json#/definitions/One"}}},
  "Second": {"properties": {"y": {"$ref": "./entityTypes/two.json#/definitions/Two"}}}
}}`
	c := NewCorpusFS("test", fstest.MapFS{
		"v/main.json":            {Data: []byte(main)},
		"v/entityTypes/one.json": {Data: []byte(base("One"))},
		"v/entityTypes/two.json": {Data: []byte(base("Two"))},
	})
	d, err := c.Load("v/main.json")
	if err != nil {
		t.Fatal(err)
	}
	b := NewTypeBuilder(c, astmodel.MakeAPIPackage("x", "g", "v1"), []*Document{d})
	for _, root := range []string{"First", "Second"} {
		s, _, err := d.Definition(root)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := b.RootType(SchemaRef{Doc: d, Pointer: "/definitions/" + root, Schema: s}, root); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"One", "Two"} {
		obj, ok := b.Definitions()[astmodel.MakeAPIPackage("x", "g", "v1").TypeName(name)].Type.(*astmodel.ObjectType)
		if !ok || !obj.OneOf || len(obj.Variants()) != 1 {
			t.Errorf("%s is %v, want a union of its one variant", name, obj)
		}
	}
}
