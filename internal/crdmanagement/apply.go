package crdmanagement

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/go-logr/logr"
	"golang.org/x/sync/errgroup"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// FieldManager is the server-side apply field manager of the CRDs the operator writes. The
// caBundle is written under another (the certificate component's, or cert-manager's), so the
// two never contend for it.
const FieldManager = "armgen-crd-manager"

// applyParallel bounds concurrent applies: the API server compiles each CRD's schema, and
// installing every CRD at once would starve a small control plane.
const applyParallel = 4

// apply carries out the Install and Upgrade steps by server-side apply, without forcing: a
// field another manager owns with another value is a conflict, reported for that CRD (with what
// to do) while the other CRDs go on. It returns the steps applied and one error per failure.
func apply(ctx context.Context, log logr.Logger, c client.Client, steps []Step) (applied []Step, errs []error) {
	var mu sync.Mutex
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(applyParallel)
	for _, s := range steps {
		if s.Action != Install && s.Action != Upgrade {
			continue
		}
		g.Go(func() error {
			err := applyOne(ctx, log, c, s)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				errs = append(errs, err)
			} else {
				applied = append(applied, s)
			}
			return nil
		})
	}
	_ = g.Wait()
	return applied, errs
}

func applyOne(ctx context.Context, log logr.Logger, c client.Client, s Step) error {
	obj, err := applyObject(s.Goal)
	if err != nil {
		return fmt.Errorf("CRD %s: %w", s.Entry.Name, err)
	}
	if s.Action == Upgrade && s.Current != nil {
		// Plan upgrades only CRDs carrying our owner label: one installed by hand from our YAML
		// is ours to upgrade, whichever kubectl command put it there.
		took, err := takeOver(ctx, c, s.Current, s.Goal)
		if err != nil {
			return err
		}
		if len(took) > 0 {
			log.Info("took over a CRD of ours installed by hand", "crd", s.Entry.Name, "fieldManagers", took)
		}
	}
	err = c.Patch(ctx, obj, client.Apply, client.FieldOwner(FieldManager))
	switch {
	case err == nil:
		return nil
	case apierrors.IsConflict(err):
		return fmt.Errorf("CRD %s (%s): fields the operator sets are owned by another field manager, not kubectl's (whose fields the operator takes over): %w; "+
			"to hand them to the operator, stop that tool managing the CRD and apply it once with kubectl apply --server-side --force-conflicts --field-manager=%s, "+
			"or manage CRDs yourself with --crd-management=none", s.Entry.Name, s.Action, err, FieldManager)
	case apierrors.IsForbidden(err):
		return fmt.Errorf("CRD %s (%s): %w; the operator's ClusterRole must grant create and patch on customresourcedefinitions (or run with --crd-management=none)", s.Entry.Name, s.Action, err)
	case apierrors.IsInvalid(err):
		return fmt.Errorf("CRD %s (%s): the API server refused it: %w", s.Entry.Name, s.Action, err)
	}
	return fmt.Errorf("CRD %s (%s): %w", s.Entry.Name, s.Action, err)
}

// applyObject is crd as an apply configuration: only what the operator means to own, so no
// status and no empty creationTimestamp (which a typed object would send).
func applyObject(crd *apiextv1.CustomResourceDefinition) (*unstructured.Unstructured, error) {
	m, err := runtime.DefaultUnstructuredConverter.ToUnstructured(crd)
	if err != nil {
		return nil, err
	}
	delete(m, "status")
	meta, ok := m["metadata"].(map[string]any)
	if !ok {
		return nil, errors.New("no metadata")
	}
	delete(meta, "creationTimestamp")
	u := &unstructured.Unstructured{Object: m}
	u.SetGroupVersionKind(apiextv1.SchemeGroupVersion.WithKind("CustomResourceDefinition"))
	return u, nil
}
