package golang

import (
	"regexp"
	"testing"

	"github.com/armgen/armgen/pkg/astmodel"
)

// TestFreeFormObjectValuesAreDrawnAsObjects: where the swagger says the values of an object's
// extra keys are objects (additionalProperties: {"type": "object"}, a metric alert's criteria),
// the property tests draw JSON objects for them; JSON strings would fail the ARM payload's
// swagger check. Values the swagger leaves untyped stay any JSON.
func TestFreeFormObjectValuesAreDrawnAsObjects(t *testing.T) {
	defs := testModel(goldenBase)
	var holder astmodel.TypeName
	for n, d := range defs {
		if n.Name != "AddressSpace" {
			continue
		}
		o := d.Type.(*astmodel.ObjectType)
		jsonMap := astmodel.MapType{Key: astmodel.StringType, Value: astmodel.JSONType}
		o = o.WithProperties(
			&astmodel.Property{Name: "AdditionalProperties", JSONName: "additionalProperties", ARMName: "additionalProperties",
				Type: jsonMap, ExtraKeys: true, JSONObjects: true},
			&astmodel.Property{Name: "Anything", JSONName: "anything", ARMName: "anything", Type: jsonMap})
		defs[n] = d.WithType(o)
		holder = n
	}
	if holder.Name == "" {
		t.Fatal("the test model has no AddressSpace")
	}
	files, err := PackageWith(defs, holder.Package, Options{Tests: true})
	if err != nil {
		t.Fatal(err)
	}
	gen := regexp.MustCompile(`(?s)func generate_\w+_AddressSpace\(t \*rapid\.T\).*?\n}`).FindString(string(concat(files)))
	if !regexp.MustCompile(`AdditionalProperties:\s+gentest\.MapOf\(gentest\.JSONObject\)\(t\)`).MatchString(gen) {
		t.Errorf("the extra keys' object values are not drawn as objects:\n%s", gen)
	}
	if !regexp.MustCompile(`Anything:\s+gentest\.MapOf\(gentest\.JSON\)\(t\)`).MatchString(gen) {
		t.Errorf("untyped values are no longer drawn as any JSON:\n%s", gen)
	}
}
