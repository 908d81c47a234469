package reconciler

import (
	"context"
	"encoding/json"
	"time"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/log"

	"github.com/armgen/armgen/internal/armclient"
	"github.com/armgen/armgen/internal/exporters"
	"github.com/armgen/armgen/pkg/genruntime"
	"github.com/armgen/armgen/pkg/genruntime/conditions"
)

// export writes the Secrets and ConfigMaps the resource's operatorSpec asks for, once Azure's
// answer is in versioned's status (every reconcile that reads the resource, as ASO does; a
// Secret whose content is unchanged is not written). It returns the Ready condition to report
// and when to look again: Ready and the resync, or the export's failure (a Warning retried with
// backoff, an Error when the spec must change). A failed export does not make the next attempt
// PUT again: see upToDate.
func (a *attempt) export(ctx context.Context, versioned genruntime.ARMMetaObject, actual json.RawMessage) (conditions.Condition, time.Duration, error) {
	gen := a.obj.GetGeneration()
	apiVersion := versioned.GetAPIVersion()
	written, err := a.r.opts.Exporter.Export(ctx, exporters.Request{
		Object: versioned,
		Body:   actual,
		Action: func(ctx context.Context, action string) ([]byte, error) {
			var raw json.RawMessage
			if err := a.arm.PostAction(ctx, a.id, action, apiVersion, nil, &raw); err != nil {
				return nil, armclient.Classify(err)
			}
			return raw, nil
		},
	})
	for _, w := range written {
		verb := "Updated"
		if w.Created {
			verb = "Created"
		}
		log.FromContext(ctx).Info("exported", "kind", w.Kind, "object", w.Name, "created", w.Created)
		a.event(corev1.EventTypeNormal, "Exported", "%s %s %q with the values operatorSpec exports", verb, w.Kind, w.Name)
	}
	if e, ok := exporters.AsError(err); ok {
		c := readyFalse(e.Severity(), e.Reason, e.Message, gen)
		if old, had := a.obj.GetConditions().Get(conditions.ConditionTypeReady); !had || old.Reason != c.Reason || old.Message != c.Message {
			a.logInfo(ctx, "export failed", "reason", e.Reason, "message", e.Message)
			a.event(corev1.EventTypeWarning, e.Reason, "%s", e.Message)
		}
		if e.Fatal {
			return c, 0, nil
		}
		return c, a.backoff(), nil
	}
	if err != nil {
		return conditions.Condition{}, 0, err
	}
	return readyTrue(gen), a.r.opts.Settings.SyncPeriod, nil
}
