package credentials

import (
	"context"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/armgen/armgen/pkg/genruntime"
	"github.com/armgen/armgen/pkg/genruntime/conditions"
)

// TestPrecedence: credential-from, then aso-credential, then the global Secret, then the
// operator's environment.
func TestPrecedence(t *testing.T) {
	fromAnnotation := map[string]string{genruntime.CredentialFromAnnotation: "my-cred"}
	cases := map[string]struct {
		objects     []client.Object
		env         map[string]string
		annotations map[string]string
		wantName    string
		wantSub     string
		wantClient  string
		wantReason  string
	}{
		"annotation wins over the namespace Secret": {
			objects: []client.Object{
				secret("ns1", "my-cred", clientSecretData(subA, "per-resource")),
				secret("ns1", NamespaceSecretName, clientSecretData(subB, "per-namespace")),
			},
			annotations: fromAnnotation,
			wantName:    "ns1/my-cred", wantSub: subA, wantClient: "per-resource",
		},
		"annotation naming a missing Secret does not fall back": {
			objects: []client.Object{
				secret("ns1", NamespaceSecretName, clientSecretData(subB, "per-namespace")),
				secret(operatorNS, GlobalSecretName, clientSecretData(subB, "global")),
			},
			annotations: fromAnnotation,
			wantReason:  ReasonSecretNotFound,
		},
		"annotation reaches only the resource's namespace": {
			objects:     []client.Object{secret("ns2", "my-cred", clientSecretData(subA, "elsewhere"))},
			annotations: fromAnnotation,
			wantReason:  ReasonSecretNotFound,
		},
		"namespace Secret wins over the global one": {
			objects: []client.Object{
				secret("ns1", NamespaceSecretName, clientSecretData(subB, "per-namespace")),
				secret(operatorNS, GlobalSecretName, clientSecretData(subA, "global")),
			},
			wantName: "ns1/" + NamespaceSecretName, wantSub: subB, wantClient: "per-namespace",
		},
		"another namespace's Secret is not used": {
			objects: []client.Object{
				secret("ns2", NamespaceSecretName, clientSecretData(subB, "ns2")),
				secret(operatorNS, GlobalSecretName, clientSecretData(subA, "global")),
			},
			wantName: GlobalName, wantSub: subA, wantClient: "global",
		},
		"global Secret wins over the environment": {
			objects:  []client.Object{secret(operatorNS, GlobalSecretName, clientSecretData(subA, "global"))},
			env:      clientSecretData(subB, "from-env"),
			wantName: GlobalName, wantSub: subA, wantClient: "global",
		},
		"global Secret with settings only: the environment": {
			objects:  []client.Object{secret(operatorNS, GlobalSecretName, map[string]string{"AZURE_SYNC_PERIOD": "15m"})},
			env:      clientSecretData(subB, "from-env"),
			wantName: GlobalName, wantSub: subB, wantClient: "from-env",
		},
		"no Secret at all: the environment": {
			env:      clientSecretData(subB, "from-env"),
			wantName: GlobalName, wantSub: subB, wantClient: "from-env",
		},
		"nothing anywhere": {
			wantReason: ReasonCredentialNotFound,
		},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			p := NewProvider(fakeReader(c.objects...), Options{OperatorNamespace: operatorNS, Getenv: env(c.env)})
			cred, err := p.ForResource(context.Background(), resource("ns1", c.annotations))
			if c.wantReason != "" {
				if ReasonOf(err) != c.wantReason {
					t.Fatalf("got %v (reason %q), want reason %s", err, ReasonOf(err), c.wantReason)
				}
				if err.(*Error).Severity() != conditions.ConditionSeverityWarning {
					t.Errorf("severity %s", err.(*Error).Severity())
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if cred.Name != c.wantName || cred.SubscriptionID != c.wantSub || cred.ClientID != c.wantClient ||
				cred.TenantID != tenant || cred.Kind != KindClientSecret || cred.TokenCredential == nil {
				t.Errorf("got %+v", cred)
			}
		})
	}
}

