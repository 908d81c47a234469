package reconciler

import (
	"context"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/log"
)

// fresh reports whether the object this attempt read is the version the API server holds now.
//
// The manager's client reads an informer cache, which lags the writes this reconciler has just
// made: each write (finalizer, resource-id, resume token, status) triggers another reconcile,
// which may read a copy from before the resume token was recorded, or before Ready was set.
// Acting on that copy would send a second PUT, and its Reconciling condition would turn a Ready
// owner not Ready, sending its children back to waiting. So a PUT, the one step that must not
// be taken on old news, is preceded by a read past the cache (one GET of the API server, not
// of Azure), unless this attempt has read or written the object already (see
// attempt.current). When the cache is behind, the attempt ends and asks to run again once it
// has caught up.
func (a *attempt) fresh(ctx context.Context) (bool, error) {
	if a.current || a.r.opts.APIReader == nil {
		// Read past the cache, or written, by this attempt already.
		return true, nil
	}
	latest := a.obj.DeepCopyObject().(client.Object)
	if err := a.r.opts.APIReader.Get(ctx, client.ObjectKeyFromObject(a.obj), latest); err != nil {
		if apierrors.IsNotFound(err) {
			// Deleted since it was read: the deletion's event follows.
			return false, nil
		}
		return false, err
	}
	if latest.GetResourceVersion() != a.obj.GetResourceVersion() {
		log.FromContext(ctx).V(1).Info("the cache is behind the API server; waiting for it before sending a PUT",
			"cached", a.obj.GetResourceVersion(), "latest", latest.GetResourceVersion())
		return false, nil
	}
	a.current = true
	return true, nil
}
