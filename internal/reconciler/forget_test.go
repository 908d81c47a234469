package reconciler

import (
	"context"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/util/workqueue"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	resources "github.com/armgen/armgen/generated/resources/v1api20210401/storage"
	"github.com/armgen/armgen/internal/armclient"
	"github.com/armgen/armgen/internal/credentials"
)

// TestSecretWatchForgetsCredentials: the deletion of a credential Secret, seen by the watch,
// drops the credential and the ARM client built on it, tokens and all.
func TestSecretWatchForgetsCredentials(t *testing.T) {
	ctx := context.Background()
	s := runtime.NewScheme()
	if err := clientgoscheme.AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	if err := resources.AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	secret := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: credentials.NamespaceSecretName}, Data: map[string][]byte{
		credentials.SubscriptionIDKey: []byte("00000000-0000-0000-0000-000000000001"), credentials.TenantIDKey: []byte("00000000-0000-0000-0000-0000000000aa"),
		credentials.ClientIDKey: []byte("app"), credentials.ClientSecretKey: []byte("value"),
	}}
	c := fake.NewClientBuilder().WithScheme(s).WithObjects(secret).Build()
	provider := credentials.NewProvider(c, credentials.Options{Getenv: func(string) string { return "" }})
	clients := armclient.NewCache(armclient.Options{Endpoint: "https://management.example/"})
	cred, err := provider.ForResource(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: "r"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := clients.Get(cred.Name, cred.Version, cred.TokenCredential); err != nil {
		t.Fatal(err)
	}
	r := New(c, s, Options{Credentials: provider, Clients: clients})
	q := workqueue.NewTypedRateLimitingQueue(workqueue.DefaultTypedControllerRateLimiter[reconcile.Request]())
	defer q.ShutDown()
	r.inputHandler(resources.GroupVersion.WithKind("ResourceGroup"), SecretsIndex).Delete(ctx, event.DeleteEvent{Object: secret}, q)
	if provider.Len() != 0 || clients.Len() != 0 {
		t.Errorf("after the Secret's deletion %d credentials and %d clients are held, want none", provider.Len(), clients.Len())
	}
}