// TestSecretNotFoundMessage names the Secret and the annotation.
func TestSecretNotFoundMessage(t *testing.T) {
	p := NewProvider(fakeReader(), Options{OperatorNamespace: operatorNS, Getenv: env(nil)})
	_, err := p.ForResource(context.Background(), resource("ns1", map[string]string{genruntime.CredentialFromAnnotation: "my-cred"}))
	for _, want := range []string{"ns1/my-cred", genruntime.CredentialFromAnnotation} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%v does not mention %s", err, want)
		}
	}
}

// TestInvalidCredential: a Secret that lacks a key, or holds an unusable one, is an error that
// names the Secret and the key, and never a value.
func TestInvalidCredential(t *testing.T) {
	full := clientSecretData(subA, "app")
	cases := map[string]struct {
		data    map[string]string
		wantKey string
	}{
		"no subscription":       {without(full, SubscriptionIDKey), SubscriptionIDKey},
		"no tenant":             {without(full, TenantIDKey), TenantIDKey},
		"blank client id":       {with(full, ClientIDKey, "  \n"), ClientIDKey},
		"no way to prove it":    {without(full, ClientSecretKey), ClientSecretKey},
		"workload identity yes": {with(full, UseWorkloadIdentityKey, "yes"), UseWorkloadIdentityKey},
		"certificate garbage": {
			with(without(full, ClientSecretKey), ClientCertificateKey, "-----BEGIN CERTIFICATE-----\n"+clientSecretValue+"\n-----END CERTIFICATE-----\n"),
			ClientCertificateKey,
		},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			p := NewProvider(fakeReader(secret("ns1", NamespaceSecretName, c.data)), Options{Getenv: env(nil)})
			_, err := p.ForResource(context.Background(), resource("ns1", nil))
			e, ok := err.(*Error)
			if !ok || e.Reason != ReasonInvalidCredential || e.Key != c.wantKey {
				t.Fatalf("got %T %v, want InvalidCredential on %s", err, err, c.wantKey)
			}
			msg := err.Error()
			if !strings.Contains(msg, "ns1/"+NamespaceSecretName) || !strings.Contains(msg, c.wantKey) {
				t.Errorf("%q does not name the Secret and the key", msg)
			}
			if strings.Contains(msg, clientSecretValue) {
				t.Errorf("%q shows a secret value", msg)
			}
			if e.Severity() != conditions.ConditionSeverityError {
				t.Errorf("severity %s", e.Severity())
			}
		})
	}
}

// TestKinds: how the credential proves itself follows the keys.
func TestKinds(t *testing.T) {
	base := clientSecretData(subA, "app")
	cert := certificatePEM(t)
	cases := map[string]struct {
		data map[string]string
		want Kind
	}{
		"client secret":                {base, KindClientSecret},
		"certificate":                  {with(without(base, ClientSecretKey), ClientCertificateKey, cert), KindClientCertificate},
		"workload identity":            {with(without(base, ClientSecretKey), UseWorkloadIdentityKey, "true"), KindWorkloadIdentity},
		"workload identity wins":       {with(base, UseWorkloadIdentityKey, "True"), KindWorkloadIdentity},
		"workload identity off":        {with(base, UseWorkloadIdentityKey, "false"), KindClientSecret},
		"secret wins over certificate": {with(base, ClientCertificateKey, cert), KindClientSecret},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			p := NewProvider(fakeReader(secret("ns1", NamespaceSecretName, c.data)), Options{Getenv: env(nil)})
			cred, err := p.ForResource(context.Background(), resource("ns1", nil))
			if err != nil {
				t.Fatal(err)
			}
			if cred.Kind != c.want {
				t.Errorf("kind %s, want %s", cred.Kind, c.want)
			}
		})
	}
}

