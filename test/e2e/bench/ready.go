package bench

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/cache"
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
// generation. Given a cache (the operator's, typed lists reusing the informers its controllers
// started; or WatchNamespace's), counting progress costs the API server nothing more.
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
		// The items are only read: a cache need not copy them.
		if err := c.List(ctx, list, client.InNamespace(ns), client.UnsafeDisableDeepCopy); err != nil {
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

// WatchNamespace is a cache of the kinds in ns, kept by watches of the API server cfg reaches,
// for CountReady when the operator runs as a process: a watch costs the server one more copy of
// each change sent, a list every few seconds the whole namespace each time. It runs until ctx
// is done, and is synced when returned.
func WatchNamespace(ctx context.Context, cfg *rest.Config, scheme *runtime.Scheme, ns string, kinds []schema.GroupVersionKind) (client.Reader, error) {
	c, err := cache.New(cfg, cache.Options{Scheme: scheme, DefaultNamespaces: map[string]cache.Config{ns: {}}})
	if err != nil {
		return nil, err
	}
	for _, gvk := range kinds {
		o, err := scheme.New(gvk)
		if err != nil {
			return nil, err
		}
		obj, ok := o.(client.Object)
		if !ok {
			return nil, fmt.Errorf("%s is not an object", gvk)
		}
		if _, err := c.GetInformer(ctx, obj, cache.BlockUntilSynced(false)); err != nil {
			return nil, err
		}
	}
	go func() { _ = c.Start(ctx) }()
	if !c.WaitForCacheSync(ctx) {
		return nil, errors.New("the progress cache did not sync")
	}
	return c, nil
}
