package bench

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/apiutil"

	"github.com/armgen/armgen/generated/controllers"
	"github.com/armgen/armgen/pkg/genruntime"
	"github.com/armgen/armgen/pkg/genruntime/conditions"
)

// HubKinds are the storage versions of the kinds of objs, sorted: the versions the operator
// reads and caches.
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

// CountReady lists the kinds in ns through c and counts the objects Ready for their
// generation. Given the operator's cache (typed lists, so that it reuses the informers the
// controllers started), watching progress costs the API server nothing.
func CountReady(ctx context.Context, c client.Reader, scheme *runtime.Scheme, ns string, kinds []schema.GroupVersionKind) (Progress, error) {
	p := Progress{NotReady: map[string]int{}}
	for _, gvk := range kinds {
		o, err := scheme.New(gvk.GroupVersion().WithKind(gvk.Kind + "List"))
		if err != nil {
			return p, err
		}
		list, ok := o.(client.ObjectList)
		if !ok {
			return p, fmt.Errorf("%T is not a list", o)
		}
		if err := c.List(ctx, list, client.InNamespace(ns)); err != nil {
			return p, fmt.Errorf("listing %s: %w", gvk.Kind, err)
		}
		items, err := meta.ExtractList(list)
		if err != nil {
			return p, err
		}
		for _, item := range items {
			obj, ok := item.(genruntime.ARMMetaObject)
			if !ok {
				return p, fmt.Errorf("%T is not an Azure resource", item)
			}
			p.Total++
			c, ok := obj.GetConditions().Get(conditions.ConditionTypeReady)
			switch {
			case ok && c.Status == metav1.ConditionTrue && c.ObservedGeneration == obj.GetGeneration():
				p.Ready++
			case ok:
				p.NotReady[c.Reason]++
			default:
				p.NotReady[""]++
			}
		}
	}
	return p, nil
}
