package reconciler

import (
	"context"
	"fmt"
	"sync"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/tools/record"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/armgen/armgen/internal/armclient"
	"github.com/armgen/armgen/internal/credentials"
	"github.com/armgen/armgen/internal/exporters"
	"github.com/armgen/armgen/internal/resolver"
	"github.com/armgen/armgen/internal/settings"
	"github.com/armgen/armgen/pkg/genruntime"
)

// Options are what the Reconciler shares across kinds.
type Options struct {
	Settings    settings.Settings
	Clients     *armclient.Cache
	Credentials *credentials.Provider
	Resolver    *resolver.Resolver
	Recorder    record.EventRecorder
	Metrics     *Metrics
	// WaitDelay is the first wait before looking again for an owner, a reference, a Secret or
	// a credential that is missing or not Ready, or retrying a transient failure; the wait grows
	// with how long the object has not been Ready (see backoff), up to two minutes. Zero means 1 s.
	WaitDelay time.Duration
	// PollDelay bounds the wait between polls of a long-running operation when Azure gives no
	// Retry-After; zero means 10 s.
	PollDelay time.Duration
	// APIReader reads objects from the API server itself, past the cache the client reads
	// (the manager's GetAPIReader): an object not known to be up to date is read again through
	// it before anything is decided, and before a PUT the cache must hold the latest version
	// (see fresh.go). Nil trusts the client, for clients that read the API server already
	// (tests with a fake client).
	APIReader client.Reader
	// Exporter writes the Secrets and ConfigMaps resources export; nil makes one over the
	// Reconciler's client.
	Exporter *exporters.Exporter
	// PutModifiers are the kinds' own behaviour before a PUT (see PutModifier), by group and kind.
	PutModifiers map[schema.GroupKind]PutModifier
}

// Reconciler reconciles every generated kind. It is safe for concurrent use.
type Reconciler struct {
	client client.Client
	scheme *runtime.Scheme
	opts   Options

	kindTable kindTable
	// woken are the kinds whose children are woken when their owner becomes usable (see
	// owners.go): a child of one waits for its owner only as a safety net. Set up before the
	// controllers start, read only after.
	woken map[schema.GroupKind]bool
	// referrers are the kinds that may name others in their spec, woken when what they name
	// becomes usable (see references.go). Set up before the controllers start.
	referrers referrers
	// inFlight holds each PUT this process sent, still in flight, whose Reconciling condition
	// it has not written yet (see follow), as an operation by keyOf. It is only about when to
	// say Reconciling: a restarted process, which has none, says it at its first poll.
	inFlight sync.Map
	// inputReaders holds each kind and input index (SecretsIndex, ConfigMapsIndex) some object
	// of the kind has read a Secret or ConfigMap through (see recordingInputs).
	inputReaders sync.Map
	// credentialUsed holds the credential each object's last PUT used, by keyOf, so that the
	// CredentialFrom event is recorded when it changes, not at every PUT.
	credentialUsed sync.Map
}

// reconcilingAfter is how long Azure may ask, in all, to wait for a PUT creating a resource
// before its Ready condition says Reconciling (see follow).
const reconcilingAfter = 5 * time.Second

// operation is a PUT in flight: when this process sent it, and how long Azure has asked to
// wait for it so far.
type operation struct {
	sent    time.Time
	advised time.Duration
}

// objectKey names an object in Reconciler.inFlight: the UID tells a new object of the same
// name from one deleted while its PUT was in flight.
type objectKey struct {
	namespace, name string
	uid             types.UID
}

// keyOf is obj's objectKey.
func keyOf(obj client.Object) objectKey {
	return objectKey{obj.GetNamespace(), obj.GetName(), obj.GetUID()}
}

// New returns a Reconciler reading and writing objects through c.
func New(c client.Client, scheme *runtime.Scheme, opts Options) *Reconciler {
	if opts.WaitDelay == 0 {
		opts.WaitDelay = time.Second
	}
	if opts.PollDelay == 0 {
		opts.PollDelay = 10 * time.Second
	}
	if opts.Metrics == nil {
		opts.Metrics = DefaultMetrics()
	}
	if opts.Exporter == nil {
		opts.Exporter = exporters.New(c)
	}
	return &Reconciler{client: c, scheme: scheme, opts: opts}
}

// For returns the reconcile.Reconciler of one kind, read at gvk (its hub).
func (r *Reconciler) For(gvk schema.GroupVersionKind) reconcile.Reconciler {
	return reconcile.Func(func(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
		return r.Reconcile(ctx, gvk, req)
	})
}

