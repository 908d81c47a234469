package operator_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/cloud"
	"github.com/Azure/azure-sdk-for-go/sdk/azidentity"
	"github.com/prometheus/client_golang/prometheus"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"

	"github.com/armgen/armgen/internal/armclient"
	"github.com/armgen/armgen/internal/armctl"
	"github.com/armgen/armgen/pkg/armfake"
	"github.com/armgen/armgen/pkg/genruntime"
)

// TestImportAdoptsWithoutChange makes a resource group holding a virtual network with two
// subnets and a storage account in armfake, as someone outside the cluster would (through the
// ARM client); imports the group with armctl import azure-resource; applies the YAML as it is,
// with reconcile policy manage; waits for every object to be Ready; and checks that Azure holds
// exactly what it held before: every resource as a GET renders it (etag and time of last
// write aside; creation time included, so a resource deleted and made again shows), the same
// set of resources, no DELETE. The operator PUTs each resource to adopt it, so this
// shows that each PUT sent what Azure already held, the vnet's PUT included: its spec lists no
// subnets, and a PUT without them would delete them.
func TestImportAdoptsWithoutChange(t *testing.T) {
	r := start(t, armfake.Options{LROPolls: 2, ListPageSize: 2}, time.Hour)
	ctx := context.Background()
	cl := armClient(t, r)
	rg := groupID("Imported_RG")
	vnet := rg + "/providers/Microsoft.Network/virtualNetworks/app-vnet"
	sa := rg + "/providers/Microsoft.Storage/storageAccounts/importedsa"
	resourcesMade := []struct{ id, api, body string }{
		{rg, "2021-04-01", `{"location":"westus2","tags":{"owner":"team-a"}}`},
		{vnet, "2021-02-01", `{"location":"westus2","tags":{"env":"dev"},"properties":{"addressSpace":{"addressPrefixes":["10.1.0.0/16"]},"dhcpOptions":{"dnsServers":["10.1.0.4"]}}}`},
		{vnet + "/subnets/frontend", "2021-02-01", `{"properties":{"addressPrefix":"10.1.1.0/24"}}`},
		{vnet + "/subnets/backend", "2021-02-01", `{"properties":{"addressPrefix":"10.1.2.0/24","serviceEndpoints":[{"service":"Microsoft.Storage"}]}}`},
		{sa, "2021-04-01", `{"location":"westus2","kind":"StorageV2","sku":{"name":"Standard_LRS"},"properties":{"minimumTlsVersion":"TLS1_2","allowBlobPublicAccess":false}}`},
	}
	for _, m := range resourcesMade {
		p, err := cl.BeginCreateOrUpdate(ctx, m.id, m.api, json.RawMessage(m.body))
		if err != nil {
			t.Fatalf("PUT %s: %v", m.id, err)
		}
		for !p.Done() {
			time.Sleep(20 * time.Millisecond)
			if _, _, err := p.Poll(ctx); err != nil {
				t.Fatalf("PUT %s: %v", m.id, err)
			}
		}
	}
	idsBefore := r.srv.ResourceIDs()
	before := map[string]any{}
	for _, m := range resourcesMade {
		before[m.id] = rendered(t, r, m.id, m.api)
	}
	r.srv.ResetRequests()

	// The import, as a user runs it, against armfake.
	file := filepath.Join(t.TempDir(), "imported.yaml")
	env := map[string]string{
		"AZURE_SUBSCRIPTION_ID": subscription, "AZURE_TENANT_ID": r.srv.TenantID(),
		"AZURE_CLIENT_ID": "importer", "AZURE_CLIENT_SECRET": "secret",
		"AZURE_RESOURCE_MANAGER_ENDPOINT": r.srv.URL() + "/", "AZURE_AUTHORITY_HOST": r.srv.AuthorityHost(),
	}
	cmd := armctl.NewCommand(armctl.Env{Getenv: func(k string) string { return env[k] }, Transport: r.srv.Client()})
	var stderr bytes.Buffer
	cmd.SetErr(&stderr)
	cmd.SetArgs([]string{"import", "azure-resource", rg, "-o", file, "--namespace", r.ns, "--reconcile-policy", "manage"})
	if err := cmd.ExecuteContext(ctx); err != nil {
		t.Fatalf("armctl: %v\n%s", err, stderr.String())
	}
	if n := len(r.requests("PUT", "")) + len(r.requests("DELETE", "")); n != 0 {
		t.Fatalf("the import wrote to Azure: %d PUTs and DELETEs", n)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("armctl:\n%s", stderr.String())

	// Applied as it is.
	decoder := serializer.NewCodecFactory(shared.Scheme, serializer.EnableStrict).UniversalDeserializer()
	reader := utilyaml.NewYAMLReader(bufio.NewReader(bytes.NewReader(data)))
	var objs []genruntime.ARMMetaObject
	var kinds []string
	for {
		doc, err := reader.Read()
		if err != nil {
			break
		}
		o, gvk, err := decoder.Decode(doc, nil, nil)
		if err != nil {
			t.Fatalf("decoding\n%s: %v", doc, err)
		}
		obj := o.(genruntime.ARMMetaObject)
		mustCreate(t, obj)
		objs = append(objs, obj)
		kinds = append(kinds, gvk.Kind)
	}
	slices.Sort(kinds)
	if got := strings.Join(kinds, ","); got != "ResourceGroup,StorageAccount,VirtualNetwork,VirtualNetworksSubnet,VirtualNetworksSubnet" {
		t.Fatalf("imported %s, want the group, the vnet, 2 subnets and the storage account:\n%s", got, data)
	}
	r.waitReady(3*time.Minute, objs...)

	for _, o := range objs {
		id := o.GetAnnotations()[genruntime.ResourceIDAnnotation]
		if id == "" {
			if err := r.get(o); err != nil {
				t.Fatal(err)
			}
			id = o.GetAnnotations()[genruntime.ResourceIDAnnotation]
		}
		if len(r.requests("PUT", id)) == 0 {
			t.Errorf("%s: no PUT to %s: the object was not adopted with manage", o.GetName(), id)
		}
	}
	for _, m := range resourcesMade {
		after := rendered(t, r, m.id, m.api)
		if !jsonEqualValues(before[m.id], after) {
			b, _ := json.Marshal(before[m.id])
			a, _ := json.Marshal(after)
			t.Errorf("%s changed:\n  before %s\n  after  %s", m.id, b, a)
		}
	}
	if after := r.srv.ResourceIDs(); !slices.Equal(after, idsBefore) {
		t.Errorf("armfake held %v before, %v after", idsBefore, after)
	}
	if n := len(r.requests("DELETE", "")); n != 0 {
		t.Errorf("%d DELETEs", n)
	}
	deleteTree(t, r, objs)
}

// armClient is the operator's ARM client with a credential of armfake's, for the test's own
// requests.
func armClient(t *testing.T, r *run) *armclient.Client {
	t.Helper()
	cred, err := azidentity.NewClientSecretCredential(r.srv.TenantID(), "someone-else", "secret", &azidentity.ClientSecretCredentialOptions{
		ClientOptions:            azcore.ClientOptions{Cloud: cloud.Configuration{ActiveDirectoryAuthorityHost: r.srv.AuthorityHost()}, Transport: r.srv.Client()},
		DisableInstanceDiscovery: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	m, err := armclient.NewMetrics(prometheus.NewRegistry())
	if err != nil {
		t.Fatal(err)
	}
	cl, err := armclient.New(cred, armclient.Options{Endpoint: r.srv.URL(), Transport: r.srv.Client(), Metrics: m})
	if err != nil {
		t.Fatal(err)
	}
	return cl
}

// rendered is a resource as armfake's GET shows it, without what changes with every write
// (etags, systemData.lastModified*), at every depth: a vnet's GET holds its subnets.
func rendered(t *testing.T, r *run, id, apiVersion string) any {
	t.Helper()
	resp, err := r.srv.Client().Get(r.srv.URL() + id + "?api-version=" + apiVersion)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %s", id, resp.Status)
	}
	var v any
	if err := json.NewDecoder(resp.Body).Decode(&v); err != nil {
		t.Fatal(err)
	}
	var strip func(any)
	strip = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			delete(x, "etag")
			if sd, ok := x["systemData"].(map[string]any); ok {
				// Kept: when and by whom it was created (a resource deleted and made again
				// shows); dropped: its last write, which every PUT moves.
				for k := range sd {
					if strings.HasPrefix(k, "lastModified") {
						delete(sd, k)
					}
				}
			}
			for _, e := range x {
				strip(e)
			}
		case []any:
			for _, e := range x {
				strip(e)
			}
		}
	}
	strip(v)
	return v
}

func jsonEqualValues(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return jsonEqual(x, y)
}
