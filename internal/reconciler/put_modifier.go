package reconciler

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/armgen/armgen/internal/armclient"
	"github.com/armgen/armgen/pkg/genruntime"
)

// PutModifier is behaviour of one kind that the swagger cannot express: it runs right before
// every PUT of the kind, may ask ARM what it needs and do what must come first (a key vault's
// createMode createOrRecover looks for a soft-deleted vault of the name; purgeThenCreate purges
// it), and changes the body to send. Register one per GroupKind in Options.PutModifiers.
//
// It decides again at every PUT, from what Azure holds then, so it keeps no state: an operator
// restarted midway decides afresh. What the PUT carried is still recorded as what the spec and
// its inputs made (the digest of ConvertToARM's body, see desired), so the choice a modifier
// makes from Azure's state never reads as a spec change. The values it rewrites should be
// values the GET does not return (createMode is write-only), or drift would see them.
type PutModifier interface {
	ModifyPut(ctx context.Context, put *Put) error
}

// Put is a PUT about to be sent.
type Put struct {
	// Object is the resource at the API version the user wrote.
	Object genruntime.ARMMetaObject
	// ID and APIVersion are where the PUT goes.
	ID, APIVersion string
	// Body is ConvertToARM's payload, decoded with numbers kept as written; change it in place.
	Body map[string]any
	// ARM acts with the resource's own credential.
	ARM *armclient.Client
	// Event records a Normal Event on the object, to say what the modifier chose.
	Event func(reason, message string)
}

// RefusedError is a PutModifier's refusal that retrying cannot cure: the spec (or Azure) must
// change first. It is reported as an Error with its Reason.
type RefusedError struct {
	Reason, Message string
}

func (e *RefusedError) Error() string { return e.Message }

// modifyPut runs the kind's PutModifier, if it has one, on the body of d: the body to send.
func (a *attempt) modifyPut(ctx context.Context, versioned genruntime.ARMMetaObject, d *desired) ([]byte, error) {
	m := a.r.opts.PutModifiers[a.gvk.GroupKind()]
	if m == nil {
		return d.body, nil
	}
	dec := json.NewDecoder(bytes.NewReader(d.body))
	dec.UseNumber()
	var body map[string]any
	if err := dec.Decode(&body); err != nil {
		return nil, fmt.Errorf("reading the PUT body: %w", err)
	}
	put := &Put{Object: versioned, ID: a.id, APIVersion: d.apiVersion, Body: body, ARM: a.arm,
		Event: func(reason, message string) { a.event(corev1.EventTypeNormal, reason, "%s", message) }}
	if err := m.ModifyPut(ctx, put); err != nil {
		return nil, err
	}
	return json.Marshal(put.Body)
}

// modifyError reports a PutModifier's failure: a refusal as an Error, an ARM failure as ARM's
// (Warning and tried again when retrying can help), anything else as a Warning tried again.
// ARM's message alone would read as the resource's own PUT refused, so what the modifier says
// it was doing (its wrapping of the error) goes before it.
func (a *attempt) modifyError(ctx context.Context, err error) (reconcile.Result, error) {
	var refused *RefusedError
	var armErr *armclient.Error
	switch {
	case errors.As(err, &refused):
		return a.fail(ctx, refused.Reason, err, true)
	case errors.As(err, &armErr):
		if doing, wrapped := strings.CutSuffix(err.Error(), armErr.Error()); wrapped && doing != "" {
			e := *armErr
			e.Message = doing + e.Message
			return a.armError(ctx, &e)
		}
		return a.armError(ctx, err)
	}
	return a.fail(ctx, "PutModifierFailed", err, false)
}