// Reconcile brings the object named by req, of kind gvk, one step closer to Azure.
func (r *Reconciler) Reconcile(ctx context.Context, gvk schema.GroupVersionKind, req reconcile.Request) (reconcile.Result, error) {
	o, err := r.scheme.New(gvk)
	if err != nil {
		return reconcile.Result{}, err
	}
	obj, ok := o.(genruntime.ARMMetaObject)
	if !ok {
		return reconcile.Result{}, fmt.Errorf("%s is not an Azure resource", gvk)
	}
	ctx, cancel := r.withDeadline(ctx)
	defer cancel()
	if err := r.client.Get(ctx, req.NamespacedName, obj); err != nil {
		return reconcile.Result{}, r.deadlineError(ctx, client.IgnoreNotFound(err))
	}
	obj.GetObjectKind().SetGroupVersionKind(gvk)
	ctx = log.IntoContext(ctx, log.FromContext(ctx).WithValues("kind", gvk.Kind, "namespace", obj.GetNamespace(), "name", obj.GetName()))
	a := &attempt{r: r, obj: obj, gvk: gvk}
	res, err := a.run(ctx)
	if apierrors.IsConflict(err) || apierrors.IsAlreadyExists(err) {
		// Someone else wrote the object (or a Secret it exports) since it was read, or the
		// cache had not seen it yet: read it again.
		return reconcile.Result{Requeue: true}, nil
	}
	return res, r.deadlineError(ctx, err)
}

// SetupWithManager registers one controller per kind in kinds, all served by r. A kind whose
// owner is of a kind among kinds also watches that kind, to wake its children waiting for an
// owner as soon as the owner is usable (see owners.go); and an object of any kind that turns
// usable wakes the objects whose spec names it (see references.go).
func (r *Reconciler) SetupWithManager(mgr ctrl.Manager, kinds []schema.GroupVersionKind, maxConcurrent int) error {
	ctx := context.Background()
	hubs := make(map[schema.GroupKind]schema.GroupVersionKind, len(kinds))
	for _, gvk := range kinds {
		hubs[gvk.GroupKind()] = gvk
	}
	r.woken = map[schema.GroupKind]bool{}
	for _, gvk := range kinds {
		obj, err := r.newObject(gvk)
		if err != nil {
			return err
		}
		if err := r.indexInputs(ctx, mgr.GetFieldIndexer(), obj, gvk.GroupKind()); err != nil {
			return fmt.Errorf("indexes of %s: %w", gvk.GroupKind(), err)
		}
		b := r.watchInputs(ctrl.NewControllerManagedBy(mgr).
			For(obj, builder.WithPredicates(changesThatMatter())), gvk).
			Named(controllerName(gvk)).
			WithOptions(controllerOptions(maxConcurrent))
		probe, err := r.newObject(gvk)
		if err != nil {
			return err
		}
		if specHasReferences(probe) {
			if err := mgr.GetFieldIndexer().IndexField(ctx, obj, referenceIndex, r.referrers.index(gvk.GroupKind())); err != nil {
				return fmt.Errorf("indexing %s by reference: %w", gvk.GroupKind(), err)
			}
			b = b.WatchesRawSource(r.referrers.add(gvk))
		}
		// Any kind may be named by a reference: each tells the referrer kinds when one of its
		// objects turns usable.
		b = b.Watches(obj, r.wakeReferrers(mgr.GetCache(), gvk.GroupKind()), builder.WithPredicates(ownerBecameUsable()))
		if ownerGK, _, ok := ownerKindOf(probe); ok {
			if err := mgr.GetFieldIndexer().IndexField(ctx, obj, ownerIndex, indexOwner); err != nil {
				return fmt.Errorf("indexing %s by owner: %w", gvk.GroupKind(), err)
			}
			// An owner of any kind (an extension resource) is not watched: every kind would
			// be, for each such kind. Its children look again after the usual backoff.
			if ownerGVK, watched := hubs[ownerGK]; watched {
				owner, err := r.newObject(ownerGVK)
				if err != nil {
					return err
				}
				b = b.Watches(owner, handler.EnqueueRequestsFromMapFunc(wakeChildren(mgr.GetCache(), r.scheme, gvk, ownerGK)),
					builder.WithPredicates(ownerBecameUsable()))
				r.woken[gvk.GroupKind()] = true
			}
		}
		if err := b.Complete(r.For(gvk)); err != nil {
			return fmt.Errorf("controller for %s: %w", gvk.GroupKind(), err)
		}
	}
	return nil
}

// newObject is an empty object of kind gvk.
func (r *Reconciler) newObject(gvk schema.GroupVersionKind) (genruntime.ARMMetaObject, error) {
	o, err := r.scheme.New(gvk)
	if err != nil {
		return nil, err
	}
	obj, ok := o.(genruntime.ARMMetaObject)
	if !ok {
		return nil, fmt.Errorf("%s is not an Azure resource", gvk)
	}
	return obj, nil
}