// TestReuse: the same Secret version gives the same credential (and its token cache); an
// edited Secret gives a new one with a new cache key.
func TestReuse(t *testing.T) {
	s := secret("ns1", NamespaceSecretName, clientSecretData(subA, "app"))
	reader := fakeReader(s)
	p := NewProvider(reader, Options{Getenv: env(nil)})
	ctx := context.Background()
	first, err := p.ForResource(ctx, resource("ns1", nil))
	if err != nil {
		t.Fatal(err)
	}
	again, _ := p.ForResource(ctx, resource("ns1", nil))
	if again != first {
		t.Error("the same Secret version was built twice")
	}
	if first.Version == "" || first.CacheKey() != "ns1/"+NamespaceSecretName+"@"+first.Version {
		t.Errorf("version %q, cache key %q", first.Version, first.CacheKey())
	}
	s.Data[SubscriptionIDKey] = []byte(subB)
	if err := reader.(client.Client).Update(ctx, s); err != nil {
		t.Fatal(err)
	}
	edited, err := p.ForResource(ctx, resource("ns1", nil))
	if err != nil {
		t.Fatal(err)
	}
	if edited == first || edited.CacheKey() == first.CacheKey() || edited.SubscriptionID != subB {
		t.Errorf("an edited Secret kept its credential: %+v", edited)
	}
}

func TestCheckSubscription(t *testing.T) {
	cred := &Credential{Name: "ns1/aso-credential", SubscriptionID: subA}
	cases := []struct {
		id       string
		mismatch bool
	}{
		{"/subscriptions/" + subA + "/resourceGroups/rg", false},
		{"/subscriptions/" + strings.ToUpper(subA) + "/resourceGroups/rg", false},
		{"/subscriptions/" + subB + "/resourceGroups/rg/providers/Microsoft.Network/virtualNetworks/v", true},
		{"/providers/Microsoft.Management/managementGroups/mg", false},
	}
	for _, c := range cases {
		err := cred.CheckSubscription(c.id)
		if got := ReasonOf(err) == ReasonSubscriptionMismatch; got != c.mismatch {
			t.Errorf("%s: %v", c.id, err)
		}
		if c.mismatch && (!strings.Contains(err.Error(), subB) || !strings.Contains(err.Error(), cred.Name)) {
			t.Errorf("message %q names neither the subscription nor the credential", err)
		}
	}
}

// TestCheckSubscriptionRefusesIDsItCannotPlace: an ID whose subscription the old prefix test
// missed is refused: one not starting with /subscriptions/ that reaches another subscription
// all the same (.. segments a server resolves, a doubled /, a management group's subscription),
// and one that is no ARM ID at all. IDs at tenant or management-group scope, naming no
// subscription, pass.
func TestCheckSubscriptionRefusesIDsItCannotPlace(t *testing.T) {
	cred := &Credential{Name: "ns1/aso-credential", SubscriptionID: subA}
	cases := map[string]string{
		"/x/../subscriptions/" + subB + "/resourceGroups/rg":                                       ReasonInvalidResourceID,
		"/subscriptions/" + subA + "/resourceGroups/rg/../../../subscriptions/" + subB:             ReasonInvalidResourceID,
		"/subscriptions/" + subA + "/resourceGroups/rg/%2e%2e/%2e%2e/%2e%2e/subscriptions/" + subB: ReasonInvalidResourceID,
		"//subscriptions/" + subB + "/resourceGroups/rg":                                           ReasonInvalidResourceID,
		"subscriptions/" + subB + "/resourceGroups/rg":                                             ReasonInvalidResourceID,
		"/resourceGroups/rg": ReasonInvalidResourceID,
		"":                   ReasonInvalidResourceID,
		"/providers/Microsoft.Management/managementGroups/mg/subscriptions/" + subB:                                          ReasonSubscriptionMismatch,
		"/providers/Microsoft.Management/managementGroups/mg":                                                                "",
		"/subscriptions/" + subA + "/resourceGroups/rg/providers/Microsoft.ServiceBus/namespaces/n/topics/t/subscriptions/s": "",
		"/providers/Microsoft.Resources/tenants/t/providers/Microsoft.Foo/bars/b":                                            "",
	}
	for id, want := range cases {
		if got := ReasonOf(cred.CheckSubscription(id)); got != want {
			t.Errorf("CheckSubscription(%q): reason %q, want %q", id, got, want)
		}
	}
}

