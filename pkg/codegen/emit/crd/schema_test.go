package crd

import (
	"testing"

	"github.com/armgen/armgen/pkg/astmodel"
)

// The CRD agrees with the Go markers: a reported (status) enum is its base type, any value
// accepted; a spec enum lists its values.
func TestStatusEnumSchemaListsNoValues(t *testing.T) {
	values := []astmodel.EnumValue{{Identifier: "Basic", Value: "Basic"}, {Identifier: "Premium", Value: "Premium"}}
	spec := enumSchema(astmodel.EnumType{Base: astmodel.StringType, Values: values})
	if len(spec.Enum) != 2 || spec.Type != "string" {
		t.Errorf("spec enum schema = %+v, want a string listing 2 values", spec)
	}
	status := enumSchema(astmodel.EnumType{Base: astmodel.StringType, Values: values, Reported: true})
	if len(status.Enum) != 0 || status.Type != "string" {
		t.Errorf("status enum schema lists %d values, want a plain string (Azure may report values the list lacks)", len(status.Enum))
	}
}
