package reconciler_test

import (
	"context"
	"testing"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/armgen/armgen/pkg/armfake"
	"github.com/armgen/armgen/pkg/genruntime"
)

// staleNamespaces is a cache that has not seen the latest change of any Namespace: it answers
// with the copy kept in old.
type staleNamespaces struct {
	client.Client
	old *corev1.Namespace
}

func (s *staleNamespaces) Get(ctx context.Context, key client.ObjectKey, obj client.Object, opts ...client.GetOption) error {
	if ns, ok := obj.(*corev1.Namespace); ok && s.old != nil {
		s.old.DeepCopyInto(ns)
		return nil
	}
	return s.Client.Get(ctx, key, obj, opts...)
}

// TestStaleNamespacePolicyDeletesNothing: the namespace is set to detach-on-delete and the
// object deleted at once, before the cache has seen the namespace's change. The DELETE is
// decided on the namespace as the API server has it: the object is released and Azure keeps
// the resource group. (TestReconcilerModel's stale reads found it: the cached namespace said
// manage, and the operator sent the DELETE.)
func TestStaleNamespacePolicyDeletesNothing(t *testing.T) {
	ns := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "ns"}}
	e := newEnv(t, armfake.Options{LROPolls: -1}, ns, group("rg", "", nil))
	reads := &staleNamespaces{Client: e.client}
	e.cache = reads
	e.restart()
	e.settle(rgKind, "rg")

	var latest corev1.Namespace
	if err := e.client.Get(context.Background(), client.ObjectKey{Name: "ns"}, &latest); err != nil {
		t.Fatal(err)
	}
	reads.old = latest.DeepCopy() // the cache stops here: manage, by default
	latest.Annotations = map[string]string{genruntime.ReconcilePolicyAnnotation: "detach-on-delete"}
	if err := e.client.Update(context.Background(), &latest); err != nil {
		t.Fatal(err)
	}
	if err := e.client.Delete(context.Background(), e.get(rgKind, "rg")); err != nil {
		t.Fatal(err)
	}
	e.settle(rgKind, "rg")
	if n, _ := e.requests("DELETE", ""); n != 0 {
		t.Errorf("%d DELETEs of a resource group whose namespace is detach-on-delete (the cache had not seen it yet)", n)
	}
	o, _ := e.scheme.New(rgKind)
	if err := e.client.Get(context.Background(), client.ObjectKey{Namespace: "ns", Name: "rg"}, o.(client.Object)); !apierrors.IsNotFound(err) {
		t.Errorf("not released: %v", err)
	}
}

// TestStaleCopyOfADeletedObjectSendsNoPUT: the object was deleted (the PUT in flight
// superseded by the DELETE) and released, another controller's finalizer keeping it; a reconcile
// that reads the cache's copy from before the deletion follows the old PUT, reads the object
// afresh, and must then see that it is being deleted, not send its spec again and so create
// in Azure the resource group it just deleted. (TestReconcilerModel's stale reads found it.)
func TestStaleCopyOfADeletedObjectSendsNoPUT(t *testing.T) {
	claimed := map[string]string{genruntime.ResourceIDAnnotation: "/subscriptions/" + subscription + "/resourceGroups/rg"}
	rg := group("rg", "", claimed)
	rg.Finalizers = []string{genruntime.Finalizer, otherFinalizer}
	e := newEnv(t, armfake.Options{LROPolls: 3, ForceLRO: true}, rg)
	cache := &behind{Client: e.client, frozen: map[client.ObjectKey]client.Object{}}
	e.cache = cache
	e.restart()
	e.step(rgKind, "rg")
	frozen := e.get(rgKind, "rg")
	if frozen.GetAnnotations()[genruntime.PollerResumeTokenAnnotation] == "" {
		t.Fatal("no resume token after the first PUT")
	}
	if err := e.client.Delete(context.Background(), frozen.DeepCopyObject().(client.Object)); err != nil {
		t.Fatal(err)
	}
	e.settle(rgKind, "rg")
	if fins := e.get(rgKind, "rg").GetFinalizers(); len(fins) != 1 {
		t.Fatalf("finalizers after the delete: %v, want only %s", fins, otherFinalizer)
	}
	puts, _ := e.requests("PUT", "/resourceGroups/rg")

	cache.frozen[client.ObjectKeyFromObject(frozen)] = frozen
	for range 3 {
		e.step(rgKind, "rg")
	}
	if n, _ := e.requests("PUT", "/resourceGroups/rg"); n != puts {
		t.Errorf("%d PUTs after the object was deleted and released, from a stale copy", n-puts)
	}
}