func TestDisableInstanceDiscovery(t *testing.T) {
	cases := map[string]bool{
		"":                                   false,
		"https://login.microsoftonline.com/": false,
		"https://login.chinacloudapi.cn":     false,
		"https://LOGIN.microsoftonline.us/":  false,
		"https://127.0.0.1:45901/":           true,
		"https://login.private.example/":     true,
	}
	for host, want := range cases {
		if got := disableInstanceDiscovery(host); got != want {
			t.Errorf("%q: %v, want %v", host, got, want)
		}
	}
}

// TestNoSilentFallbackToGlobal: a resource that acted with its namespace's credential (or one
// its annotation named) is refused the global credential once that Secret is gone, with a
// condition naming the Secret, until the Secret is back or the record is removed. A resource
// that acted with the global credential keeps it; one never claimed takes it as ASO does.
func TestNoSilentFallbackToGlobal(t *testing.T) {
	ctx := context.Background()
	p := NewProvider(fakeReader(), Options{Getenv: env(clientSecretData(subB, "operator"))})
	used := map[string]string{genruntime.CredentialUsedAnnotation: "ns1/" + NamespaceSecretName}
	_, err := p.ForResource(ctx, resource("ns1", used))
	if ReasonOf(err) != ReasonCredentialWithdrawn || !strings.Contains(err.Error(), "ns1/"+NamespaceSecretName) {
		t.Errorf("namespace credential gone: %v, want %s naming the Secret", err, ReasonCredentialWithdrawn)
	}
	if c, err := p.ForResource(ctx, resource("ns1", map[string]string{genruntime.CredentialUsedAnnotation: GlobalName})); err != nil || c.Name != GlobalName {
		t.Errorf("a resource that acted with the global credential: %v", err)
	}
	if c, err := p.ForResource(ctx, resource("ns1", nil)); err != nil || c.Name != GlobalName {
		t.Errorf("an unclaimed resource: %v", err)
	}
	back := NewProvider(fakeReader(secret("ns1", NamespaceSecretName, clientSecretData(subA, "app"))), Options{Getenv: env(clientSecretData(subB, "operator"))})
	if c, err := back.ForResource(ctx, resource("ns1", used)); err != nil || c.SubscriptionID != subA {
		t.Errorf("the Secret restored: %+v, %v", c, err)
	}
}

// TestDeletedSecretsAreForgotten: a credential built from a Secret is dropped when the Secret
// goes, whether the watch says so (Forget) or a read finds it missing.
func TestDeletedSecretsAreForgotten(t *testing.T) {
	ctx := context.Background()
	s := secret("ns1", NamespaceSecretName, clientSecretData(subA, "app"))
	reader := fakeReader(s, secret("ns2", NamespaceSecretName, clientSecretData(subA, "app2")))
	p := NewProvider(reader, Options{Getenv: env(clientSecretData(subB, "operator"))})
	for _, ns := range []string{"ns1", "ns2"} {
		if _, err := p.ForResource(ctx, resource(ns, nil)); err != nil {
			t.Fatal(err)
		}
	}
	if p.Len() != 2 {
		t.Fatalf("%d credentials held, want 2", p.Len())
	}
	if names := p.Forget(types.NamespacedName{Namespace: "ns2", Name: NamespaceSecretName}); len(names) != 1 || names[0] != "ns2/"+NamespaceSecretName {
		t.Errorf("Forget returned %v", names)
	}
	if err := reader.(client.Client).Delete(ctx, s); err != nil {
		t.Fatal(err)
	}
	if c, err := p.ForResource(ctx, resource("ns1", nil)); err != nil || c.Name != GlobalName {
		t.Fatalf("after the delete: %+v, %v", c, err)
	}
	if p.Len() != 1 {
		t.Errorf("%d credentials held after both Secrets went, want only the global one", p.Len())
	}
}
