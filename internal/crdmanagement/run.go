package crdmanagement

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/go-logr/logr"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/discovery"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/armgen/armgen/pkg/crdpattern"
)

// Options configure a Run.
type Options struct {
	// Pattern is --crd-pattern with ADDITIONAL_ASO_CRDS joined to it (see crdpattern.Join).
	Pattern string
	// Version is the operator's (BinaryVersion when empty), written on each CRD applied.
	Version string
	// Namespace is the operator's: the conversion webhook Service's.
	Namespace string
	// Catalog is the CRDs carried (Embedded when nil).
	Catalog *Catalog
	// Log receives the plan and warnings.
	Log logr.Logger
	// PlanOnly reads and plans without writing (an operator mode without webhooks, which ASO
	// does not let write CRDs either): Served is then what is installed already.
	PlanOnly bool
	// ReadyTimeout bounds the wait for applied CRDs to be served (default 2 minutes).
	ReadyTimeout time.Duration
}

// Result is what a Run did.
type Result struct {
	Steps []Step
	// Errors name each CRD that could not be installed or upgraded (refused, in conflict,
	// rejected): the operator goes on with the kinds that are served and reports these.
	Errors []error
	// Served are the group/kinds whose CRD of ours is installed afterwards.
	Served map[schema.GroupKind]bool
}

// Run installs and upgrades the operator's CRDs on the cluster cfg reaches, then waits until
// the API server serves and discovery lists those it applied, so the manager built afterwards
// finds their kinds. An invalid pattern, or a cluster that cannot be read, is an error; a CRD
// that cannot be applied is in Result.Errors.
func Run(ctx context.Context, cfg *rest.Config, opts Options) (*Result, error) {
	pattern, err := ParsePattern(opts.Pattern)
	if err != nil {
		return nil, err
	}
	cat := opts.Catalog
	if cat == nil {
		cat = Embedded()
	}
	version := opts.Version
	if version == "" {
		version = BinaryVersion()
	}
	log := opts.Log
	warnUnmatched(log, pattern, cat)
	scheme := runtime.NewScheme()
	if err := apiextv1.AddToScheme(scheme); err != nil {
		return nil, err
	}
	c, err := client.New(cfg, client.Options{Scheme: scheme})
	if err != nil {
		return nil, err
	}
	installed, err := installedCRDs(ctx, c, cat)
	if err != nil {
		return nil, err
	}
	steps, err := Plan(cat, installed, pattern, version, opts.Namespace)
	if err != nil {
		return nil, err
	}
	res := &Result{Steps: steps, Served: map[schema.GroupKind]bool{}}
	counts := map[Action]int{}
	for _, s := range steps {
		counts[s.Action]++
		if s.Action == Refuse {
			res.Errors = append(res.Errors, fmt.Errorf("%s", s.Reason))
		}
		if s.Action != Leave {
			log.V(1).Info("CRD plan", "crd", s.Entry.Name, "action", s.Action, "reason", s.Reason)
		}
	}
	log.Info("CRD management", "version", version, "install", counts[Install], "upgrade", counts[Upgrade], "upToDate", counts[UpToDate], "keptNewer", counts[KeepNewer], "refused", counts[Refuse])
	var applied []Step
	if !opts.PlanOnly {
		var errs []error
		applied, errs = apply(ctx, log, c, steps)
		res.Errors = append(res.Errors, errs...)
	}
	failed := map[string]bool{}
	for _, s := range steps {
		failed[s.Entry.Name] = s.Action == Install || s.Action == Upgrade
	}
	for _, s := range applied {
		failed[s.Entry.Name] = false
	}
	for _, s := range steps {
		// A failed upgrade leaves the older CRD serving its kind; a failed install leaves none.
		if s.Installed() && !(s.Action == Install && failed[s.Entry.Name]) {
			res.Served[schema.GroupKind{Group: s.Entry.Group, Kind: s.Entry.Kind}] = true
		}
	}
	if len(res.Served) == 0 {
		log.Info("warning: no CRD of this operator is installed, so it watches nothing; name kinds with --crd-pattern (group/Kind, * wildcards)", "knownGroups", strings.Join(cat.Groups(), ","))
	}
	timeout := opts.ReadyTimeout
	if timeout == 0 {
		timeout = 2 * time.Minute
	}
	if err := waitServed(ctx, c, cfg, applied, timeout); err != nil {
		return nil, err
	}
	return res, nil
}

