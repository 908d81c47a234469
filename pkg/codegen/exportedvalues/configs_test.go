package exportedvalues

import (
	"testing"

	"github.com/armgen/armgen/pkg/astmodel"
)

func TestStatusWirePath(t *testing.T) {
	pkg := astmodel.MakeAPIPackage("example.com/apis", "demo", "v1api20200101")
	str := astmodel.OptionalType{Element: astmodel.StringType}
	defs := astmodel.Definitions{}.With(
		astmodel.Definition{Name: pkg.TypeName("Cache_STATUS"), Type: astmodel.NewObjectType(
			// Lifted out of the properties envelope.
			&astmodel.Property{Name: "ClientId", JSONName: "clientId", ARMName: "clientId", Type: str, FlattenedFrom: []string{"properties"}},
			&astmodel.Property{Name: "PrimaryEndpoints", JSONName: "primaryEndpoints", ARMName: "primaryEndpoints",
				Type: astmodel.OptionalType{Element: pkg.TypeName("Endpoints_STATUS")}, FlattenedFrom: []string{"properties"}},
			&astmodel.Property{Name: "Hosts", JSONName: "hosts", ARMName: "hosts", Type: astmodel.ArrayType{Element: astmodel.StringType}},
			&astmodel.Property{Name: "Conditions", JSONName: "conditions", Type: astmodel.ArrayType{Element: astmodel.ConditionType}},
		)},
		astmodel.Definition{Name: pkg.TypeName("Endpoints_STATUS"), Type: astmodel.NewObjectType(
			&astmodel.Property{Name: "Blob", JSONName: "blob", ARMName: "blob", Type: str},
		)},
	)
	status := pkg.TypeName("Cache_STATUS")
	for path, want := range map[string]string{
		"clientId":              "properties.clientId",
		"PrimaryEndpoints.Blob": "properties.primaryEndpoints.blob",
		"hosts[1]":              "hosts[1]",
	} {
		got, err := statusWirePath(defs, status, path)
		if err != nil || got != want {
			t.Errorf("%s: got %q, %v; want %q", path, got, err, want)
		}
	}
	for path, want := range map[string]string{
		"clientID2":        `the status has no property clientID2 (did you mean "clientId"?)`,
		"primaryEndpoints": "status.primaryEndpoints is not a single value (a string or a number)",
		"conditions":       "status.conditions is the operator's own, not Azure's",
		"clientId[0]":      "status.clientId is not a list",
		"clientId.x":       "status.clientId is not an object",
	} {
		if _, err := statusWirePath(defs, status, path); err == nil || err.Error() != want {
			t.Errorf("%s: got %v, want %s", path, err, want)
		}
	}
}
