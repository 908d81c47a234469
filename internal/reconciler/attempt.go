package reconciler

import (
	"context"
	"errors"

	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/armgen/armgen/internal/armclient"
	"github.com/armgen/armgen/internal/credentials"
	"github.com/armgen/armgen/pkg/genruntime"
)

// attempt is one reconcile of one object.
type attempt struct {
	r   *Reconciler
	obj genruntime.ARMMetaObject
	gvk schema.GroupVersionKind

	policy genruntime.ReconcilePolicy
	cred   *credentials.Credential
	arm    *armclient.Client
	id     string
	// secrets are the secret values the spec resolved to in this attempt: every message about
	// the object is redacted of them (see redact).
	secrets []string
	// current says obj is the version the API server holds, as far as this attempt knows: read
	// past the cache, or returned by a write of this attempt. Then neither refresh nor fresh
	// need to read it again.
	current bool
}

func (a *attempt) run(ctx context.Context) (reconcile.Result, error) {
	policy, policyErr := a.r.policy(ctx, a.obj)
	a.policy = policy
	if policyErr != nil {
		return a.policyError(ctx, policyErr)
	}
	if !a.obj.GetDeletionTimestamp().IsZero() {
		return a.delete(ctx)
	}
	if res, err, done := a.claim(ctx); done {
		return res, err
	}
	if a.policy == genruntime.ReconcilePolicySkip {
		return a.observe(ctx)
	}
	return a.apply(ctx)
}

// connect finds the credential and the ARM client the object acts with.
func (a *attempt) connect(ctx context.Context) error {
	cred, err := a.r.opts.Credentials.ForResource(ctx, a.obj)
	if err != nil {
		return err
	}
	cl, err := a.r.opts.Clients.Get(cred.Name, cred.Version, cred.TokenCredential)
	if err != nil {
		return err
	}
	a.cred, a.arm = cred, cl
	return nil
}

// credentialError reports a credential that cannot be used.
func (a *attempt) credentialError(ctx context.Context, err error) (reconcile.Result, error) {
	var ce *credentials.Error
	if errors.As(err, &ce) {
		return a.condition(ctx, readyFalse(ce.Severity(), ce.Reason, ce.Error(), a.obj.GetGeneration()), a.backoff())
	}
	return reconcile.Result{}, err
}
