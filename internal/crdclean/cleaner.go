// Package crdclean removes from the operator's CRDs the API versions that are still listed in
// status.storedVersions but no longer served, as Azure Service Operator's `asoctl clean crds`
// does: a CRD upgrade that stops serving a version cannot later drop it from spec.versions (the
// API server refuses while storedVersions lists it), and objects stored at it could not be read
// once it went. Cleaning rewrites every object of the CRD, which the API server stores again at
// the storage version, and only then takes the versions out of storedVersions.
package crdclean

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apiextclient "k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset/typed/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/util/retry"

	"github.com/armgen/armgen/pkg/crdowner"
)

// FieldManager names the cleaner's writes in the objects' and CRDs' managedFields.
const FieldManager = "armctl-clean-crds"

// defaultPageSize is how many objects a list asks for at a time when Cleaner.PageSize is 0.
const defaultPageSize = 500

// Cleaner cleans the CRDs of the given API groups.
type Cleaner struct {
	CRDs    apiextclient.CustomResourceDefinitionInterface
	Dynamic dynamic.Interface
	// Groups are the operator's API groups; CRDs of other groups, and CRDs of these without
	// the operator's label (app.kubernetes.io/name=armgen), are left alone.
	Groups []string
	// DryRun reads everything and changes nothing, saying what it would do.
	DryRun bool
	// Out receives one line per step.
	Out io.Writer
	// PageSize is how many objects each list returns (0: 500).
	PageSize int64
}

// Result counts what a run did (or, dry, would do).
type Result struct {
	// Checked is how many of the operator's CRDs were found.
	Checked int
	// Cleaned is how many had stored versions no longer served.
	Cleaned int
	// Rewritten is how many objects were rewritten at their storage version.
	Rewritten int
}

// Run cleans every CRD of the operator's groups. A CRD that cannot be cleaned does not stop
// the others; the error returned names each one that failed.
func (c *Cleaner) Run(ctx context.Context) (Result, error) {
	var res Result
	// The groups are Azure Service Operator's too: a CRD of one of them without the operator's
	// label is ASO's (or someone else's), which the operator never upgrades, so it is not
	// cleaned either. The API server filters, sparing the schemas of every other CRD.
	list, err := c.CRDs.List(ctx, metav1.ListOptions{LabelSelector: crdowner.Selector})
	if err != nil {
		return res, fmt.Errorf("listing CRDs: %w", err)
	}
	ours := make(map[string]bool, len(c.Groups))
	for _, g := range c.Groups {
		ours[g] = true
	}
	var crds []*apiextv1.CustomResourceDefinition
	for i := range list.Items {
		if ours[list.Items[i].Spec.Group] {
			crds = append(crds, &list.Items[i])
		}
	}
	if len(crds) == 0 {
		return res, fmt.Errorf("no CRD of the operator's %d API groups (%s) labelled %s is installed in this cluster: is the kubeconfig's current context the operator's cluster?", len(c.Groups), someGroups(c.Groups), crdowner.Selector)
	}
	slices.SortFunc(crds, func(a, b *apiextv1.CustomResourceDefinition) int { return strings.Compare(a.Name, b.Name) })
	var errs []error
	for _, crd := range crds {
		res.Checked++
		p, err := PlanFor(crd)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if len(p.Drop) == 0 {
			continue
		}
		res.Cleaned++
		n, err := c.clean(ctx, crd, p)
		res.Rewritten += n
		if err != nil {
			errs = append(errs, fmt.Errorf("CRD %s: %w", crd.Name, err))
		}
	}
	c.summary(res)
	return res, errors.Join(errs...)
}

