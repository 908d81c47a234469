package reconciler_test

import (
	"context"
	"reflect"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/armgen/armgen/pkg/armfake"
	"github.com/armgen/armgen/pkg/genruntime"
)

// behind is a cache that has not seen the latest writes: Get returns the copy frozen for a
// name, while writes go through to the API server.
type behind struct {
	client.Client
	frozen map[client.ObjectKey]client.Object
}

func (b *behind) Get(ctx context.Context, key client.ObjectKey, obj client.Object, opts ...client.GetOption) error {
	if old, ok := b.frozen[key]; ok {
		reflect.ValueOf(obj).Elem().Set(reflect.ValueOf(old.DeepCopyObject()).Elem())
		return nil
	}
	return b.Client.Get(ctx, key, obj, opts...)
}

// TestCacheBehindSendsNoSecondPUT: a reconcile that reads a copy older than the API server's,
// from before the resume token of the PUT in flight was recorded, reads the object past the
// cache and polls the operation instead of sending a second PUT, writing nothing; once the
// cache catches up the operation is followed to Ready.
func TestCacheBehindSendsNoSecondPUT(t *testing.T) {
	claimed := map[string]string{genruntime.ResourceIDAnnotation: "/subscriptions/" + subscription + "/resourceGroups/rg"}
	rg := group("rg", "", claimed)
	rg.Finalizers = []string{genruntime.Finalizer}
	e := newEnv(t, armfake.Options{LROPolls: 3, ForceLRO: true}, rg)
	frozen := e.get(rgKind, "rg")
	cache := &behind{Client: e.client, frozen: map[client.ObjectKey]client.Object{}}
	e.cache = cache
	e.restart()

	e.step(rgKind, "rg")
	if tok := e.get(rgKind, "rg").GetAnnotations()[genruntime.PollerResumeTokenAnnotation]; tok == "" {
		t.Fatal("no resume token after the first PUT")
	}
	after := e.get(rgKind, "rg").GetResourceVersion()

	cache.frozen[client.ObjectKeyFromObject(frozen)] = frozen
	e.step(rgKind, "rg")
	if n, _ := e.requests("PUT", "/resourceGroups/rg"); n != 1 {
		t.Fatalf("%d PUTs after a reconcile that read a stale copy, want 1", n)
	}
	if rv := e.get(rgKind, "rg").GetResourceVersion(); rv != after {
		t.Errorf("stale read wrote the object (resourceVersion %s -> %s)", after, rv)
	}

	delete(cache.frozen, client.ObjectKeyFromObject(frozen))
	e.settle(rgKind, "rg")
	if c := e.ready(rgKind, "rg"); c.Status != metav1.ConditionTrue {
		t.Fatalf("not Ready once the cache caught up: %+v", c)
	}
	if n, _ := e.requests("PUT", "/resourceGroups/rg"); n != 1 {
		t.Errorf("%d PUTs in all, want 1", n)
	}
}

// counting counts the reads past the cache.
type counting struct {
	client.Reader
	gets int
}

func (c *counting) Get(ctx context.Context, key client.ObjectKey, obj client.Object, opts ...client.GetOption) error {
	c.gets++
	return c.Reader.Get(ctx, key, obj, opts...)
}

// TestPollsOnTheCachedCopy: an operation in flight is polled on the cached copy; the object is
// read past the cache only when something is to be written on it, and a copy from before the
// operation ended, found ended, writes nothing and sends no second PUT.
func TestPollsOnTheCachedCopy(t *testing.T) {
	e := newEnv(t, armfake.Options{LROPolls: 3, ForceLRO: true}, group("rg", "", nil))
	cache := &behind{Client: e.client, frozen: map[client.ObjectKey]client.Object{}}
	reads := &counting{Reader: e.client}
	e.cache, e.apiReader = cache, reads
	e.restart()

	// The claim's write returns the latest version: the PUT needs no read past the cache.
	e.step(rgKind, "rg")
	inFlight := e.get(rgKind, "rg")
	if inFlight.GetAnnotations()[genruntime.PollerResumeTokenAnnotation] == "" {
		t.Fatal("no resume token after the first PUT")
	}
	if reads.gets != 0 {
		t.Errorf("%d reads past the cache to claim and PUT, want 0", reads.gets)
	}
	e.settle(rgKind, "rg")
	if c := e.ready(rgKind, "rg"); c.Status != metav1.ConditionTrue {
		t.Fatalf("not Ready: %+v", c)
	}
	// Polls that found the operation running read nothing; the one that found it done read
	// the object once before recording it.
	if reads.gets != 1 {
		t.Errorf("%d reads past the cache while following the operation, want 1", reads.gets)
	}

	// A cache still showing the operation in flight: the poll finds it over, and the latest
	// version says it was recorded (Ready): nothing is written, no PUT sent.
	cache.frozen[client.ObjectKeyFromObject(inFlight)] = inFlight
	rv := e.get(rgKind, "rg").GetResourceVersion()
	e.step(rgKind, "rg")
	if got := e.get(rgKind, "rg").GetResourceVersion(); got != rv {
		t.Errorf("a stale copy of a finished operation wrote the object (resourceVersion %s -> %s)", rv, got)
	}
	if n, _ := e.requests("PUT", "/resourceGroups/rg"); n != 1 {
		t.Errorf("%d PUTs, want 1", n)
	}
}
