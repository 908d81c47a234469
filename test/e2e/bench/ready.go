package bench

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/apiutil"

	"github.com/armgen/armgen/generated/controllers"
	"github.com/armgen/armgen/pkg/genruntime"
)

// HubKinds are the storage versions of the kinds of objs, sorted. Reading at the storage
// version costs the API server no conversion: watching progress must not slow it.
func HubKinds(scheme *runtime.Scheme, objs []client.Object) ([]schema.GroupVersionKind, error) {
	hubs, err := genruntime.GroupVersionKinds(scheme, controllers.KnownResources())
	if err != nil {
		return nil, err
	}
	var out []schema.GroupVersionKind
	for _, obj := range objs {
		gvk, err := apiutil.GVKForObject(obj, scheme)
		if err != nil {
			return nil, err
		}
		i := slices.IndexFunc(hubs, func(h schema.GroupVersionKind) bool { return h.GroupKind() == gvk.GroupKind() })
		if i < 0 {
			return nil, fmt.Errorf("%s has no storage version among the generated kinds", gvk.GroupKind())
		}
		if !slices.Contains(out, hubs[i]) {
			out = append(out, hubs[i])
		}
	}
	slices.SortFunc(out, func(a, b schema.GroupVersionKind) int {
		return cmp.Compare(a.String(), b.String())
	})
	return out, nil
}

// Progress is how many objects of a namespace are Ready for their current generation, and of
// the rest, the reasons they give (for a report of what is stuck).
type Progress struct {
	Total, Ready int
	// NotReady counts the others by Ready reason ("" when they have no Ready condition yet).
	NotReady map[string]int
}

// CountReady lists the kinds in ns and counts the objects Ready for their generation.
func CountReady(ctx context.Context, c client.Reader, ns string, kinds []schema.GroupVersionKind) (Progress, error) {
	p := Progress{NotReady: map[string]int{}}
	for _, gvk := range kinds {
		var list unstructured.UnstructuredList
		list.SetGroupVersionKind(gvk.GroupVersion().WithKind(gvk.Kind + "List"))
		if err := c.List(ctx, &list, client.InNamespace(ns)); err != nil {
			return p, fmt.Errorf("listing %s: %w", gvk.Kind, err)
		}
		for i := range list.Items {
			p.Total++
			ready, reason := readyFor(&list.Items[i])
			if ready {
				p.Ready++
			} else {
				p.NotReady[reason]++
			}
		}
	}
	return p, nil
}

// readyFor says whether obj's Ready condition is True for its generation, else its reason.
func readyFor(obj *unstructured.Unstructured) (bool, string) {
	conds, _, _ := unstructured.NestedSlice(obj.Object, "status", "conditions")
	for _, c := range conds {
		m, ok := c.(map[string]any)
		if !ok || m["type"] != "Ready" {
			continue
		}
		gen, _, _ := unstructured.NestedInt64(m, "observedGeneration")
		if m["status"] == "True" && gen == obj.GetGeneration() {
			return true, ""
		}
		reason, _ := m["reason"].(string)
		return false, reason
	}
	return false, ""
}
