package gentest

import (
	"errors"
	"os"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/armgen/armgen/pkg/armschema"
	"github.com/armgen/armgen/pkg/genruntime"
)

const fixtureRoot = "../../../specs/testdata/specification"

// gadgetSpec stands for a generated spec of the fixture's Microsoft.Widgets/widgets/gadgets;
// misspelt makes its wire type carry a wrong json tag, the mistake the check is for.
type gadgetSpec struct {
	AzureName  string
	TeethCount *int
	Notes      *string
	misspelt   bool
}

type gadgetWire struct {
	Name       *string           `json:"name,omitempty"`
	Properties *gadgetProperties `json:"properties,omitempty"`
}

type gadgetProperties struct {
	TeethCount *int    `json:"teethCount,omitempty"`
	Notes      *string `json:"notes,omitempty"`
}

type misspeltGadgetProperties struct {
	TeethCount *int    `json:"teethcount,omitempty"`
	Notes      *string `json:"notes,omitempty"`
}

func (g *gadgetSpec) ConvertToARM(resolved genruntime.ConvertToARMResolvedDetails) (any, error) {
	if g.misspelt {
		return map[string]any{"name": resolved.Name, "properties": misspeltGadgetProperties{TeethCount: g.TeethCount, Notes: g.Notes}}, nil
	}
	return &gadgetWire{Name: &resolved.Name, Properties: &gadgetProperties{TeethCount: g.TeethCount, Notes: g.Notes}}, nil
}

func (g *gadgetSpec) NewEmptyARMValue() any { return &gadgetWire{} }

func (g *gadgetSpec) PopulateFromARM(genruntime.ArbitraryOwnerReference, any) error { return nil }

func generateGadgetSpec(t *rapid.T) gadgetSpec {
	return gadgetSpec{AzureName: String(t), TeethCount: Optional(Int)(t), Notes: Optional(String)(t)}
}

func TestCheckARMPayload(t *testing.T) {
	v, err := armschema.New(fixtureRoot)
	if err != nil {
		t.Fatal(err)
	}
	schema, err := v.Schema("Microsoft.Widgets/widgets/gadgets", "2021-01-01")
	if err != nil {
		t.Fatal(err)
	}
	three := 3
	good := gadgetSpec{AzureName: "g", TeethCount: &three}
	if err := checkARMPayload(&good, schema); err != nil {
		t.Errorf("a payload of the swagger's shape (the name let through): %v", err)
	}
	bad := good
	bad.misspelt = true
	err = checkARMPayload(&bad, schema)
	var pe *armschema.PayloadError
	if !errors.As(err, &pe) || len(pe.Problems) != 1 || pe.Problems[0].Path != "properties.teethcount" ||
		!strings.Contains(err.Error(), `payload: {"name":"g","properties":{"teethcount":3}}`) {
		t.Errorf("a misspelt json tag: want the path and the payload, got %v", err)
	}
}

func TestRunARMPayloadCheck(t *testing.T) {
	old, had := os.LookupEnv(specRootVariable)
	defer func() {
		if had {
			os.Setenv(specRootVariable, old)
		} else {
			os.Unsetenv(specRootVariable)
		}
	}()
	// The variable is read before the check goes parallel, so the subtest sees what is set here.
	// (What happens without a spec root is internal/testspecs' to test.)
	os.Setenv(specRootVariable, fixtureRoot)
	t.Run("checks random values", func(t *testing.T) {
		RunARMPayloadCheck[gadgetSpec](t, generateGadgetSpec, "Microsoft.Widgets/widgets/gadgets", "2021-01-01", "resourcegroup")
	})
}
