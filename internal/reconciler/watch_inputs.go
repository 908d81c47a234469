package reconciler

import (
	"context"
	"slices"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/workqueue"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/armgen/armgen/internal/resolver"
	"github.com/armgen/armgen/pkg/genruntime"
)

// Field indexes on every kind: the names of the Secrets and of the ConfigMaps its spec reads.
const (
	SecretsIndex    = "armgen.secrets"
	ConfigMapsIndex = "armgen.configMaps"
)

// SecretNames is the value of SecretsIndex for obj: the Secrets its spec reads (by key or
// whole), sorted.
func SecretNames(obj client.Object) []string {
	f, ok := inputsOf(obj)
	if !ok {
		return nil
	}
	var out []string
	for _, s := range f.Secrets {
		out = append(out, s.Name)
	}
	for _, s := range f.SecretMaps {
		out = append(out, s.Name)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// ConfigMapNames is the value of ConfigMapsIndex for obj: the ConfigMaps its spec reads, sorted.
func ConfigMapNames(obj client.Object) []string {
	f, ok := inputsOf(obj)
	if !ok {
		return nil
	}
	var out []string
	for _, c := range f.ConfigMaps {
		out = append(out, c.Name)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func inputsOf(obj client.Object) (resolver.Found, bool) {
	o, ok := obj.(genruntime.ARMMetaObject)
	if !ok {
		return resolver.Found{}, false
	}
	spec := field(o, "Spec")
	if !spec.IsValid() {
		return resolver.Found{}, false
	}
	return resolver.Collect(spec.Addr().Interface()), true
}

// indexInputs registers SecretsIndex and ConfigMapsIndex for obj's kind gk.
func (r *Reconciler) indexInputs(ctx context.Context, indexer client.FieldIndexer, obj client.Object, gk schema.GroupKind) error {
	if err := indexer.IndexField(ctx, obj, SecretsIndex, r.recordingInputs(gk, SecretsIndex, SecretNames)); err != nil {
		return err
	}
	return indexer.IndexField(ctx, obj, ConfigMapsIndex, r.recordingInputs(gk, ConfigMapsIndex, ConfigMapNames))
}

// inputKey names a kind and one of its input indexes, in Reconciler.inputReaders.
type inputKey struct {
	kind  schema.GroupKind
	index string
}

// recordingInputs is the index function names of kind gk's index, which also records that
// some object of the kind has read a Secret (or ConfigMap). The cache indexes an object before
// it can be listed, so a kind none of whose objects ever read one has no user to find: its
// handler need not list the kind at each Secret event (every kind watches every Secret, and an
// operator exporting keys writes many). The record only grows: a kind that stopped reading
// inputs costs a List that finds nothing, a missing record would lose a change.
func (r *Reconciler) recordingInputs(gk schema.GroupKind, index string, names func(client.Object) []string) client.IndexerFunc {
	key := inputKey{kind: gk, index: index}
	return func(o client.Object) []string {
		out := names(o)
		if len(out) > 0 {
			if _, seen := r.inputReaders.Load(key); !seen {
				r.inputReaders.Store(key, true)
			}
		}
		return out
	}
}

// readsInputs says whether an object of kind gk has read a Secret or ConfigMap through index.
func (r *Reconciler) readsInputs(gk schema.GroupKind, index string) bool {
	_, ok := r.inputReaders.Load(inputKey{kind: gk, index: index})
	return ok
}

// watchInputs makes a change of a Secret or ConfigMap reconcile the objects of kind gvk whose
// spec reads it, found through the field indexes, as ASO does: a new password is sent to Azure
// (see inputsChanged), a Secret that was missing is used as soon as it exists. The deletion of a
// Secret or ConfigMap an object of the kind controls (one it exports) reconciles that object,
// which writes it again.
func (r *Reconciler) watchInputs(b *builder.Builder, gvk schema.GroupVersionKind) *builder.Builder {
	return b.
		Watches(&corev1.Secret{}, r.inputHandler(gvk, SecretsIndex)).
		Watches(&corev1.ConfigMap{}, r.inputHandler(gvk, ConfigMapsIndex))
}

type queue = workqueue.TypedRateLimitingInterface[reconcile.Request]

func (r *Reconciler) inputHandler(gvk schema.GroupVersionKind, index string) handler.EventHandler {
	users := func(ctx context.Context, o client.Object, q queue) {
		if !r.readsInputs(gvk.GroupKind(), index) {
			return
		}
		for _, req := range r.UsersOf(ctx, gvk, index, o) {
			q.Add(req)
		}
	}
	return handler.Funcs{
		CreateFunc: func(ctx context.Context, e event.CreateEvent, q queue) { users(ctx, e.Object, q) },
		UpdateFunc: func(ctx context.Context, e event.UpdateEvent, q queue) {
			// The informer's periodic resync redelivers unchanged objects.
			if e.ObjectOld.GetResourceVersion() != e.ObjectNew.GetResourceVersion() {
				r.forgetCredential(e.ObjectNew)
				users(ctx, e.ObjectNew, q)
			}
		},
		DeleteFunc: func(ctx context.Context, e event.DeleteEvent, q queue) {
			r.forgetCredential(e.Object)
			users(ctx, e.Object, q)
			if c := controllerOfKind(e.Object, gvk.GroupKind()); c != "" {
				q.Add(reconcile.Request{NamespacedName: types.NamespacedName{Namespace: e.Object.GetNamespace(), Name: c}})
			}
		},
	}
}

// UsersOf lists the objects of kind gvk in o's namespace whose spec reads o, through index.
func (r *Reconciler) UsersOf(ctx context.Context, gvk schema.GroupVersionKind, index string, o client.Object) []reconcile.Request {
	l, err := r.scheme.New(gvk.GroupVersion().WithKind(gvk.Kind + "List"))
	if err != nil {
		return nil
	}
	list, ok := l.(client.ObjectList)
	if !ok {
		return nil
	}
	if err := r.client.List(ctx, list, client.InNamespace(o.GetNamespace()), client.MatchingFields{index: o.GetName()}); err != nil {
		log.FromContext(ctx).Error(err, "listing the users of a Secret or ConfigMap", "kind", gvk.Kind, "namespace", o.GetNamespace(), "name", o.GetName())
		return nil
	}
	var out []reconcile.Request
	_ = meta.EachListItem(list, func(item runtime.Object) error {
		if m, ok := item.(client.Object); ok {
			out = append(out, reconcile.Request{NamespacedName: types.NamespacedName{Namespace: m.GetNamespace(), Name: m.GetName()}})
		}
		return nil
	})
	return out
}

// controllerOfKind names obj's controller when it is of group kind gk.
func controllerOfKind(obj client.Object, gk schema.GroupKind) string {
	for _, ref := range obj.GetOwnerReferences() {
		if ref.Controller == nil || !*ref.Controller {
			continue
		}
		if schema.FromAPIVersionAndKind(ref.APIVersion, ref.Kind).GroupKind() == gk {
			return ref.Name
		}
	}
	return ""
}

// forgetCredential drops the credential (and its ARM client, with the tokens both hold) built
// from a Secret that changed or went: nothing of a deleted Secret stays in memory, and a
// changed one is read afresh. A Secret no credential was built from changes nothing.
func (r *Reconciler) forgetCredential(o client.Object) {
	if _, ok := o.(*corev1.Secret); !ok || r.opts.Credentials == nil {
		return
	}
	for _, name := range r.opts.Credentials.Forget(types.NamespacedName{Namespace: o.GetNamespace(), Name: o.GetName()}) {
		if r.opts.Clients != nil {
			r.opts.Clients.Forget(name)
		}
	}
}
