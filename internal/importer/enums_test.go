package importer_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/runtime"

	"github.com/armgen/armgen/generated/controllers"
	"github.com/armgen/armgen/internal/armkinds"
	"github.com/armgen/armgen/internal/importer"
)

// cannedARM answers GETs with fixed bodies and lists nothing.
type cannedARM map[string]string

func (c cannedARM) GetByID(_ context.Context, id, _ string, into any) error {
	body, ok := c[strings.ToLower(id)]
	if !ok {
		return errors.New("no such resource: " + id)
	}
	return json.Unmarshal([]byte(body), into)
}

func (cannedARM) List(context.Context, string, string) ([]json.RawMessage, error) { return nil, nil }

// Azure reports a value of a modelAsString enum the generated kind does not list: the import
// must not write YAML the CRD refuses; it names the resource, the field, the value and the
// values allowed, and leaves the resource out.
func TestImportRefusesEnumValueTheCRDRejects(t *testing.T) {
	s := runtime.NewScheme()
	if err := controllers.AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	kinds, err := armkinds.FromScheme(s)
	if err != nil {
		t.Fatal(err)
	}
	id := "/subscriptions/00000000-0000-0000-0000-000000000001/resourceGroups/rg/providers/Microsoft.Storage/storageAccounts/acct"
	arm := cannedARM{strings.ToLower(id): `{"id":"` + id + `","name":"acct","type":"Microsoft.Storage/storageAccounts",
		"location":"westeurope","kind":"StorageV2","sku":{"name":"Standard_XRS"},"properties":{"accessTier":"hot"}}`}
	var progress bytes.Buffer
	im, err := importer.New(importer.Options{ARM: arm, Kinds: kinds, Progress: &progress})
	if err != nil {
		t.Fatal(err)
	}
	res := im.Import(context.Background(), []string{id})
	if len(res.Objects) != 0 {
		t.Errorf("imported %d objects, want the storage account left out", len(res.Objects))
	}
	if len(res.Errors) != 1 || !errors.Is(res.Errors[0], importer.ErrUnlistedEnumValue) {
		t.Fatalf("errors = %v, want one ErrUnlistedEnumValue", res.Errors)
	}
	msg := res.Errors[0].Error()
	for _, want := range []string{id, "spec.sku.name", `"Standard_XRS"`, `"Standard_LRS"`} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q does not name %s", msg, want)
		}
	}
	if strings.Contains(msg, "accessTier") {
		t.Errorf("error %q names accessTier, whose re-cased value the CRD accepts once read as declared", msg)
	}
	if !strings.Contains(progress.String(), "spec.sku.name") {
		t.Errorf("progress output %q does not report the field", progress.String())
	}
}
