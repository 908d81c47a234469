package reconciler_test

import (
	"context"
	"testing"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"

	"github.com/armgen/armgen/pkg/armfake"
	"github.com/armgen/armgen/pkg/genruntime"
)

// editedBeforeRecord makes another writer (a user adding a label) change the object on the API
// server just before the reconciler's first write of key, so that write meets a newer copy than
// the one it was built from.
func editedBeforeRecord(e *env, key string) {
	done := false
	e.client = interceptor.NewClient(e.client.(client.WithWatch), interceptor.Funcs{
		Patch: func(ctx context.Context, c client.WithWatch, obj client.Object, patch client.Patch, opts ...client.PatchOption) error {
			if !done && obj.GetAnnotations()[key] != "" {
				done = true
				other := obj.DeepCopyObject().(client.Object)
				if err := c.Get(ctx, client.ObjectKeyFromObject(obj), other); err != nil {
					return err
				}
				other.SetLabels(map[string]string{"team": "edited-meanwhile"})
				if err := c.Update(ctx, other); err != nil {
					return err
				}
			}
			return c.Patch(ctx, obj, patch, opts...)
		},
	})
	e.restart()
}

// TestOperationRecordSurvivesAConcurrentEdit: the write that records what a PUT did (its resume
// token while in flight; the applied record once Azure completed it) lands even when someone
// else changed the object since it was read. Refused for a conflict, the PUT Azure accepted
// would be forgotten and the next attempt would send the same spec again.
func TestOperationRecordSurvivesAConcurrentEdit(t *testing.T) {
	cases := []struct {
		name string
		opts armfake.Options
		key  string
	}{
		{"long-running, resume token", armfake.Options{LROPolls: 2, ForceLRO: true}, genruntime.PollerResumeTokenAnnotation},
		{"at once, applied record", armfake.Options{LROPolls: -1}, genruntime.AppliedAnnotation},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := newEnv(t, tc.opts, group("rg", "", nil))
			editedBeforeRecord(e, tc.key)
			e.settle(rgKind, "rg")
			if n := len(e.puts("/resourceGroups/rg")); n != 1 {
				t.Errorf("%d PUTs of the group, want 1: the record of the first was refused and the same spec sent again", n)
			}
			obj := e.get(rgKind, "rg")
			if obj.GetAnnotations()[genruntime.AppliedAnnotation] == "" {
				t.Error("the applied record was not written")
			}
			if obj.GetLabels()["team"] != "edited-meanwhile" {
				t.Errorf("the other writer's label was lost: %v", obj.GetLabels())
			}
		})
	}
}
