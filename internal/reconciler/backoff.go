package reconciler

import (
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/armgen/armgen/pkg/genruntime/conditions"
)

// maxWait bounds the wait of an object that has not been Ready for long.
const maxWait = 2 * time.Minute

// backoff is how long to wait before looking again at an object that waits (for an owner, a
// reference, a Secret) or failed in a way that may pass: a quarter of the time it has not been
// Ready, between WaitDelay and maxWait. A child whose owner is being created is looked at again
// within a second or two; one that waits for something nobody creates settles at a slow pace.
// The time comes from the Ready condition, so a restarted operator keeps the pace.
func (a *attempt) backoff() time.Duration {
	least := a.r.opts.WaitDelay
	c, ok := a.obj.GetConditions().Get(conditions.ConditionTypeReady)
	if !ok || c.Status == metav1.ConditionTrue || c.LastTransitionTime.IsZero() {
		return least
	}
	d := time.Since(c.LastTransitionTime.Time) / 4
	return min(max(d, least), maxWait)
}