// clean rewrites the objects of one CRD and then drops the versions p names from its
// storedVersions; it returns how many objects it rewrote (or would).
func (c *Cleaner) clean(ctx context.Context, crd *apiextv1.CustomResourceDefinition, p Plan) (int, error) {
	fmt.Fprintf(c.Out, "%s: status.storedVersions %v holds %s, no longer served; storage version %s\n",
		p.CRD, p.Stored, strings.Join(p.Drop, ", "), p.Storage)
	res := c.Dynamic.Resource(schema.GroupVersionResource{Group: crd.Spec.Group, Version: p.ReadAt, Resource: crd.Spec.Names.Plural})
	pageSize := c.PageSize
	if pageSize <= 0 {
		pageSize = defaultPageSize
	}
	n := 0
	// One object that cannot be written (a webhook refusing it, say) does not stop the others:
	// each is named, and the versions stay stored.
	var failed []error
	err := eachObject(ctx, res, pageSize, func(o *unstructured.Unstructured) error {
		if c.DryRun {
			n++
			return nil
		}
		existed, err := rewrite(ctx, res, o)
		if existed && err == nil {
			n++
		}
		if err != nil && ctx.Err() == nil {
			failed = append(failed, err)
			return nil
		}
		return err
	})
	if err == nil && len(failed) > 0 {
		err = fmt.Errorf("%s could not be rewritten: %w", objects(len(failed)), errors.Join(failed...))
	}
	if c.DryRun {
		fmt.Fprintf(c.Out, "%s: would rewrite %s at storage version %s\n", p.CRD, objects(n), p.Storage)
	} else {
		fmt.Fprintf(c.Out, "%s: rewrote %s at storage version %s\n", p.CRD, objects(n), p.Storage)
	}
	if err != nil {
		// storedVersions must keep the versions some object may still be stored at.
		return n, fmt.Errorf("%w; status.storedVersions left as it was", err)
	}
	if c.DryRun {
		fmt.Fprintf(c.Out, "%s: would set status.storedVersions to %v\n", p.CRD, p.Keep)
		return n, nil
	}
	return n, c.dropStored(ctx, p)
}

// dropStored takes the versions p drops out of the CRD's storedVersions, with the CRD read
// afresh: if its storage version changed while the objects were rewritten, some may have been
// stored at the old one, and nothing is dropped.
func (c *Cleaner) dropStored(ctx context.Context, p Plan) error {
	var before, after []string
	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		fresh, err := c.CRDs.Get(ctx, p.CRD, metav1.GetOptions{})
		if err != nil {
			return err
		}
		now, err := PlanFor(fresh)
		if err != nil {
			return err
		}
		if now.Storage != p.Storage {
			return fmt.Errorf("its storage version changed from %s to %s while its objects were rewritten; status.storedVersions left as it was: run armctl clean crds again", p.Storage, now.Storage)
		}
		before = fresh.Status.StoredVersions
		after = slices.Clone(now.Keep)
		for _, v := range now.Drop {
			if !slices.Contains(p.Drop, v) {
				// Dropped from serving since the rewrite began: its objects were rewritten
				// too, but keep to what was announced.
				after = append(after, v)
			}
		}
		fresh.Status.StoredVersions = after
		_, err = c.CRDs.UpdateStatus(ctx, fresh, metav1.UpdateOptions{FieldManager: FieldManager})
		return err
	})
	if err != nil {
		return fmt.Errorf("updating status.storedVersions: %w", err)
	}
	fmt.Fprintf(c.Out, "%s: status.storedVersions %v -> %v\n", p.CRD, before, after)
	return nil
}

func (c *Cleaner) summary(r Result) {
	if c.DryRun {
		fmt.Fprintf(c.Out, "dry run, nothing changed: %d of %d armgen CRDs hold versions no longer served; %s would be rewritten\n", r.Cleaned, r.Checked, objects(r.Rewritten))
		return
	}
	fmt.Fprintf(c.Out, "%d of %d armgen CRDs held versions no longer served; %s rewritten\n", r.Cleaned, r.Checked, objects(r.Rewritten))
}

func objects(n int) string {
	if n == 1 {
		return "1 object"
	}
	return fmt.Sprintf("%d objects", n)
}

// someGroups lists a few groups for a message.
func someGroups(groups []string) string {
	g := slices.Sorted(slices.Values(groups))
	if len(g) > 3 {
		return strings.Join(g[:3], ", ") + ", ..."
	}
	return strings.Join(g, ", ")
}
