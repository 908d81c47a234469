package reconciler

import (
	"context"
	"errors"
	"fmt"

	"github.com/armgen/armgen/internal/settings"
)

// errReconcileTimeout is the cause of a reconcile's context that its deadline ended.
var errReconcileTimeout = errors.New("reconcile deadline")

// withDeadline bounds one reconcile by Settings.ReconcileTimeout, so that nothing it waits
// on (an ARM call, the API server) holds a worker longer; every ARM call has its own, shorter
// bound besides (ARM_REQUEST_TIMEOUT).
func (r *Reconciler) withDeadline(ctx context.Context) (context.Context, context.CancelFunc) {
	if d := r.opts.Settings.ReconcileTimeout; d > 0 {
		return context.WithTimeoutCause(ctx, d, errReconcileTimeout)
	}
	return context.WithCancel(ctx)
}

// deadlineError says that err came of the reconcile running out of time, when it did: the
// error makes controller-runtime requeue the object with its backoff.
func (r *Reconciler) deadlineError(ctx context.Context, err error) error {
	if err == nil || !errors.Is(context.Cause(ctx), errReconcileTimeout) {
		return err
	}
	return fmt.Errorf("the reconcile did not end within %s (%s); it will be tried again: %w",
		r.opts.Settings.ReconcileTimeout, settings.ReconcileTimeoutVar, err)
}
