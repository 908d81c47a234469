package armfake

import (
	"encoding/base64"
	"strings"
	"testing"

	"k8s.io/client-go/tools/clientcmd"
)

// TestClusterCredentialsAreKubeconfigs: an AKS cluster's admin and user credentials parse as
// kubeconfigs (what a client exporting them writes to a Secret), the same at every call.
func TestClusterCredentialsAreKubeconfigs(t *testing.T) {
	s := StartTest(t, Options{SpecRoot: corpusRoot(t), Groups: []string{"resources", "containerservice"}, LROPolls: -1})
	expect(t, call(t, s, "PUT", rg+rgAPI, map[string]any{"location": "westus"}), 201, "")
	const api = "?api-version=2021-05-01"
	cluster := rg + "/providers/Microsoft.ContainerService/managedClusters/aks1"
	r := call(t, s, "PUT", cluster+api, map[string]any{"location": "westus2", "properties": map[string]any{
		"dnsPrefix": "aks1", "agentPoolProfiles": []any{map[string]any{"name": "system", "mode": "System", "count": 1, "vmSize": "Standard_DS2_v2"}},
	}})
	if r.status != 200 && r.status != 201 {
		t.Fatalf("PUT cluster: %s", r.raw)
	}
	for action, user := range map[string]string{"listClusterAdminCredential": "clusterAdmin_rg1_aks1", "listClusterUserCredential": "clusterUser_rg1_aks1"} {
		first := call(t, s, "POST", cluster+"/"+action+api, nil)
		if first.status != 200 {
			t.Fatalf("%s: %s", action, first.raw)
		}
		if again := call(t, s, "POST", cluster+"/"+action+api, nil); again.raw != first.raw {
			t.Errorf("%s differs from one call to the next", action)
		}
		list, _ := first.body["kubeconfigs"].([]any)
		if len(list) == 0 {
			t.Fatalf("%s: %s", action, first.raw)
		}
		data, err := base64.StdEncoding.DecodeString(list[0].(map[string]any)["value"].(string))
		if err != nil {
			t.Fatalf("%s: value is not base64: %v", action, err)
		}
		cfg, err := clientcmd.Load(data)
		if err != nil {
			t.Fatalf("%s: not a kubeconfig: %v\n%s", action, err, data)
		}
		ctx := cfg.Contexts[cfg.CurrentContext]
		if ctx == nil || ctx.AuthInfo != user || cfg.AuthInfos[user] == nil || cfg.AuthInfos[user].Token == "" {
			t.Errorf("%s: context %+v, want user %s with a token:\n%s", action, ctx, user, data)
		}
		if c := cfg.Clusters["aks1"]; c == nil || !strings.HasPrefix(c.Server, "https://aks1.hcp.westus2.") {
			t.Errorf("%s: cluster %+v", action, c)
		}
	}
}
