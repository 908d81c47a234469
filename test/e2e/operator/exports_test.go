package operator_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/tools/clientcmd"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/armgen/armgen/pkg/armfake"
	"github.com/armgen/armgen/pkg/genruntime/conditions"
)

// waitData waits until the Secret or ConfigMap (as kind says) name exists with every one of keys,
// and returns its data.
func (r *run) waitData(kind any, name string, keys ...string) map[string]string {
	r.t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		data, err := r.data(kind, name)
		missing := ""
		for _, k := range keys {
			if _, ok := data[k]; !ok {
				missing = k
			}
		}
		if err == nil && missing == "" {
			return data
		}
		if time.Now().After(deadline) {
			r.t.Fatalf("after a minute, %T %s: %v, key %q missing (has %d keys)", kind, name, err, missing, len(data))
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func (r *run) data(kind any, name string) (map[string]string, error) {
	key := types.NamespacedName{Namespace: r.ns, Name: name}
	out := map[string]string{}
	switch kind.(type) {
	case *corev1.Secret:
		var s corev1.Secret
		if err := shared.Client.Get(context.Background(), key, &s); err != nil {
			return nil, err
		}
		for k, v := range s.Data {
			out[k] = string(v)
		}
	default:
		var c corev1.ConfigMap
		if err := shared.Client.Get(context.Background(), key, &c); err != nil {
			return nil, err
		}
		for k, v := range c.Data {
			out[k] = v
		}
	}
	return out, nil
}

// post calls a list action of a resource in armfake, as the operator does (armfake's keys are
// the same at every call until a regenerate).
func (r *run) post(t *testing.T, id, action, apiVersion string) map[string]any {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, r.srv.URL()+id+"/"+action+"?api-version="+apiVersion, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := r.srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	var out map[string]any
	if err := json.Unmarshal(body, &out); err != nil {
		t.Fatalf("%s: %s: %v", action, body, err)
	}
	return out
}

const redisWithSecrets = `
apiVersion: cache.azure.com/v1api20201201
kind: Redis
metadata:
  name: cache1
spec:
  owner:
    name: exports-rg
  location: westus2
  sku:
    name: Basic
    family: C
    capacity: 0
  operatorSpec:
    secrets:
      primaryKey:
        name: redis-keys
        key: primaryKey
      secondaryKey:
        name: redis-keys
        key: secondaryKey
      hostName:
        name: redis-keys
        key: hostName
      sslPort:
        name: redis-keys
        key: sslPort
    secretExpressions:
    - name: redis-connection
      key: url
      value: '"rediss://:" + secret.primaryKey + "@" + self.status.hostName + ":" + string(self.status.sslPort)'
`

// TestRedisExportsKeys: a Redis with operatorSpec.secrets gets a Secret holding its keys, from
// armfake's listKeys, and its host name and port from its GET; a secretExpressions entry builds a
// connection string from self and secret. Both Secrets are controlled by the Redis, which writes
// one again when it is deleted.
func TestRedisExportsKeys(t *testing.T) {
	r := start(t, armfake.Options{LROPolls: -1}, time.Hour)
	rg := group("exports-rg", nil)
	cache := decode(t, redisWithSecrets)
	r.create(rg, cache)
	r.waitReady(time.Minute, rg, cache)

	id := groupID("exports-rg") + "/providers/Microsoft.Cache/redis/cache1"
	keys := r.post(t, id, "listKeys", "2020-12-01")
	got := r.waitData(&corev1.Secret{}, "redis-keys", "primaryKey", "secondaryKey", "hostName", "sslPort")
	if got["primaryKey"] != keys["primaryKey"] || got["secondaryKey"] != keys["secondaryKey"] || got["primaryKey"] == "" {
		t.Errorf("Secret redis-keys holds other keys than listKeys gives")
	}
	if got["hostName"] != "cache1.armfake.example" || got["sslPort"] == "" {
		t.Errorf("Secret redis-keys: hostName %q sslPort %q", got["hostName"], got["sslPort"])
	}
	conn := r.waitData(&corev1.Secret{}, "redis-connection", "url")
	if want := "rediss://:" + got["primaryKey"] + "@cache1.armfake.example:" + got["sslPort"]; conn["url"] != want {
		t.Errorf("connection string %d chars, want %d (rediss://:<primaryKey>@<host>:<sslPort>)", len(conn["url"]), len(want))
	}
	var s corev1.Secret
	if err := shared.Client.Get(context.Background(), types.NamespacedName{Namespace: r.ns, Name: "redis-keys"}, &s); err != nil {
		t.Fatal(err)
	}
	if c := metav1.GetControllerOf(&s); c == nil || c.Kind != "Redis" || c.Name != "cache1" {
		t.Errorf("Secret redis-keys controller %+v", c)
	}
	if n := len(r.requests("POST", "/redis/cache1/listKeys")); n < 2 {
		// One from the operator, one from this test.
		t.Errorf("%d listKeys calls", n)
	}

	// Deleted by someone, the Secret is written again at once (the resync is an hour away).
	if err := shared.Client.Delete(context.Background(), &s); err != nil {
		t.Fatal(err)
	}
	again := r.waitData(&corev1.Secret{}, "redis-keys", "primaryKey")
	if again["primaryKey"] != got["primaryKey"] {
		t.Error("the Secret came back with other keys")
	}
}

const identityWithConfigMap = `
apiVersion: managedidentity.azure.com/v1api20181130
kind: UserAssignedIdentity
metadata:
  name: app-identity
spec:
  owner:
    name: exports-rg
  location: westus2
  operatorSpec:
    configMaps:
      clientId:
        name: identity-settings
        key: clientId
      principalId:
        name: identity-settings
        key: principalId
      tenantId:
        name: identity-settings
        key: tenantId
`

const vaultFromConfig = `
apiVersion: keyvault.azure.com/v1api20210401preview
kind: Vault
metadata:
  name: app-vault
spec:
  owner:
    name: exports-rg
  location: westus2
  properties:
    tenantIdFromConfig:
      name: identity-settings
      key: tenantId
    sku:
      family: A
      name: standard
    accessPolicies:
    - tenantIdFromConfig:
        name: identity-settings
        key: tenantId
      objectIdFromConfig:
        name: identity-settings
        key: principalId
      permissions:
        secrets:
        - get
        - list
`

// TestIdentityConfigMapFeedsKeyVault: a key vault whose access policy reads objectIdFromConfig
// waits (ConfigMapNotFound, a Warning naming it) until a UserAssignedIdentity exports clientId,
// principalId and tenantId to that ConfigMap, then is Ready with the principalId in its PUT body;
// the identity calls no action.
func TestIdentityConfigMapFeedsKeyVault(t *testing.T) {
	r := start(t, armfake.Options{LROPolls: -1}, time.Hour)
	rg := group("exports-rg", nil)
	vault := decode(t, vaultFromConfig)
	r.create(rg, vault)
	r.waitReason("ConfigMapNotFound", conditions.ConditionSeverityWarning, []string{`"identity-settings"`}, vault)

	identity := decode(t, identityWithConfigMap)
	r.create(identity)
	r.waitReady(time.Minute, identity, vault)
	settings := r.waitData(&corev1.ConfigMap{}, "identity-settings", "clientId", "principalId", "tenantId")
	if len(settings["clientId"]) != 36 || len(settings["principalId"]) != 36 || settings["tenantId"] != r.srv.TenantID() {
		t.Errorf("ConfigMap identity-settings %v", settings)
	}
	puts := r.requests("PUT", "/vaults/app-vault")
	if len(puts) != 1 {
		t.Fatalf("%d PUTs of the vault", len(puts))
	}
	var body struct {
		Properties struct {
			TenantID       string `json:"tenantId"`
			AccessPolicies []struct {
				ObjectID string `json:"objectId"`
				TenantID string `json:"tenantId"`
			} `json:"accessPolicies"`
		} `json:"properties"`
	}
	if err := json.Unmarshal([]byte(puts[0].Body), &body); err != nil {
		t.Fatal(err)
	}
	if p := body.Properties.AccessPolicies; len(p) != 1 || p[0].ObjectID != settings["principalId"] || p[0].TenantID != settings["tenantId"] ||
		body.Properties.TenantID != settings["tenantId"] {
		t.Errorf("vault PUT body %s, want the identity's principalId and tenantId", puts[0].Body)
	}
	if n := len(r.requests("POST", "/userAssignedIdentities/app-identity")); n != 0 {
		t.Errorf("%d POSTs for an identity that exports only values of its GET", n)
	}
}

// TestBadExpressionThenFixed: an expression that does not compile gives a Warning naming the
// entry, its text and CEL's error, with no second PUT; fixing the spec makes the resource Ready
// and writes the ConfigMap, without a restart.
func TestBadExpressionThenFixed(t *testing.T) {
	r := start(t, armfake.Options{LROPolls: -1}, time.Hour)
	rg := group("expr-rg", nil)
	bad := `self.metadata.name + `
	identity := decode(t, strings.ReplaceAll(identityExpr, "EXPR", bad))
	r.create(rg, identity)
	r.waitReason("InvalidExpression", conditions.ConditionSeverityWarning,
		[]string{"operatorSpec.configMapExpressions[0]", bad, "Syntax error"}, identity)
	if n := len(r.requests("PUT", "/userAssignedIdentities/expr-identity")); n != 1 {
		t.Errorf("%d PUTs, want 1: only the export fails", n)
	}

	fix, err := json.Marshal(map[string]any{"spec": map[string]any{"operatorSpec": map[string]any{"configMapExpressions": []any{
		map[string]any{"name": "expr-settings", "key": "name", "value": `self.metadata.name + "-" + self.status.principalId`},
	}}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := shared.Client.Patch(context.Background(), identity, client.RawPatch(types.MergePatchType, fix)); err != nil {
		t.Fatal(err)
	}
	r.waitReady(time.Minute, identity)
	got := r.waitData(&corev1.ConfigMap{}, "expr-settings", "name")
	if !strings.HasPrefix(got["name"], "expr-identity-") || len(got["name"]) != len("expr-identity-")+36 {
		t.Errorf("ConfigMap expr-settings: name %q", got["name"])
	}
}

const identityExpr = `
apiVersion: managedidentity.azure.com/v1api20181130
kind: UserAssignedIdentity
metadata:
  name: expr-identity
spec:
  owner:
    name: expr-rg
  location: westus2
  operatorSpec:
    configMapExpressions:
    - name: expr-settings
      key: name
      value: 'EXPR'
`

const clusterWithKubeconfigs = `
apiVersion: containerservice.azure.com/v1api20210501
kind: ManagedCluster
metadata:
  name: cluster1
spec:
  owner:
    name: exports-rg
  location: westus2
  dnsPrefix: cluster1
  identity:
    type: SystemAssigned
  agentPoolProfiles:
  - name: system
    mode: System
    count: 1
    vmSize: Standard_DS2_v2
  operatorSpec:
    secrets:
      adminCredentials:
        name: cluster1-kubeconfig
        key: value
      userCredentials:
        name: cluster1-user-kubeconfig
        key: value
`

// TestManagedClusterExportsKubeconfigs: a ManagedCluster's admin and user kubeconfigs land in
// the Secrets its operatorSpec names, under the key Cluster API Provider Azure reads, decoded
// from the base64 of listClusterAdminCredential and listClusterUserCredential (format: byte).
func TestManagedClusterExportsKubeconfigs(t *testing.T) {
	r := start(t, armfake.Options{LROPolls: -1}, time.Hour)
	rg := group("exports-rg", nil)
	cluster := decode(t, clusterWithKubeconfigs)
	r.create(rg, cluster)
	r.waitReady(time.Minute, rg, cluster)

	id := groupID("exports-rg") + "/providers/Microsoft.ContainerService/managedClusters/cluster1"
	for action, secret := range map[string]string{"listClusterAdminCredential": "cluster1-kubeconfig", "listClusterUserCredential": "cluster1-user-kubeconfig"} {
		answer := r.post(t, id, action, "2021-05-01")
		list, _ := answer["kubeconfigs"].([]any)
		if len(list) == 0 {
			t.Fatalf("%s: no kubeconfigs in %v", action, answer)
		}
		encoded, _ := list[0].(map[string]any)["value"].(string)
		want, err := base64.StdEncoding.DecodeString(encoded)
		if err != nil || len(want) == 0 {
			t.Fatalf("%s: kubeconfigs[0].value %q is not base64: %v", action, encoded, err)
		}
		got := r.waitData(&corev1.Secret{}, secret, "value")
		if got["value"] != string(want) {
			t.Errorf("Secret %s holds %d bytes, not the %d bytes of %s's kubeconfig", secret, len(got["value"]), len(want), action)
		}
		if cfg, err := clientcmd.Load([]byte(got["value"])); err != nil || cfg.CurrentContext == "" {
			t.Errorf("Secret %s: not a kubeconfig a client can load: %v", secret, err)
		}
	}
}
