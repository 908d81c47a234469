package reconciler

import (
	"time"

	"github.com/armgen/armgen/internal/armclient"
)

// retryWait is how long to wait after the ARM failure e before trying again. A failure that
// may pass waits the object's backoff, and never less than Azure asked (Retry-After, or the
// long wait of a resource group being deleted): coming back sooner only earns another refusal.
// A refusal that lasts until someone acts (validation, a taken name, a lock, a quota) is not
// sent again for this generation: a spec change makes a new generation, which brings the object
// back; the resync period covers a fix made in Azure instead (a lock removed, a quota raised).
func (a *attempt) retryWait(e *armclient.Error) time.Duration {
	if !e.Retryable {
		return a.r.opts.Settings.SyncPeriod
	}
	return max(a.backoff(), e.RetryAfter)
}
