package astmodel

import (
	"slices"
	"testing"
)

// TestObjectMarkersOfUnions: a union of variants alone holds exactly one property; a union with
// properties of its own (a polymorphic resource's spec) counts its variants with a CEL rule,
// spelt as controller-tools' ExactlyOneOf, or as an explicit rule when a name must be escaped.
func TestObjectMarkersOfUnions(t *testing.T) {
	variant := func(name string) *Property {
		return &Property{Name: ExportedName(name), JSONName: name, Type: StringType, Variant: true}
	}
	own := &Property{Name: "AzureName", JSONName: "azureName", Type: StringType}
	union := func(props ...*Property) *ObjectType {
		o := NewObjectType(props...)
		o.OneOf = true
		return o
	}
	cases := []struct {
		name string
		o    *ObjectType
		want []string
	}{
		{"plain object", NewObjectType(own), nil},
		{"variants only", union(variant("custom"), variant("default")),
			[]string{"+kubebuilder:validation:MaxProperties=1", "+kubebuilder:validation:MinProperties=1"}},
		{"with own properties", union(own, variant("custom"), variant("default")),
			[]string{"+kubebuilder:validation:ExactlyOneOf={custom,default}"}},
		{"a reserved word", union(own, variant("import"), variant("static")),
			[]string{`+kubebuilder:validation:XValidation:rule="[has(self.__import__),has(self.static)].filter(x,x==true).size() == 1",message="exactly one of the fields in [import static] must be set"`}},
		{"not a union", NewObjectType(own, variant("custom")), nil},
	}
	for _, c := range cases {
		if got := ObjectMarkers(c.o); !slices.Equal(got, c.want) {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
	rule, message := VariantsRule(union(own, variant("custom"), variant("default")))
	if rule != "[has(self.custom),has(self.default)].filter(x,x==true).size() == 1" || message != "exactly one of the fields in [custom default] must be set" {
		t.Errorf("VariantsRule: %q, %q", rule, message)
	}
}