// warnUnmatched warns of pattern items that name no CRD the operator carries, with the groups
// it knows: a typo must not leave a silently empty operator.
func warnUnmatched(log logr.Logger, pattern crdpattern.Pattern, cat *Catalog) {
	if unmatched := pattern.Unmatched(cat.GroupKinds()); len(unmatched) > 0 {
		log.Info("warning: --crd-pattern items match no CRD this operator carries", "items", unmatched, "knownGroups", strings.Join(cat.Groups(), ","))
	}
}

// installedCRDs reads the CRDs of the catalog's names that are installed: first names and
// labels of every CRD (a cluster may hold hundreds, each schema large), then in full only those
// the catalog has.
func installedCRDs(ctx context.Context, c client.Client, cat *Catalog) (map[string]*apiextv1.CustomResourceDefinition, error) {
	list := &metav1.PartialObjectMetadataList{}
	list.SetGroupVersionKind(apiextv1.SchemeGroupVersion.WithKind("CustomResourceDefinitionList"))
	if err := c.List(ctx, list); err != nil {
		return nil, fmt.Errorf("listing the installed CRDs: %w", err)
	}
	ours := map[string]bool{}
	for _, e := range cat.Entries {
		ours[e.Name] = true
	}
	out := map[string]*apiextv1.CustomResourceDefinition{}
	for _, m := range list.Items {
		if !ours[m.Name] {
			continue
		}
		var crd apiextv1.CustomResourceDefinition
		if err := c.Get(ctx, client.ObjectKey{Name: m.Name}, &crd); err != nil {
			return nil, fmt.Errorf("reading CRD %s: %w", m.Name, err)
		}
		out[m.Name] = &crd
	}
	return out, nil
}

// waitServed polls until every applied CRD is Established and discovery lists each of its
// served versions: the manager maps kinds through discovery, which lags the condition.
func waitServed(ctx context.Context, c client.Client, cfg *rest.Config, applied []Step, timeout time.Duration) error {
	if len(applied) == 0 {
		return nil
	}
	disco, err := discovery.NewDiscoveryClientForConfig(cfg)
	if err != nil {
		return err
	}
	pending := slices.Clone(applied)
	var last []string
	err = wait.PollUntilContextTimeout(ctx, 250*time.Millisecond, timeout, true, func(ctx context.Context) (bool, error) {
		last = last[:0]
		var still []Step
		for _, s := range pending {
			ok, why, err := served(ctx, c, disco, s)
			if err != nil {
				return false, err
			}
			if !ok {
				still = append(still, s)
				last = append(last, s.Entry.Name+": "+why)
			}
		}
		pending = still
		return len(pending) == 0, nil
	})
	if err != nil {
		return fmt.Errorf("CRDs applied but not served after %s (%v): %s", timeout, err, strings.Join(last, "; "))
	}
	return nil
}

func served(ctx context.Context, c client.Client, disco discovery.DiscoveryInterface, s Step) (bool, string, error) {
	var crd apiextv1.CustomResourceDefinition
	if err := c.Get(ctx, client.ObjectKey{Name: s.Entry.Name}, &crd); err != nil {
		return false, "", fmt.Errorf("reading CRD %s: %w", s.Entry.Name, err)
	}
	if !established(&crd) {
		return false, "not Established yet", nil
	}
	for _, v := range crd.Spec.Versions {
		if !v.Served {
			continue
		}
		gv := schema.GroupVersion{Group: crd.Spec.Group, Version: v.Name}
		list, err := disco.ServerResourcesForGroupVersion(gv.String())
		if err != nil {
			return false, fmt.Sprintf("%s not in discovery yet", gv), nil
		}
		if !slices.ContainsFunc(list.APIResources, func(r metav1.APIResource) bool { return r.Kind == crd.Spec.Names.Kind }) {
			return false, fmt.Sprintf("%s %s not in discovery yet", gv, crd.Spec.Names.Kind), nil
		}
	}
	return true, "", nil
}

func established(crd *apiextv1.CustomResourceDefinition) bool {
	for _, c := range crd.Status.Conditions {
		if c.Type == apiextv1.Established {
			return c.Status == apiextv1.ConditionTrue
		}
	}
	return false
}
