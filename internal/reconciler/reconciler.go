package reconciler

import (
	"context"
	"fmt"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/tools/record"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
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
}

// Reconciler reconciles every generated kind. It is safe for concurrent use.
type Reconciler struct {
	client client.Client
	scheme *runtime.Scheme
	opts   Options

	kindTable kindTable
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
	if err := r.client.Get(ctx, req.NamespacedName, obj); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
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
	return res, err
}

// SetupWithManager registers one controller per kind in kinds, all served by r.
func (r *Reconciler) SetupWithManager(mgr ctrl.Manager, kinds []schema.GroupVersionKind, maxConcurrent int) error {
	for _, gvk := range kinds {
		o, err := r.scheme.New(gvk)
		if err != nil {
			return err
		}
		obj, ok := o.(client.Object)
		if !ok {
			return fmt.Errorf("%s is not an object", gvk)
		}
		if err := indexInputs(context.Background(), mgr.GetFieldIndexer(), obj); err != nil {
			return fmt.Errorf("indexes of %s: %w", gvk.GroupKind(), err)
		}
		err = r.watchInputs(ctrl.NewControllerManagedBy(mgr).
			For(obj, builder.WithPredicates(changesThatMatter())), gvk).
			Named(controllerName(gvk)).
			WithOptions(controllerOptions(maxConcurrent)).
			Complete(r.For(gvk))
		if err != nil {
			return fmt.Errorf("controller for %s: %w", gvk.GroupKind(), err)
		}
	}
	return nil
}
