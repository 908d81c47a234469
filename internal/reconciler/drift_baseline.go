package reconciler

import (
	"context"
	"encoding/json"

	corev1 "k8s.io/api/core/v1"

	"github.com/armgen/armgen/internal/drift"
	"github.com/armgen/armgen/pkg/genruntime"
)

// reasonDriftBaselineIgnored is the Warning Event of a drift baseline that cannot be trusted.
const reasonDriftBaselineIgnored = "DriftBaselineIgnored"

// findDrift compares Azure's answer with what d asks, against the baseline recorded after the
// last PUT (see drift.Record). A baseline that cannot be read (edited, or longer than
// drift.MaxRecordBytes) is ignored, said in a Warning Event, and values compare as ARM compares
// them; rewriteBaseline replaces it once Azure is found to hold the spec, so it is said once.
func (a *attempt) findDrift(d *desired, actual json.RawMessage) (*drift.Finding, error) {
	rec, err := drift.Parse(a.salt(), a.obj.GetAnnotations()[genruntime.DriftBaselineAnnotation])
	if err != nil {
		a.event(corev1.EventTypeWarning, reasonDriftBaselineIgnored,
			"Annotation %s is not what the operator wrote (%v): ignored; values are compared as ARM compares them until the next PUT records it again",
			genruntime.DriftBaselineAnnotation, err)
	}
	return drift.Find(d.body, actual, rec, d.secrets)
}

// driftMessage is the AzureDrift Event's text for f.
func driftMessage(f *drift.Finding) string {
	if f.Recorded {
		return "Azure changed " + f.Path + " since the last PUT (its answer differs from what Azure held right after that PUT): sending the spec again"
	}
	return "Azure no longer holds the spec at " + f.Path + " (compared as ARM compares values: no record of what Azure held after the last PUT applies there): sending the spec again"
}

// baselineAnnotation is what keeps on the object what Azure holds now (actual, read right after
// a PUT of d completed, or found to hold d at a resync) as the baseline of later resyncs. It is
// written with the record of what Azure holds (see finished), and not at all when unchanged.
func (a *attempt) baselineAnnotation(ctx context.Context, d *desired, actual json.RawMessage) (map[string]string, error) {
	rec, err := drift.Build(a.salt(), d.body, actual, d.secrets)
	if err != nil {
		return nil, err
	}
	if rec.Dropped > 0 {
		a.logInfo(ctx, "drift baseline bounded: values past the bound are compared as ARM compares them",
			"dropped", rec.Dropped, "bytes", drift.MaxRecordBytes)
	}
	return map[string]string{genruntime.DriftBaselineAnnotation: rec.String()}, nil
}

// salt is what a baseline's hashes are salted with: the object's UID, so that a record is this
// object's alone, and stays so across restarts.
func (a *attempt) salt() string { return string(a.obj.GetUID()) }
