package armctl

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/armgen/armgen/internal/testspecs"
	"github.com/armgen/armgen/pkg/armfake"
)

const sub = "00000000-0000-0000-0000-000000000001"

func run(t *testing.T, env Env, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	cmd := NewCommand(env)
	var out, errOut bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(&errOut)
	cmd.SetArgs(args)
	err = cmd.ExecuteContext(context.Background())
	return out.String(), errOut.String(), err
}

func fakeEnv(srv *armfake.Server, vars map[string]string) Env {
	all := map[string]string{
		"AZURE_SUBSCRIPTION_ID": sub, "AZURE_TENANT_ID": srv.TenantID(), "AZURE_CLIENT_ID": "armctl", "AZURE_CLIENT_SECRET": "secret",
		"AZURE_RESOURCE_MANAGER_ENDPOINT": srv.URL() + "/", "AZURE_AUTHORITY_HOST": srv.AuthorityHost(),
	}
	for k, v := range vars {
		all[k] = v
	}
	return Env{Getenv: func(k string) string { return all[k] }, Transport: srv.Client()}
}

func TestImportAzureResource(t *testing.T) {
	root := testspecs.Root(t)
	srv := armfake.StartTest(t, armfake.Options{SpecRoot: root, Groups: []string{"resources", "network"}, LROPolls: -1, RetryAfter: 5 * time.Millisecond})
	env := fakeEnv(srv, nil)
	rg := "/subscriptions/" + sub + "/resourceGroups/rg1"
	for _, put := range []struct{ id, api, body string }{
		{rg, "2021-04-01", `{"location":"westus"}`},
		{rg + "/providers/Microsoft.Network/virtualNetworks/vn", "2021-02-01", `{"location":"westus","properties":{"addressSpace":{"addressPrefixes":["10.0.0.0/16"]},"subnets":[{"name":"a","properties":{"addressPrefix":"10.0.1.0/24"}}]}}`},
	} {
		r, _ := newPut(srv.URL()+put.id+"?api-version="+put.api, put.body)
		resp, err := srv.Client().Do(r)
		if err != nil || resp.StatusCode >= 300 {
			t.Fatalf("PUT %s: %v %v", put.id, err, resp)
		}
		resp.Body.Close()
	}

	file := filepath.Join(t.TempDir(), "rg1.yaml")
	_, stderr, err := run(t, env, "import", "azure-resource", rg, "-o", file, "--namespace", "apps")
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), "\nkind: "); n != 3 || !strings.Contains(string(data), "serviceoperator.azure.com/reconcile-policy: manage") {
		t.Errorf("want 3 objects (group, vnet, subnet) with policy manage:\n%s", data)
	}
	if !strings.Contains(stderr, "imported 3 resources ("+file+")") {
		t.Errorf("stderr:\n%s", stderr)
	}

	// To stdout, with skip.
	stdout, _, err := run(t, env, "import", "azure-resource", rg+"/providers/Microsoft.Network/virtualNetworks/vn/subnets/a", "--reconcile-policy", "skip")
	if err != nil || !strings.Contains(stdout, "reconcile-policy: skip") || !strings.Contains(stdout, "armId: "+rg+"/providers/Microsoft.Network/virtualNetworks/vn") {
		t.Errorf("stdout %s, err %v", stdout, err)
	}

	for _, c := range []struct {
		env  Env
		args []string
		want string
	}{
		{env, []string{"import", "azure-resource", rg, "--reconcile-policy", "detach-on-delete"}, "want manage or skip"},
		{env, []string{"import", "azure-resource"}, "requires at least 1 arg"},
		{env, []string{"import", "azure-resource", "/subscriptions/another/resourceGroups/rg1"}, "is in subscription another"},
		{env, []string{"import", "azure-resource", rg + "/providers/Microsoft.Network/virtualNetworks/nope"}, "virtualNetworks/nope"},
		{fakeEnv(srv, map[string]string{"AZURE_CLIENT_SECRET": ""}), []string{"import", "azure-resource", rg}, "AZURE_CLIENT_SECRET"},
		{fakeEnv(srv, map[string]string{"AZURE_CLIENT_SECRET": "", "AZURE_CLIENT_ID": "", "AZURE_TENANT_ID": ""}), []string{"import", "azure-resource", rg}, "no credential in the environment: set AZURE_SUBSCRIPTION_ID"},
		{fakeEnv(srv, map[string]string{"AZURE_RESOURCE_MANAGER_ENDPOINT": "::"}), []string{"import", "azure-resource", rg}, "AZURE_RESOURCE_MANAGER_ENDPOINT"},
	} {
		_, _, err := run(t, c.env, c.args...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: error %v, want one with %q", c.args, err, c.want)
		}
	}
}
