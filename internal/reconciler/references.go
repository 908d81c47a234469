package reconciler

import (
	"context"
	"reflect"
	"sync"

	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/source"

	"github.com/armgen/armgen/pkg/genruntime"
)

// A spec may name other resources by Kubernetes name (a subnet its security group and route
// table), and waits (ReferenceNotFound) until each is usable. Unlike an owner, the kind a
// reference names is not fixed by the field: any kind may be named. So rather than each kind
// watching every other (kinds times kinds handlers), each kind's own controller tells, when one
// of its objects turns usable, the kinds that may name it: those whose spec has a reference
// field (referrerKinds), each indexed by the resources it names (referenceIndex). The referrers
// found are added to their own kind's queue, which each referrer kind's controller hands over
// when it starts (referrerQueues). The backoff the referrer asked for stays as a safety net.

// referenceIndex is the field index of every kind whose spec has a reference field: the group,
// kind and name (ownerKey) of each resource it names by Kubernetes name.
const referenceIndex = "spec.references"

// indexReferences is the index function of referenceIndex.
func indexReferences(o client.Object) []string {
	f, ok := inputsOf(o)
	if !ok {
		return nil
	}
	var out []string
	for _, ref := range f.References {
		if ref.IsDirectARMReference() || ref.Name == "" || ref.Kind == "" {
			continue
		}
		out = append(out, ownerKey(ref.Group, ref.Kind, ref.Name))
	}
	return out
}

var resourceReferenceType = reflect.TypeFor[genruntime.ResourceReference]()

// hasReferenceField says whether values of t can hold a genruntime.ResourceReference (a
// WellKnownResourceReference embeds one): only kinds whose spec can name another resource are
// indexed and asked at each wake-up.
func hasReferenceField(t reflect.Type) bool {
	seen := map[reflect.Type]bool{}
	var walk func(t reflect.Type) bool
	walk = func(t reflect.Type) bool {
		if seen[t] {
			return false
		}
		seen[t] = true
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
			return walk(t.Elem())
		case reflect.Struct:
			if t == resourceReferenceType {
				return true
			}
			for i := range t.NumField() {
				if f := t.Field(i); f.IsExported() && walk(f.Type) {
					return true
				}
			}
		}
		return false
	}
	return walk(t)
}

// specHasReferences says whether obj's kind has a reference field in its spec.
func specHasReferences(obj genruntime.ARMMetaObject) bool {
	spec, ok := reflect.TypeOf(obj).Elem().FieldByName("Spec")
	return ok && hasReferenceField(spec.Type)
}

// referrers holds, for each kind whose spec may name other resources, its hub and its
// controller's queue once the controller has started.
type referrers struct {
	mu     sync.RWMutex
	kinds  []schema.GroupVersionKind
	queues map[schema.GroupKind]queue
	// named holds each (referrer kind, named kind) pair some object of the referrer kind has
	// named, as its index function saw it (see index). It only grows: a pair no longer named
	// costs a List that finds nothing, while a pair missing would lose a wake-up.
	named sync.Map
}

// namedPair is a key of referrers.named.
type namedPair struct {
	referrer schema.GroupKind
	// named is the group and kind a reference names, as written (ownerKey's first two parts).
	named schema.GroupKind
}

// index is the referenceIndex function of kind referrer's objects: indexReferences, which
// also records the kinds they name. The cache runs it on every object before the object can be
// listed, so a referrer kind that has never named kind K holds no object a List of K's name would
// find, and wakeReferrers does not list it: an object of one kind turning usable costs a List
// per kind that names its kind, not one per referrer kind (tens, for a few that match).
func (rs *referrers) index(referrer schema.GroupKind) client.IndexerFunc {
	return func(o client.Object) []string {
		f, ok := inputsOf(o)
		if !ok {
			return nil
		}
		for _, ref := range f.References {
			if ref.IsDirectARMReference() || ref.Name == "" || ref.Kind == "" {
				continue
			}
			p := namedPair{referrer: referrer, named: schema.GroupKind{Group: ref.Group, Kind: ref.Kind}}
			if _, seen := rs.named.Load(p); !seen {
				rs.named.Store(p, true)
			}
		}
		return indexReferences(o)
	}
}

// mayName says whether an object of kind referrer has ever named one of kind named.
func (rs *referrers) mayName(referrer, named schema.GroupKind) bool {
	_, ok := rs.named.Load(namedPair{referrer: referrer, named: named})
	return ok
}

// add registers gvk as a referrer kind, and returns the source its controller starts with: it
// only hands over the controller's queue.
func (rs *referrers) add(gvk schema.GroupVersionKind) source.Source {
	rs.kinds = append(rs.kinds, gvk)
	return source.Func(func(_ context.Context, q queue) error {
		rs.mu.Lock()
		defer rs.mu.Unlock()
		if rs.queues == nil {
			rs.queues = map[schema.GroupKind]queue{}
		}
		rs.queues[gvk.GroupKind()] = q
		return nil
	})
}

// queue is the queue of kind gk's controller, nil before it has started.
func (rs *referrers) queue(gk schema.GroupKind) queue {
	rs.mu.RLock()
	defer rs.mu.RUnlock()
	return rs.queues[gk]
}

// wakeReferrers is the handler of kind referenced's own objects, given only the updates that
// turn one usable (ownerBecameUsable): it adds to each referrer kind's queue the objects of that
// kind naming it, not yet Ready (wakeChildren's rule). The queue it is handed, the referenced
// kind's own, is not the one to add to.
func (r *Reconciler) wakeReferrers(reader client.Reader, referenced schema.GroupKind) handler.EventHandler {
	return handler.Funcs{
		UpdateFunc: func(ctx context.Context, e event.UpdateEvent, _ queue) {
			for _, gvk := range r.referrers.kinds {
				if !r.referrers.mayName(gvk.GroupKind(), referenced) {
					continue
				}
				q := r.referrers.queue(gvk.GroupKind())
				if q == nil {
					// Not started yet: its first list reconciles every object anyway.
					continue
				}
				for _, req := range notReadyNaming(ctx, reader, r.scheme, gvk, referenceIndex, referenced, e.ObjectNew) {
					q.Add(req)
				}
			}
		},
	}
}
