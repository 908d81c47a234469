package golang

import (
	"regexp"
	"strings"
	"testing"

	"github.com/armgen/armgen/pkg/astmodel"
)

// TestOperatorOnlyEnumValuesAreNotDrawn: an enum value added by $additionalEnumValues is a
// constant and one of the values the CRD accepts, but the property tests never draw it: the
// operator replaces it before the PUT, and drawn it would fail the ARM payload's swagger check.
func TestOperatorOnlyEnumValuesAreNotDrawn(t *testing.T) {
	defs := testModel(goldenBase)
	var enum astmodel.TypeName
	for n, d := range defs {
		if n.Name == "VirtualNetworkEncryption_Enforcement" {
			e := d.Type.(astmodel.EnumType)
			e.Values = append(e.Values, astmodel.EnumValue{Identifier: "AllowThenDrop", Value: "allowThenDrop", OperatorOnly: true})
			defs[n] = d.WithType(e)
			enum = n
		}
	}
	if enum.Name == "" {
		t.Fatal("the test model has no VirtualNetworkEncryption_Enforcement")
	}
	files, err := PackageWith(defs, enum.Package, Options{Tests: true})
	if err != nil {
		t.Fatal(err)
	}
	all := string(concat(files))
	if !regexp.MustCompile(`VirtualNetworkEncryption_Enforcement_AllowThenDrop\s+= VirtualNetworkEncryption_Enforcement\("allowThenDrop"\)`).MatchString(all) {
		t.Error("the output lacks the constant of allowThenDrop")
	}
	values := regexp.MustCompile(`(?s)var virtualNetworkEncryption_Enforcement_Values = \[\]VirtualNetworkEncryption_Enforcement\{.*?\}`).FindString(all)
	if !strings.Contains(values, "VirtualNetworkEncryption_Enforcement_AllowThenDrop") {
		t.Errorf("the values the CRD accepts leave it out: %s", values)
	}
	gen := regexp.MustCompile(`(?s)func generate_\w+_VirtualNetworkEncryption_Enforcement\(t \*rapid\.T\).*?\n}`).FindString(all)
	if gen == "" || strings.Contains(gen, "AllowThenDrop") || !strings.Contains(gen, "AllowUnencrypted") {
		t.Errorf("the generator of property tests: %q", gen)
	}
}
