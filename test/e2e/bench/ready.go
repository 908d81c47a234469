package bench

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

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

// HubKinds are the versions the CRDs of the kinds of objs store, sorted: the versions the
// operator reads and caches (the hub, or the API version of a kind with one).
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
			return nil, fmt.Errorf("%s is not among the generated kinds", gvk.GroupKind())
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
	// Stuck are the others by kind and reason, each with one of their messages: what a
	// cut-off run reports.
	Stuck map[StuckKey]*Stuck
}

// StuckKey groups the objects not Ready: their kind and their Ready reason.
type StuckKey struct{ Kind, Reason string }

// Stuck is how many objects of a StuckKey are not Ready, and what one of them says.
type Stuck struct {
	Count int
	// Example is the first one met: its name and Ready message.
	Example string
}

// CountReady lists the kinds in ns through c and counts the objects Ready for their
// generation. Given a cache (the operator's, typed lists reusing the informers its controllers
// started; or WatchNamespace's), counting progress costs the API server nothing more.
func CountReady(ctx context.Context, c client.Reader, scheme *runtime.Scheme, ns string, kinds []schema.GroupVersionKind) (Progress, error) {
	p := Progress{NotReady: map[string]int{}, Stuck: map[StuckKey]*Stuck{}}
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
				p.stuck(gvk.Kind, c.Reason, obj.GetName()+": "+string(c.Status)+" "+c.Message)
			default:
				p.NotReady[""]++
				p.stuck(gvk.Kind, "", obj.GetName()+": no Ready condition")
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

func (p *Progress) stuck(kind, reason, example string) {
	k := StuckKey{kind, reason}
	if s, ok := p.Stuck[k]; ok {
		s.Count++
		return
	}
	p.Stuck[k] = &Stuck{Count: 1, Example: example}
}

// StuckReport lists the objects not Ready by kind and reason, most first, one line each with
// an example's message: what a run cut off before all was Ready leaves to look into.
func (p Progress) StuckReport() string {
	keys := slices.Collect(maps.Keys(p.Stuck))
	slices.SortFunc(keys, func(a, b StuckKey) int {
		if c := cmp.Compare(p.Stuck[b].Count, p.Stuck[a].Count); c != 0 {
			return c
		}
		return cmp.Or(cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.Reason, b.Reason))
	})
	var b strings.Builder
	fmt.Fprintf(&b, "%d of %d not Ready, by kind and reason:", p.Total-p.Ready, p.Total)
	for _, k := range keys {
		reason := k.Reason
		if reason == "" {
			reason = "(no condition)"
		}
		fmt.Fprintf(&b, "\n  %-32s %-28s %6d  e.g. %s", k.Kind, reason, p.Stuck[k].Count, p.Stuck[k].Example)
	}
	return b.String()
}
