package reconciler

import (
	"context"
	"fmt"
	"reflect"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/armgen/armgen/internal/resolver"
	"github.com/armgen/armgen/pkg/genruntime"
	"github.com/armgen/armgen/pkg/genruntime/conditions"
)

// A child names its owner by Kubernetes name, and waits (WaitingForOwner) until the owner is
// Ready and knows its ARM ID. Rather than look again and again, a child is woken when its owner
// becomes usable: each kind is indexed by the owner it names (ownerIndex), and each controller
// watches the kind of its kind's owner, mapping an owner that turns usable to its children
// (wakeChildren). The wait a child asks for then is only a safety net (ownerSafetyNet).

// ownerIndex is the field index of every kind with an owner: the owner's group, kind and name
// (ownerKey). The cache keys it by namespace too, which the owner shares with its children.
const ownerIndex = "spec.owner"

// ownerSafetyNet is how long a child whose owner's kind is watched waits before looking again
// on its own: the watch wakes it as soon as the owner is Ready, so this only covers a wake-up
// that never came.
const ownerSafetyNet = maxWait

// ownerKey is the index value of a child naming owner group/kind/name.
func ownerKey(group, kind, name string) string {
	return group + "/" + kind + "/" + name
}

// indexOwner is the index function of ownerIndex: the owner obj names by Kubernetes name, if any.
func indexOwner(o client.Object) []string {
	obj, ok := o.(genruntime.ARMMetaObject)
	if !ok {
		return nil
	}
	owner := obj.Owner()
	if owner == nil || owner.Name == "" || owner.Kind == "" {
		return nil
	}
	return []string{ownerKey(owner.Group, owner.Kind, owner.Name)}
}

// ownerKindOf is the kind of owner obj's kind names: fixed by the kind (a KnownResourceReference
// in spec.owner), or any kind (arbitrary, an extension resource's ArbitraryOwnerReference), or
// none. obj must be an empty object of the kind, which ownerKindOf fills in.
func ownerKindOf(obj genruntime.ARMMetaObject) (gk schema.GroupKind, arbitrary, ok bool) {
	spec := reflect.ValueOf(obj).Elem().FieldByName("Spec")
	if !spec.IsValid() {
		return gk, false, false
	}
	f := spec.FieldByName("Owner")
	if !f.IsValid() || f.Kind() != reflect.Pointer || !f.CanSet() {
		return gk, false, false
	}
	switch f.Type().Elem() {
	case reflect.TypeFor[genruntime.KnownResourceReference]():
		f.Set(reflect.ValueOf(&genruntime.KnownResourceReference{Name: "owner"}))
		ref := obj.Owner()
		if ref == nil || ref.Kind == "" {
			return gk, false, false
		}
		return schema.GroupKind{Group: ref.Group, Kind: ref.Kind}, false, true
	case reflect.TypeFor[genruntime.ArbitraryOwnerReference]():
		return gk, true, true
	}
	return gk, false, false
}

// usableOwner says a child can go on with owner, by the rule a child's claim applies (see
// resolver.ARMIDOf): it knows its ARM ID, and is Ready or in Azure at its generation.
func usableOwner(o client.Object) bool {
	obj, ok := o.(genruntime.ARMMetaObject)
	if !ok {
		return false
	}
	_, err := resolver.ARMIDOf(obj, resolver.ReasonWaitingForOwner)
	return err == nil
}

// ownerBecameUsable lets through the updates of an owner that turn it usable. Creations are not
// needed: a child not yet looked at is reconciled for its own creation, and an owner is created
// not Ready.
func ownerBecameUsable() predicate.Predicate {
	return predicate.Funcs{
		CreateFunc:  func(event.CreateEvent) bool { return false },
		DeleteFunc:  func(event.DeleteEvent) bool { return false },
		GenericFunc: func(event.GenericEvent) bool { return false },
		UpdateFunc: func(e event.UpdateEvent) bool {
			return e.ObjectOld != nil && e.ObjectNew != nil && !usableOwner(e.ObjectOld) && usableOwner(e.ObjectNew)
		},
	}
}

// wakeChildren maps an owner of kind owner to the reconcile requests of its children of kind
// child that are not Ready: those may wait for it. reader must hold ownerIndex on child (the
// manager's cache).
func wakeChildren(reader client.Reader, scheme *runtime.Scheme, child schema.GroupVersionKind, owner schema.GroupKind) handler.MapFunc {
	return func(ctx context.Context, o client.Object) []reconcile.Request {
		return notReadyNaming(ctx, reader, scheme, child, ownerIndex, owner, o)
	}
}

// notReadyNaming lists the objects of kind kind in o's namespace that name o (of kind named)
// through index (ownerIndex or referenceIndex), as reconcile requests, leaving out those Ready:
// waking one would cost a GET of Azure for nothing.
func notReadyNaming(ctx context.Context, reader client.Reader, scheme *runtime.Scheme, kind schema.GroupVersionKind, index string, named schema.GroupKind, o client.Object) []reconcile.Request {
	listKind := kind.GroupVersion().WithKind(kind.Kind + "List")
	l, err := scheme.New(listKind)
	if err != nil {
		log.FromContext(ctx).Error(err, "no list kind", "kind", listKind)
		return nil
	}
	list, ok := l.(client.ObjectList)
	if !ok {
		log.FromContext(ctx).Error(fmt.Errorf("%T is not a list", l), "no list kind", "kind", listKind)
		return nil
	}
	key := ownerKey(named.Group, named.Kind, o.GetName())
	// Only read here: the cache need not copy them.
	if err := reader.List(ctx, list, client.InNamespace(o.GetNamespace()), client.MatchingFields{index: key}, client.UnsafeDisableDeepCopy); err != nil {
		// The object's own wait (its backoff, or ownerSafetyNet) brings it back.
		log.FromContext(ctx).Error(err, "listing the objects naming a resource", "kind", kind.Kind, "index", index, "named", key)
		return nil
	}
	var out []reconcile.Request
	err = meta.EachListItem(list, func(item runtime.Object) error {
		c, ok := item.(genruntime.ARMMetaObject)
		if !ok {
			return nil
		}
		if ready, ok := c.GetConditions().Get(conditions.ConditionTypeReady); ok && ready.Status == metav1.ConditionTrue {
			return nil
		}
		out = append(out, reconcile.Request{NamespacedName: types.NamespacedName{Namespace: c.GetNamespace(), Name: c.GetName()}})
		return nil
	})
	if err != nil {
		log.FromContext(ctx).Error(err, "reading the objects naming a resource", "kind", kind.Kind, "named", key)
	}
	return out
}
