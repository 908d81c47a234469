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
