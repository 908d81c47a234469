package operator_test

import (
	"context"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/armgen/armgen/pkg/armfake"
	"github.com/armgen/armgen/pkg/genruntime"
	"github.com/armgen/armgen/pkg/genruntime/conditions"
)

// decode reads a manifest as a user writes it.
func decode(t *testing.T, manifest string) genruntime.ARMMetaObject {
	t.Helper()
	o, _, err := serializer.NewCodecFactory(shared.Scheme).UniversalDeserializer().Decode([]byte(manifest), nil, nil)
	if err != nil {
		t.Fatalf("decoding %s: %v", manifest, err)
	}
	return o.(genruntime.ARMMetaObject)
}

// waitReason waits until each object's Ready condition has reason and severity, and a message
// holding every one of mention.
func (r *run) waitReason(reason string, severity conditions.ConditionSeverity, mention []string, objs ...genruntime.ARMMetaObject) {
	r.t.Helper()
	r.waitFor(reason, time.Minute, func(c conditions.Condition) bool {
		if c.Reason != reason || c.Severity != severity {
			return false
		}
		for _, m := range mention {
			if !strings.Contains(c.Message, m) {
				return false
			}
		}
		return true
	}, objs...)
}

// waitRequests waits until armfake has seen n requests of method to paths ending in suffix, and
// returns them.
func (r *run) waitRequests(method, suffix string, n int, timeout time.Duration) []armfake.Request {
	r.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		got := r.requests(method, suffix)
		if len(got) >= n {
			return got
		}
		if time.Now().After(deadline) {
			r.t.Fatalf("after %s, %d %s requests to %s, want %d", timeout, len(got), method, suffix, n)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

const flexibleServer = `
apiVersion: dbforpostgresql.azure.com/v1api20210601
kind: FlexibleServer
metadata:
  name: pg
spec:
  owner:
    name: secrets-rg
  location: westus2
  sku:
    name: Standard_D4s_v3
    tier: GeneralPurpose
  version: "13"
  administratorLogin: myAdmin
  administratorLoginPassword:
    name: server-admin-pw
    key: password
  storage:
    storageSizeGB: 128
`

// TestSecretInAndRotation: a PostgreSQL flexible server reads its administrator password from a
// Secret. While the Secret is missing the server waits with a Warning naming it; once it is
// created the server is Ready, its PUT carrying the password; changing the Secret sends a new
// PUT with the new password at once (the resync is an hour away, and Azure's GET never shows a
// password), and no value is recorded on the object.
func TestSecretInAndRotation(t *testing.T) {
	r := start(t, armfake.Options{LROPolls: -1}, time.Hour)
	rg := group("secrets-rg", nil)
	server := decode(t, flexibleServer)
	r.create(rg, server)
	r.waitReason("SecretNotFound", conditions.ConditionSeverityWarning, []string{`"server-admin-pw"`, `"password"`}, server)

	pw := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: "server-admin-pw"}, StringData: map[string]string{"password": "first-Passw0rd!"}}
	r.create(pw)
	r.waitReady(time.Minute, rg, server)
	puts := r.requests("PUT", "/flexibleServers/pg")
	if len(puts) != 1 || !strings.Contains(puts[0].Body, "first-Passw0rd!") {
		t.Fatalf("%d PUTs of the server, want one with the password", len(puts))
	}

	ctx := context.Background()
	if err := shared.Client.Get(ctx, client.ObjectKeyFromObject(pw), pw); err != nil {
		t.Fatal(err)
	}
	pw.StringData = map[string]string{"password": "second-Passw0rd!"}
	if err := shared.Client.Update(ctx, pw); err != nil {
		t.Fatal(err)
	}
	puts = r.waitRequests("PUT", "/flexibleServers/pg", 2, 30*time.Second)
	if len(puts) != 2 || !strings.Contains(puts[1].Body, "second-Passw0rd!") {
		t.Fatalf("%d PUTs after the Secret changed, want a second with the new password", len(puts))
	}
	r.waitReady(time.Minute, server)
	if err := r.get(server); err != nil {
		t.Fatal(err)
	}
	if ann := server.GetAnnotations()[genruntime.AppliedInputsAnnotation]; !strings.HasPrefix(ann, "Secret/server-admin-pw=") || strings.Contains(ann, "Passw0rd") {
		t.Errorf("applied inputs %q", ann)
	}
	if n := len(r.requests("PUT", "/flexibleServers/pg")); n != 2 {
		t.Errorf("%d PUTs of the server in all, want 2", n)
	}
}
