package reconciler

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"

	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/armgen/armgen/internal/drift"
	"github.com/armgen/armgen/internal/resolver"
	"github.com/armgen/armgen/pkg/genruntime"
)

// desired is what the spec of one generation asks of Azure, resolved: the PUT it makes.
type desired struct {
	generation int64
	apiVersion string
	spec       genruntime.ARMTransformer
	// body is ConvertToARM's, before embedded children are kept (see keepEmbedded): what the
	// spec and its inputs alone make.
	body   []byte
	inputs resolver.Inputs
	// secrets are the places of body that hold values read from Secrets (see secretPlaces).
	secrets drift.Secrets
	// digest identifies what the PUT was made from (see digestOf), to tell, when an operation
	// ends, whether it carried the inputs of now.
	digest string
}

// desire resolves what the spec names (owner, references, Secrets, ConfigMaps) and builds the
// PUT. The secret values it read are what every message of this attempt is redacted of (see
// redact). When something cannot be resolved, report says why in the Ready condition.
func (a *attempt) desire(ctx context.Context, versioned genruntime.ARMMetaObject) (d *desired, report func(context.Context) (reconcile.Result, error)) {
	failed := func(res reconcile.Result, err error) func(context.Context) (reconcile.Result, error) {
		return func(context.Context) (reconcile.Result, error) { return res, err }
	}
	spec, err := specOf(versioned)
	if err != nil {
		return nil, failed(reconcile.Result{}, err)
	}
	resolved, inputs, err := a.r.opts.Resolver.ResolveWithInputs(ctx, a.obj.GetNamespace(), spec, a.cred.CheckSubscription)
	if err != nil {
		return nil, func(ctx context.Context) (reconcile.Result, error) { return a.resolveError(ctx, err) }
	}
	resolved.Name = azureName(a.obj)
	a.secrets = secretValues(resolved)
	payload, err := spec.ConvertToARM(resolved)
	if err != nil {
		return nil, func(ctx context.Context) (reconcile.Result, error) { return a.fail(ctx, "InvalidSpec", err, true) }
	}
	body, err := json.Marshal(payload)
	if err != nil {
		return nil, func(ctx context.Context) (reconcile.Result, error) { return a.fail(ctx, "InvalidSpec", err, true) }
	}
	secrets, err := secretPlaces(spec, resolved)
	if err != nil {
		return nil, func(ctx context.Context) (reconcile.Result, error) { return a.fail(ctx, "InvalidSpec", err, true) }
	}
	return &desired{
		generation: a.obj.GetGeneration(), apiVersion: versioned.GetAPIVersion(), spec: spec,
		body: body, inputs: inputs, secrets: secrets, digest: digestOf(body, a.redact, inputs),
	}, nil
}

// digestOf is a hash of a PUT body and the versions of the Secrets and ConfigMaps it read.
// Secret values are masked before hashing: the digest is kept on the object, readable by anyone
// who reads the object, and a hash of a short password can be reversed by guessing. A rotated
// Secret still changes the digest, through its resourceVersion.
func digestOf(body []byte, redact func(string) string, inputs resolver.Inputs) string {
	h := sha256.New()
	h.Write([]byte(redact(string(body))))
	h.Write([]byte{0})
	h.Write([]byte(inputs.String()))
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// provisioningState is properties.provisioningState of a resource as ARM returns it ("" when it
// reports none).
func provisioningState(actual json.RawMessage) string {
	var r struct {
		Properties struct {
			ProvisioningState string `json:"provisioningState"`
		} `json:"properties"`
	}
	_ = json.Unmarshal(actual, &r)
	return r.Properties.ProvisioningState
}

// setStatusFor writes status from actual and Ready for d's generation, unless the object has
// moved on to a newer spec since d was made (a write of this attempt returned it): Ready is
// never written for a generation no PUT has carried.
func (a *attempt) setStatusFor(ctx context.Context, versioned genruntime.ARMMetaObject, d *desired, actual json.RawMessage) (reconcile.Result, error) {
	if a.obj.GetGeneration() != d.generation {
		return reconcile.Result{Requeue: true}, nil
	}
	return a.setStatus(ctx, versioned, actual)
}
