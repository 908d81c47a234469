package reconciler

import (
	"context"
	"sync/atomic"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/util/workqueue"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	postgres "github.com/armgen/armgen/generated/dbforpostgresql/v1api20210601/storage"
	resources "github.com/armgen/armgen/generated/resources/v1api20210401/storage"
	"github.com/armgen/armgen/pkg/genruntime"
)

// countingClient counts the Lists it is asked for.
type countingClient struct {
	client.Client
	lists atomic.Int64
}

func (c *countingClient) List(ctx context.Context, list client.ObjectList, opts ...client.ListOption) error {
	c.lists.Add(1)
	return c.Client.List(ctx, list, opts...)
}

// TestInputEventsListOnlyKindsThatReadThem: every kind's controller watches every Secret; a
// Secret written (an export, a rotation) lists the objects reading it only in the kinds some
// object of which reads a Secret (as their index saw them). A kind none of whose objects reads
// one (resource groups here) lists nothing, and the kind that does still finds its user.
func TestInputEventsListOnlyKindsThatReadThem(t *testing.T) {
	s := testScheme(t)
	r := New(nil, s, Options{})
	pg := &postgres.FlexibleServer{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: "pg"}}
	pg.Spec.AdministratorLoginPassword = &genruntime.SecretReference{Name: "pg-admin", Key: "password"}
	rg := &resources.ResourceGroup{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: "rg"}}
	pgGVK := postgres.GroupVersion.WithKind("FlexibleServer")
	rgGVK := resources.GroupVersion.WithKind("ResourceGroup")
	c := fake.NewClientBuilder().WithScheme(s).WithObjects(pg, rg).
		WithIndex(&postgres.FlexibleServer{}, SecretsIndex, r.recordingInputs(pgGVK.GroupKind(), SecretsIndex, SecretNames)).
		WithIndex(&resources.ResourceGroup{}, SecretsIndex, r.recordingInputs(rgGVK.GroupKind(), SecretsIndex, SecretNames)).
		Build()
	// The cache indexes each object as it is added; the fake client when a List asks.
	for _, l := range []client.ObjectList{&postgres.FlexibleServerList{}, &resources.ResourceGroupList{}} {
		if err := c.List(context.Background(), l, client.MatchingFields{SecretsIndex: "x"}); err != nil {
			t.Fatal(err)
		}
	}
	counting := &countingClient{Client: c}
	r.client = counting
	secret := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: "pg-admin", ResourceVersion: "2"}}
	old := secret.DeepCopy()
	old.ResourceVersion = "1"

	q := workqueue.NewTypedRateLimitingQueue(workqueue.DefaultTypedControllerRateLimiter[reconcile.Request]())
	r.inputHandler(rgGVK, SecretsIndex).Update(context.Background(), event.UpdateEvent{ObjectOld: old, ObjectNew: secret}, q)
	if n := counting.lists.Load(); n != 0 || q.Len() != 0 {
		t.Errorf("a Secret changed: resource groups listed %d times, %d queued; want 0, 0 (none reads a Secret)", n, q.Len())
	}
	r.inputHandler(pgGVK, SecretsIndex).Update(context.Background(), event.UpdateEvent{ObjectOld: old, ObjectNew: secret}, q)
	if n := counting.lists.Load(); n != 1 || q.Len() != 1 {
		t.Errorf("a Secret changed: flexible servers listed %d times, %d queued; want 1, 1", n, q.Len())
	}
}
