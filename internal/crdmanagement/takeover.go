package crdmanagement

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/structured-merge-diff/v6/fieldpath"
)

// byHand reports whether manager is one a person installing CRDs by hand writes under: kubectl
// names its field managers "kubectl" (apply --server-side) and "kubectl-<verb>" (apply's
// client-side "kubectl-client-side-apply", "kubectl-create", "kubectl-replace", ...), and the
// API server gives "before-first-apply" the fields an object had before its first server-side
// apply. A CRD of ours holding these fields was installed from our YAML by a person (ASO's
// operator replaces such a CRD whole at its upgrade); a controller's or a GitOps tool's
// manager is not among them, as taking its fields would start a fight with it.
func byHand(manager string) bool {
	return manager == "kubectl" || strings.HasPrefix(manager, "kubectl-") || manager == "before-first-apply"
}

// caBundlePath is left to whoever writes it (the certificate component, cert-manager's
// cainjector): taking it over would make the next apply, which never sets it, delete it.
var caBundlePath = fieldpath.MakePathOrDie("spec", "conversion", "webhook", "clientConfig", "caBundle")

// lastApplied is kubectl's client-side apply record, which the hand-over takes so that the
// operator's apply drops it: left to kubectl, a stale copy would steer its next three-way diff.
const lastApplied = "kubectl.kubernetes.io/last-applied-configuration"

// takeOver hands the fields that kubectl's managers own in the installed CRD of ours to the
// operator's field manager, as kubectl itself does when a client-side applied object is first
// applied server-side: the apply that follows then owns everything the older YAML set, so it
// changes what differs without a conflict and drops what this version no longer sets (kubectl's
// last-applied annotation among it). Labels and annotations that goal does not set stay with
// kubectl's managers (see usersMetadata). It returns the managers whose fields it took, none
// when there were none. The caller has checked the owner label: never a CRD of another owner.
func takeOver(ctx context.Context, c client.Client, crd, goal *apiextv1.CustomResourceDefinition) ([]string, error) {
	var took []string
	current := crd
	err := retry.OnError(retry.DefaultRetry, func(err error) bool {
		// A failed resourceVersion test: another writer came between the read and the patch.
		return apierrors.IsConflict(err) || apierrors.IsInvalid(err)
	}, func() error {
		if current == nil {
			current = &apiextv1.CustomResourceDefinition{}
			if err := c.Get(ctx, client.ObjectKeyFromObject(crd), current); err != nil {
				return err
			}
		}
		fields, managers, err := handOver(current.ManagedFields, goal, metav1.Now())
		if err != nil || len(managers) == 0 {
			return err
		}
		patch, err := json.Marshal([]map[string]any{
			{"op": "test", "path": "/metadata/resourceVersion", "value": current.ResourceVersion},
			{"op": "replace", "path": "/metadata/managedFields", "value": fields},
		})
		if err != nil {
			return err
		}
		obj := current.DeepCopy()
		current = nil // read again if this patch fails
		if err := c.Patch(ctx, obj, client.RawPatch(types.JSONPatchType, patch)); err != nil {
			return err
		}
		took = managers
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("CRD %s: taking over the fields kubectl's field managers own: %w", crd.Name, err)
	}
	return took, nil
}

// handOver returns entries with the fields of kubectl's managers (on the main resource, not a
// subresource) merged into the operator's apply entry, but for the labels and annotations goal
// does not set, and the managers merged; entries itself when there are none.
func handOver(entries []metav1.ManagedFieldsEntry, goal *apiextv1.CustomResourceDefinition, now metav1.Time) ([]metav1.ManagedFieldsEntry, []string, error) {
	ours := &fieldpath.Set{}
	var out []metav1.ManagedFieldsEntry
	var managers []string
	for _, e := range entries {
		hand := e.Subresource == "" && byHand(e.Manager)
		mine := e.Subresource == "" && e.Manager == FieldManager && e.Operation == metav1.ManagedFieldsOperationApply
		if !hand && !mine {
			out = append(out, e)
			continue
		}
		s, err := fieldSet(e)
		if err != nil {
			return nil, nil, err
		}
		if hand {
			s = s.Difference(fieldpath.NewSet(caBundlePath))
			kept := usersMetadata(s, goal)
			s = s.Difference(kept)
			if s.Empty() {
				out = append(out, e) // only a person's own labels or annotations: nothing to take
				continue
			}
			if !kept.Empty() {
				raw, err := kept.ToJSON()
				if err != nil {
					return nil, nil, err
				}
				left := e
				left.FieldsV1 = &metav1.FieldsV1{Raw: raw}
				out = append(out, left)
			}
			if !slices.Contains(managers, e.Manager) {
				managers = append(managers, e.Manager)
			}
		}
		ours = ours.Union(s)
	}
	if len(managers) == 0 {
		return entries, nil, nil
	}
	raw, err := ours.ToJSON()
	if err != nil {
		return nil, nil, err
	}
	out = append(out, metav1.ManagedFieldsEntry{
		Manager:    FieldManager,
		Operation:  metav1.ManagedFieldsOperationApply,
		APIVersion: apiextv1.SchemeGroupVersion.String(),
		Time:       &now,
		FieldsType: "FieldsV1",
		FieldsV1:   &metav1.FieldsV1{Raw: raw},
	})
	return out, managers, nil
}

// usersMetadata are the labels and annotations in s that goal does not set (kubectl's
// last-applied record aside): a person's own (kubectl label, kubectl annotate, or added to the
// YAML: a backup exclusion, helm.sh/resource-policy), which the operator's apply, owning them,
// would delete.
func usersMetadata(s *fieldpath.Set, goal *apiextv1.CustomResourceDefinition) *fieldpath.Set {
	kept := &fieldpath.Set{}
	for p := range s.All() {
		if len(p) != 3 || p[0].FieldName == nil || *p[0].FieldName != "metadata" || p[1].FieldName == nil || p[2].FieldName == nil {
			continue
		}
		key := *p[2].FieldName
		var set map[string]string
		switch *p[1].FieldName {
		case "labels":
			set = goal.Labels
		case "annotations":
			if key == lastApplied {
				continue
			}
			set = goal.Annotations
		default:
			continue
		}
		if _, ok := set[key]; !ok {
			kept.Insert(p)
		}
	}
	return kept
}

func fieldSet(e metav1.ManagedFieldsEntry) (*fieldpath.Set, error) {
	s := &fieldpath.Set{}
	if e.FieldsV1 == nil {
		return s, nil
	}
	if err := s.FromJSON(bytes.NewReader(e.FieldsV1.Raw)); err != nil {
		return nil, fmt.Errorf("the fields field manager %s owns: %w", e.Manager, err)
	}
	return s, nil
}
