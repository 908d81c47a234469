package reconciler

import (
	"encoding/json"
	"strings"
	"testing"

	compute "github.com/armgen/armgen/generated/compute/v1api20210301"
	"github.com/armgen/armgen/internal/drift"
	"github.com/armgen/armgen/pkg/genruntime"
)

// TestDriftJudgesAllButTheSecretsPlaces: a VM extension's protectedSettings, read whole from a
// Secret, is answered null by Azure: that is no drift (else every resync PUTs), and no hash of
// it is recorded. A value beside it is judged even when it contains a secret's text: the Secret
// holds "1", typeHandlerVersion "1.10" is still compared, and its change found.
func TestDriftJudgesAllButTheSecretsPlaces(t *testing.T) {
	spec := &compute.VirtualMachinesExtension_Spec{
		Location: new("westus2"), Publisher: new("Microsoft.Azure.Extensions"), Type: new("CustomScript"),
		TypeHandlerVersion: new("1.10"), ProtectedSettings: &genruntime.SecretMapReference{Name: "ext-protected"},
	}
	resolved := genruntime.ConvertToARMResolvedDetails{
		Name:               "ext",
		ResolvedSecretMaps: map[genruntime.SecretMapReference]map[string]string{{Name: "ext-protected"}: {"retries": "1", "commandToExecute": "echo Passw0rd-9x"}},
	}
	payload, err := spec.ConvertToARM(resolved)
	if err != nil {
		t.Fatal(err)
	}
	body, err := json.Marshal(payload)
	if err != nil {
		t.Fatal(err)
	}
	secrets, err := secretPlaces(spec, resolved)
	if err != nil {
		t.Fatal(err)
	}
	held := strings.Replace(string(body), `"protectedSettings":{"commandToExecute":"echo Passw0rd-9x","retries":"1"}`, `"protectedSettings":null`, 1)
	if held == string(body) {
		t.Fatalf("the body has no protectedSettings as expected: %s", body)
	}
	rec, err := drift.Build("uid", body, []byte(held), secrets)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Len() != 0 {
		t.Errorf("the secret's place was recorded (%d entries)", rec.Len())
	}
	if f, err := drift.Find(body, []byte(held), rec, secrets); err != nil || f != nil {
		t.Errorf("Find = %+v, %v: Azure's null for a Secret's values read as drift", f, err)
	}
	changed := strings.Replace(held, `"typeHandlerVersion":"1.10"`, `"typeHandlerVersion":"1.9"`, 1)
	f, err := drift.Find(body, []byte(changed), rec, secrets)
	if err != nil {
		t.Fatal(err)
	}
	if f == nil || f.Path != "properties.typeHandlerVersion" {
		t.Errorf("Find = %+v, want properties.typeHandlerVersion: a value containing a secret's text went unjudged", f)
	}
}
