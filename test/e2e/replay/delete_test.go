package replay_test

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/armgen/armgen/pkg/genruntime"
)

// deleteAll deletes the subject, which the operator deletes in Azure as the recording did, then
// the other objects, children first, detached so that only the recorded DELETE is sent (the
// subject too, when the recording cannot answer its delete).
func (r *run) deleteAll(objs []genruntime.ARMMetaObject) {
	r.t.Helper()
	ctx := context.Background()
	order := []genruntime.ARMMetaObject{}
	for _, o := range slices.Backward(objs) {
		if o.GetName() == r.f.Subject && r.f.Undeletable == "" {
			order = append([]genruntime.ARMMetaObject{o}, order...)
		} else {
			order = append(order, o)
		}
	}
	for _, o := range order {
		c, err := r.fresh(o)
		if err != nil {
			r.t.Fatalf("reading %s: %v", o.GetName(), err)
		}
		if o.GetName() != r.f.Subject || r.f.Undeletable != "" {
			a := c.GetAnnotations()
			if a == nil {
				a = map[string]string{}
			}
			a[genruntime.ReconcilePolicyAnnotation] = string(genruntime.ReconcilePolicyDetachOnDelete)
			c.SetAnnotations(a)
			if err := shared.Client.Update(ctx, c); err != nil {
				r.t.Fatalf("detaching %s: %v", o.GetName(), err)
			}
		}
		if err := shared.Client.Delete(ctx, c); err != nil {
			r.t.Fatalf("deleting %s: %v", o.GetName(), err)
		}
		r.waitGone(o, 30*time.Second)
	}
}

func (r *run) waitGone(o genruntime.ARMMetaObject, timeout time.Duration) {
	r.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		c, err := r.fresh(o)
		if err != nil {
			return
		}
		if time.Now().After(deadline) {
			r.t.Fatalf("%s: %s not deleted after %s, finalizers %v%s", r.f.file, o.GetName(), timeout, c.GetFinalizers(), r.unexpected())
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// unfollowedDelete lists the interactions from the subject's recorded DELETE on that the
// operator never asked for: the polling it did not follow, or the final GET it did not make.
func (r *run) unfollowedDelete() []string {
	first := r.f.subjectDelete()
	if first < 0 {
		return []string{fmt.Sprintf("the conversation holds no DELETE of the subject %s", r.f.Subject)}
	}
	var out []string
	for i := first; i < len(r.f.Conversation); i++ {
		if !r.srv.wasAnswered(i) {
			in := r.f.Conversation[i]
			out = append(out, fmt.Sprintf("the delete did not follow the recording to its end: id %d (%s %s, %d) never asked", in.ID, in.Method, in.URL, in.Status))
		}
	}
	return out
}
