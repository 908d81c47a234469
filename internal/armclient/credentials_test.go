package armclient

import (
	"context"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"

	"github.com/armgen/armgen/internal/credentials"
	"github.com/armgen/armgen/pkg/armfake"
)

// TestCacheFollowsSecret is the path the reconciler takes: a resource's credential from its
// namespace's Secret, a client from the cache by the credential's identity, requests to ARM as
// that client; an edited Secret (another service principal) gives a new client at once.
func TestCacheFollowsSecret(t *testing.T) {
	srv := startFake(t, armfake.Options{StrictClients: true, Clients: map[string]armfake.Client{
		"first": {Secret: "one"}, "second": {Secret: "two"},
	}})
	s := &corev1.Secret{
		ObjectMeta: metav1.ObjectMeta{Namespace: "ns1", Name: credentials.NamespaceSecretName},
		Data: map[string][]byte{
			credentials.SubscriptionIDKey: []byte(sub[len("/subscriptions/"):]),
			credentials.TenantIDKey:       []byte(srv.TenantID()),
			credentials.ClientIDKey:       []byte("first"),
			credentials.ClientSecretKey:   []byte("one"),
		},
	}
	kube := fake.NewClientBuilder().WithObjects(s).Build()
	provider := credentials.NewProvider(kube, credentials.Options{
		AuthorityHost: srv.AuthorityHost(), Transport: srv.Client(), Getenv: func(string) string { return "" },
	})
	cache := NewCache(testOptions(t, srv))
	obj := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: "ns1", Name: "rg"}}
	ctx := context.Background()

	clientFor := func() *Client {
		t.Helper()
		cred, err := provider.ForResource(ctx, obj)
		if err != nil {
			t.Fatal(err)
		}
		if err := cred.CheckSubscription(sub + "/resourceGroups/rg1"); err != nil {
			t.Fatal(err)
		}
		cl, err := cache.Get(cred.Name, cred.Version, cred.TokenCredential)
		if err != nil {
			t.Fatal(err)
		}
		return cl
	}
	first := clientFor()
	putGroup(t, first, "rg1")
	if clientFor() != first {
		t.Error("an unchanged Secret gave a new client")
	}

	s.Data[credentials.ClientIDKey] = []byte("second")
	s.Data[credentials.ClientSecretKey] = []byte("two")
	if err := kube.Update(ctx, s); err != nil {
		t.Fatal(err)
	}
	second := clientFor()
	if second == first {
		t.Fatal("the edited Secret kept the old client")
	}
	srv.ResetRequests()
	if err := second.GetByID(ctx, sub+"/resourceGroups/rg1", rgAPI, nil); err != nil {
		t.Fatal(err)
	}
	var arm int
	for _, r := range srv.Requests() {
		if r.APIVersion == "" {
			continue // a token request
		}
		arm++
		if r.ClientID != "second" {
			t.Errorf("%s %s as %q, want the new client", r.Method, r.Path, r.ClientID)
		}
	}
	if arm != 1 {
		t.Errorf("%d ARM requests recorded, want the one GET", arm)
	}
}
