package pipeline

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/armgen/armgen/pkg/astmodel"
)

type report struct{ n int }

func (r *report) Dump(w io.Writer) error {
	_, err := fmt.Fprintf(w, "%d item(s)\n", r.n)
	return err
}

// TestDump pins the layout stage goldens are made of, and that side data left nil (the
// coverage report of a run without --all) dumps as absent instead of panicking.
func TestDump(t *testing.T) {
	pkg := astmodel.MakeAPIPackage("example.com/out", "widgets", "v1api20210101")
	host := &astmodel.Property{Name: "Host", JSONName: "host", ARMName: "hostName", Type: astmodel.OptionalType{Element: astmodel.SecretReferenceType},
		Required: true, Secret: true, Provenance: astmodel.Provenance{Secret: astmodel.ByConfig}, FlattenedFrom: []string{"properties"}}
	port := &astmodel.Property{Name: "Port", JSONName: "port", ARMName: "port",
		Type: astmodel.NewOptional(astmodel.NewValidated(astmodel.IntType, astmodel.Validations{Pattern: "^[0-9]+$"}))}
	peer := &astmodel.Property{Name: "Peer", JSONName: "peer", Type: astmodel.OptionalType{Element: pkg.StorageTwin().TypeName("Endpoint")}}
	s := NewState().WithDefinitions(astmodel.Definitions{}.With(
		astmodel.Definition{Name: pkg.TypeName("Endpoint"), Type: astmodel.NewObjectType(host, port, peer),
			Origin: astmodel.Origin{Derivation: astmodel.Renamed, From: pkg.TypeName("Target")}},
		astmodel.Definition{Name: pkg.TypeName("Widget"), Type: &astmodel.ResourceType{Spec: pkg.TypeName("Widget_Spec"), Status: pkg.TypeName("Widget_STATUS"),
			ARMType: "Microsoft.Widgets/widgets", APIVersion: "2021-01-01", Scope: astmodel.ScopeResourceGroup, OwnerGroup: "resources.azure.com", OwnerKind: "ResourceGroup"}},
	))
	s = With(s, NewKey[*report]("coverage"), nil)
	s = With(s, NewKey[*report]("items"), &report{n: 2})
	s = With(s, NewKey[bool]("all"), true)
	var b strings.Builder
	if err := Dump(&b, s); err != nil {
		t.Fatal(err)
	}
	want := `# package widgets/v1api20210101
Endpoint = object (renamed from Target)
  Host host: *genruntime.SecretReference [required, secret, secret-by=config, arm-name=hostName, flattened-from=properties]
  Peer peer: *widgets/v1api20210101/storage.Endpoint
  Port port: *int (Pattern="^[0-9]+$")
Widget = resource Microsoft.Widgets/widgets@2021-01-01
  spec: Widget_Spec
  status: Widget_STATUS
  scope: resourcegroup
  owner: resources.azure.com/ResourceGroup
  storage version: false

# all
true

# coverage
(none)

# items
2 item(s)
`
	if got := b.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
