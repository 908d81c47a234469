package reconciler_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"sync"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// modelReads is the reconciler's cache in the model: the cluster, except that while stale is
// set it answers with the copy of each object from before its latest change (as an informer
// that has not caught up), and that it can fail the next reads of Namespaces.
type modelReads struct {
	client.Client
	mu                 sync.Mutex
	stale              bool
	failNamespaceReads int
	before             map[string]client.Object
}

func newModelReads(c client.Client) *modelReads {
	return &modelReads{Client: c, before: map[string]client.Object{}}
}

// remember keeps obj, as read before a change, for stale reads.
func (r *modelReads) remember(obj client.Object) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.before[readKeyFor(obj, obj.GetNamespace(), obj.GetName())] = obj.DeepCopyObject().(client.Object)
}

func readKeyFor(obj client.Object, ns, name string) string {
	return fmt.Sprintf("%T/%s/%s", obj, ns, name)
}

var errNamespaceRead = errors.New("the cache could not read the namespace (injected)")

func (r *modelReads) Get(ctx context.Context, key client.ObjectKey, obj client.Object, opts ...client.GetOption) error {
	r.mu.Lock()
	if _, ok := obj.(*corev1.Namespace); ok && r.failNamespaceReads > 0 {
		r.failNamespaceReads--
		r.mu.Unlock()
		return errNamespaceRead
	}
	old, ok := r.before[readKeyFor(obj, key.Namespace, key.Name)]
	stale := r.stale && ok
	r.mu.Unlock()
	if !stale {
		return r.Client.Get(ctx, key, obj, opts...)
	}
	// Only an object that still exists is served stale: an informer that missed a deletion
	// would still answer, but the fake client's writes would then fail in ways no cluster has.
	if err := r.Client.Get(ctx, key, obj, opts...); err != nil {
		return err
	}
	reflect.ValueOf(obj).Elem().Set(reflect.ValueOf(old.DeepCopyObject()).Elem())
	return nil
}

// failingNamespaceReads is how many more Namespace reads fail.
func (r *modelReads) failingNamespaceReads() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.failNamespaceReads
}
