package operator_test

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/runtime/serializer"

	"github.com/armgen/armgen/pkg/armfake"
	"github.com/armgen/armgen/pkg/genruntime"
)

const (
	vaultAPI = "2019-09-01"
	// asoSampleVersion is the version Azure Service Operator's own Vault sample, with
	// createOrRecover, is written in.
	asoSampleVersion = "v1api20210401preview"
)

// vault is a Vault of version (v1api20190901, ...) in the resource group kvrg, with createMode
// mode.
func vault(t *testing.T, version, name, mode string) genruntime.ARMMetaObject {
	t.Helper()
	manifest := `apiVersion: keyvault.azure.com/` + version + `
kind: Vault
metadata:
  name: ` + name + `
spec:
  owner:
    name: kvrg
  location: westus2
  properties:
    createMode: ` + mode + `
    tenantId: 00000000-0000-0000-0000-000000000000
    sku:
      family: A
      name: standard
    enableSoftDelete: true
    softDeleteRetentionInDays: 7
`
	obj, _, err := serializer.NewCodecFactory(shared.Scheme).UniversalDeserializer().Decode([]byte(manifest), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return obj.(genruntime.ARMMetaObject)
}

func vaultID(name string) string {
	return groupID("kvrg") + "/providers/Microsoft.KeyVault/vaults/" + name
}

func deletedVaultID(name string) string {
	return "/subscriptions/" + subscription + "/providers/Microsoft.KeyVault/locations/westus2/deletedVaults/" + name
}

// vaultRun is the operator over armfake serving resource groups and key vaults, with the
// resource group kvrg Ready.
func vaultRun(t *testing.T) *run {
	r := start(t, armfake.Options{LROPolls: -1, Groups: []string{"resources", "keyvault"}}, time.Hour)
	rg := group("kvrg", nil)
	r.create(rg)
	r.waitReady(time.Minute, rg)
	return r
}

// softDeletedInAzure makes a vault with a key in Azure, out of band, and deletes it: Key Vault
// keeps it, and the key, soft-deleted.
func softDeletedInAzure(t *testing.T, r *run, name string) {
	t.Helper()
	createInAzure(t, r, vaultID(name), vaultAPI,
		`{"location":"westus2","properties":{"tenantId":"00000000-0000-0000-0000-000000000000","sku":{"family":"A","name":"standard"}}}`)
	createInAzure(t, r, vaultID(name)+"/keys/wrapping", vaultAPI, `{"properties":{"kty":"RSA","keySize":2048}}`)
	armCall(t, r, http.MethodDelete, vaultID(name), http.StatusOK)
	armCall(t, r, http.MethodGet, deletedVaultID(name), http.StatusOK)
}

// armCall sends a request to armfake as someone else would and checks its status.
func armCall(t *testing.T, r *run, method, id string, want int) {
	t.Helper()
	req, err := http.NewRequest(method, r.srv.URL()+id+"?api-version="+vaultAPI, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := r.srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != want {
		t.Fatalf("%s %s: %s, want %d", method, id, resp.Status, want)
	}
}

// sentCreateModes are the createModes of the operator's PUTs of the vault name, in order.
func sentCreateModes(r *run, name string) []string {
	var out []string
	for _, q := range r.requests(http.MethodPut, "/vaults/"+name) {
		if q.ClientID != "operator" {
			continue // the test's own, out of band
		}
		mode := "(none)"
		for _, m := range []string{"default", "recover", "createOrRecover", "purgeThenCreate"} {
			if strings.Contains(q.Body, `"createMode":"`+m+`"`) {
				mode = m
			}
		}
		out = append(out, mode)
	}
	return out
}

func hasID(r *run, id string) bool {
	return slices.ContainsFunc(r.srv.ResourceIDs(), func(x string) bool { return strings.EqualFold(x, id) })
}

// TestVaultCreateOrRecover: createMode createOrRecover (Azure Service Operator's own value,
// which Azure does not know) creates a vault where no soft-deleted one has the name (sending
// default), and recovers the soft-deleted one, keys and all, where one does (sending recover),
// including the vault the operator itself deleted a moment ago; Azure never sees
// createOrRecover.
func TestVaultCreateOrRecover(t *testing.T) {
	r := vaultRun(t)

	fresh := vault(t, asoSampleVersion, "kvfresh", "createOrRecover")
	r.create(fresh)
	r.waitReady(time.Minute, fresh)
	if got := sentCreateModes(r, "kvfresh"); !slices.Equal(got, []string{"default"}) {
		t.Errorf("no deleted vault: createModes sent %v, want [default]", got)
	}

	softDeletedInAzure(t, r, "kvback")
	back := vault(t, asoSampleVersion, "kvback", "createOrRecover")
	r.create(back)
	r.waitReady(time.Minute, back)
	if got := sentCreateModes(r, "kvback"); !slices.Equal(got, []string{"recover"}) {
		t.Errorf("a deleted vault: createModes sent %v, want [recover]", got)
	}
	if !hasID(r, vaultID("kvback")+"/keys/wrapping") {
		t.Errorf("the recovered vault has not its key back: %v", r.srv.ResourceIDs())
	}

	// Deleted through the operator (soft-deleted in Azure), then applied again: recovered.
	if err := shared.Client.Delete(context.Background(), fresh); err != nil {
		t.Fatal(err)
	}
	waitGone(t, r, fresh)
	armCall(t, r, http.MethodGet, deletedVaultID("kvfresh"), http.StatusOK)
	again := vault(t, asoSampleVersion, "kvfresh", "createOrRecover")
	r.create(again)
	r.waitReady(time.Minute, again)
	if got := sentCreateModes(r, "kvfresh"); !slices.Equal(got, []string{"default", "recover"}) {
		t.Errorf("applied again after its deletion: createModes sent %v, want [default recover]", got)
	}
	for _, q := range r.srv.Requests() {
		if strings.Contains(q.Body, "createOrRecover") {
			t.Errorf("%s %s sent createOrRecover to Azure: %s", q.Method, q.Path, q.Body)
		}
	}
}

// TestVaultPurgeThenCreate: createMode purgeThenCreate purges the soft-deleted vault of the name
// (its keys go with it), waits for the long-running purge, and creates a new vault with default;
// without a deleted vault it only creates.
func TestVaultPurgeThenCreate(t *testing.T) {
	r := vaultRun(t)

	softDeletedInAzure(t, r, "kvpurged")
	v := vault(t, "v1api20190901", "kvpurged", "purgeThenCreate")
	r.create(v)
	r.waitReady(time.Minute, v)
	if n := len(r.requests(http.MethodPost, "/deletedVaults/kvpurged/purge")); n != 1 {
		t.Errorf("%d purges of the deleted vault, want 1", n)
	}
	if got := sentCreateModes(r, "kvpurged"); !slices.Equal(got, []string{"default"}) {
		t.Errorf("createModes sent %v, want [default]", got)
	}
	armCall(t, r, http.MethodGet, deletedVaultID("kvpurged"), http.StatusNotFound)
	if hasID(r, vaultID("kvpurged")+"/keys/wrapping") {
		t.Error("the purged vault's key came back")
	}

	plain := vault(t, "v1api20190901", "kvplain", "purgeThenCreate")
	r.create(plain)
	r.waitReady(time.Minute, plain)
	if n := len(r.requests(http.MethodPost, "/deletedVaults/kvplain/purge")); n != 0 {
		t.Errorf("%d purges with nothing deleted", n)
	}
	if got := sentCreateModes(r, "kvplain"); !slices.Equal(got, []string{"default"}) {
		t.Errorf("nothing deleted: createModes sent %v, want [default]", got)
	}
	for _, q := range r.srv.Requests() {
		if strings.Contains(q.Body, "purgeThenCreate") {
			t.Errorf("%s %s sent purgeThenCreate to Azure: %s", q.Method, q.Path, q.Body)
		}
	}
}
