package reconciler_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"

	postgres "github.com/armgen/armgen/generated/dbforpostgresql/v1api20210601/storage"
	resources "github.com/armgen/armgen/generated/resources/v1api20210401/storage"
	"github.com/armgen/armgen/pkg/armfake"
	"github.com/armgen/armgen/pkg/genruntime"
)

// writeLog records each write the reconciler makes to the API server, as "object: keys" (the
// annotations it changed, or "metadata" when only other metadata changed) or "status". Each
// write costs the API server a conversion per served version and per managedFields version
// the writer's is not, a store and a watch event for every informer: a large fleet waits on it.
type writeLog struct{ writes []string }

// count wraps e's client so that every write of the reconciler is recorded, from the next
// restart on.
func (w *writeLog) count(e *env) {
	e.client = interceptor.NewClient(e.client.(client.WithWatch), interceptor.Funcs{
		Patch: func(ctx context.Context, c client.WithWatch, obj client.Object, patch client.Patch, opts ...client.PatchOption) error {
			var before []string
			old := obj.DeepCopyObject().(client.Object)
			if err := c.Get(ctx, client.ObjectKeyFromObject(obj), old); err == nil {
				for k, v := range obj.GetAnnotations() {
					if old.GetAnnotations()[k] != v {
						before = append(before, k)
					}
				}
				for k := range old.GetAnnotations() {
					if _, ok := obj.GetAnnotations()[k]; !ok {
						before = append(before, k)
					}
				}
			}
			slices.Sort(before)
			what := "metadata"
			if len(before) > 0 {
				what = fmt.Sprint(before)
			}
			w.writes = append(w.writes, "object: "+what)
			return c.Patch(ctx, obj, patch, opts...)
		},
		Update: func(ctx context.Context, c client.WithWatch, obj client.Object, opts ...client.UpdateOption) error {
			w.writes = append(w.writes, "object: update")
			return c.Update(ctx, obj, opts...)
		},
		SubResourcePatch: func(ctx context.Context, c client.Client, sub string, obj client.Object, patch client.Patch, opts ...client.SubResourcePatchOption) error {
			w.writes = append(w.writes, sub)
			return c.SubResource(sub).Patch(ctx, obj, patch, opts...)
		},
		SubResourceUpdate: func(ctx context.Context, c client.Client, sub string, obj client.Object, opts ...client.SubResourceUpdateOption) error {
			w.writes = append(w.writes, sub+" update")
			return c.SubResource(sub).Update(ctx, obj, opts...)
		},
	})
	e.restart()
}

// objectWrites counts the writes of the object itself (not of its status).
func (w *writeLog) objectWrites() int {
	n := 0
	for _, s := range w.writes {
		if len(s) > 7 && s[:7] == "object:" {
			n++
		}
	}
	return n
}

// TestCreateWritesEachStateOnce: a resource created through a long-running PUT is written
// once to claim it (finalizer, resource-id), once to record the operation in flight (its
// resume token, so that a restart polls rather than PUTs again), once when the operation ends
// (what Azure holds: the applied record and the drift baseline together, after the GET that
// reads it) and once in status (Ready). What must survive a restart is on the object at each
// step; nothing is written twice for one step.
func TestCreateWritesEachStateOnce(t *testing.T) {
	// Azure holds a value other than the one sent (a version it completed), so there is a
	// drift baseline to record.
	cases := []struct {
		name string
		opts armfake.Options
		want int
	}{
		{"long-running", armfake.Options{LROPolls: 2, ForceLRO: true}, 3},
		// No operation to follow: claim, then what Azure holds.
		{"at once", armfake.Options{LROPolls: -1}, 2},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rg := group("rg", "", nil)
			rg.Spec.Tags = map[string]string{"redisVersion": "6"}
			e := newEnv(t, tc.opts, rg)
			overridden(t, e, "tags", map[string]any{"redisVersion": "6.0.14"}, 0)
			var w writeLog
			w.count(e)
			e.settle(rgKind, "rg")
			if got := w.objectWrites(); got != tc.want {
				t.Errorf("%d writes of the object, want %d: %q", got, tc.want, w.writes)
			}
			if got := len(w.writes) - w.objectWrites(); got != 1 {
				t.Errorf("%d status writes, want 1 (Ready): %q", got, w.writes)
			}
			obj := e.get(rgKind, "rg")
			for _, k := range []string{genruntime.AppliedAnnotation, genruntime.DriftBaselineAnnotation} {
				if obj.GetAnnotations()[k] == "" {
					t.Errorf("annotation %s not recorded", k)
				}
			}
			if obj.GetAnnotations()[genruntime.PollerResumeTokenAnnotation] != "" {
				t.Error("resume token left behind")
			}

			// An unchanged resync writes nothing.
			w.writes = nil
			e.settle(rgKind, "rg")
			if len(w.writes) != 0 {
				t.Errorf("an unchanged resync wrote %q", w.writes)
			}
		})
	}
}

// TestPutWithInputsRecordsThemWithTheOperation: the Secret versions a PUT was sent with are
// recorded in the same write as the operation in flight, not in one of their own.
func TestPutWithInputsRecordsThemWithTheOperation(t *testing.T) {
	e := newEnv(t, armfake.Options{LROPolls: 2, ForceLRO: true, Groups: []string{"dbforpostgresql"}})
	e.client = fake.NewClientBuilder().WithScheme(e.scheme).
		WithObjects(group("rg", "", nil), server("pg", "pg-admin"), password("pg-admin", "first-Passw0rd")).
		WithStatusSubresource(&resources.ResourceGroup{}, &postgres.FlexibleServer{}).Build()
	e.kinds = []schema.GroupVersionKind{serverKind}
	e.restart()
	e.settle(rgKind, "rg")
	var w writeLog
	w.count(e)
	e.settle(serverKind, "pg")
	if got := w.objectWrites(); got != 3 {
		t.Errorf("%d writes of the object, want 3 (claim, operation in flight with its inputs, end): %q", got, w.writes)
	}
	if e.get(serverKind, "pg").GetAnnotations()[genruntime.AppliedInputsAnnotation] == "" {
		t.Error("the inputs of the PUT were not recorded")
	}
}
