package armctl

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"

	"github.com/armgen/armgen/internal/crdclean"
)

// interfering is a dynamic client through which another writer updates each object just before
// the cleaner first writes it, so that write conflicts; it counts list pages and conflicts.
type interfering struct {
	dynamic.Interface
	t *testing.T

	// refuse names an object (namespace/name) whose every update fails; others are edited by
	// another writer first.
	refuse string

	mu        sync.Mutex
	touched   map[string]bool
	pages     int
	conflicts int
}

func (d *interfering) Resource(gvr schema.GroupVersionResource) dynamic.NamespaceableResourceInterface {
	return &interferingResource{NamespaceableResourceInterface: d.Interface.Resource(gvr), d: d}
}

type interferingResource struct {
	dynamic.NamespaceableResourceInterface
	d *interfering
}

func (r *interferingResource) List(ctx context.Context, opts metav1.ListOptions) (*unstructured.UnstructuredList, error) {
	r.d.mu.Lock()
	r.d.pages++
	r.d.mu.Unlock()
	return r.NamespaceableResourceInterface.List(ctx, opts)
}

func (r *interferingResource) Namespace(ns string) dynamic.ResourceInterface {
	return &interferingNamespace{ResourceInterface: r.NamespaceableResourceInterface.Namespace(ns), d: r.d}
}

type interferingNamespace struct {
	dynamic.ResourceInterface
	d *interfering
}

func (n *interferingNamespace) Update(ctx context.Context, obj *unstructured.Unstructured, opts metav1.UpdateOptions, sub ...string) (*unstructured.Unstructured, error) {
	key := obj.GetNamespace() + "/" + obj.GetName()
	if key == n.d.refuse {
		return nil, apierrors.NewForbidden(widgets, obj.GetName(), errors.New("refused by the test"))
	}
	n.d.mu.Lock()
	first := !n.d.touched[key]
	n.d.touched[key] = true
	n.d.mu.Unlock()
	if first {
		other, err := n.ResourceInterface.Get(ctx, obj.GetName(), metav1.GetOptions{})
		if err != nil {
			n.d.t.Fatal(err)
		}
		other.SetLabels(map[string]string{"edited-by": "another-writer"})
		if _, err := n.ResourceInterface.Update(ctx, other, metav1.UpdateOptions{}); err != nil {
			n.d.t.Fatal(err)
		}
	}
	out, err := n.ResourceInterface.Update(ctx, obj, opts, sub...)
	if apierrors.IsConflict(err) {
		n.d.mu.Lock()
		n.d.conflicts++
		n.d.mu.Unlock()
	}
	return out, err
}

func TestCleanCRDsPagesAndSurvivesConflicts(t *testing.T) {
	s := cleanFixture(t)
	dyn := &interfering{Interface: s.Dynamic, t: t, touched: map[string]bool{}}
	var out bytes.Buffer
	c := crdclean.Cleaner{
		CRDs: s.Extensions.ApiextensionsV1().CustomResourceDefinitions(), Dynamic: dyn,
		Groups: []string{widgets.Group}, Out: &out, PageSize: 2,
	}
	res, err := c.Run(t.Context())
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if want := (crdclean.Result{Checked: 1, Cleaned: 1, Rewritten: len(widgetNames)}); res != want {
		t.Errorf("result %+v, want %+v\n%s", res, want, out.String())
	}
	// Five objects two to a page: three pages, in two namespaces.
	if dyn.pages != 3 || dyn.conflicts != len(widgetNames) {
		t.Errorf("%d list pages and %d conflicts, want 3 and %d", dyn.pages, dyn.conflicts, len(widgetNames))
	}
	allAt(t, storedAt(t, s, widgets.Group), widgets.Group+"/"+newVersion)
	if got := storedVersions(t, s, widgets.Group); !slices.Equal(got, []string{newVersion}) {
		t.Errorf("storedVersions are %v, want [%s]", got, newVersion)
	}
	// The other writer's edits stand: a conflict re-reads the object rather than writing the
	// listed copy over them.
	for _, w := range widgetNames {
		o, err := s.Dynamic.Resource(widgets.WithVersion(newVersion)).Namespace(w.ns).Get(t.Context(), w.name, metav1.GetOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if o.GetLabels()["edited-by"] != "another-writer" {
			t.Errorf("%s/%s lost the other writer's label: %v", w.ns, w.name, o.GetLabels())
		}
	}
}

func TestCleanCRDsKeepsStoredVersionsWhenAnObjectCannotBeRewritten(t *testing.T) {
	s := cleanFixture(t)
	dyn := &interfering{Interface: s.Dynamic, t: t, touched: map[string]bool{}, refuse: "apps/w2"}
	var out bytes.Buffer
	c := crdclean.Cleaner{
		CRDs: s.Extensions.ApiextensionsV1().CustomResourceDefinitions(), Dynamic: dyn,
		Groups: []string{widgets.Group}, Out: &out,
	}
	res, err := c.Run(t.Context())
	if err == nil || !strings.Contains(err.Error(), "CRD widgets.resources.azure.com: 1 object could not be rewritten: rewriting apps/w2: ") ||
		!strings.Contains(err.Error(), "status.storedVersions left as it was") {
		t.Fatalf("got %v, want an error naming the CRD and the object\n%s", err, out.String())
	}
	if res.Rewritten != len(widgetNames)-1 {
		t.Errorf("%d rewritten, want the %d others", res.Rewritten, len(widgetNames)-1)
	}
	if got, want := storedVersions(t, s, widgets.Group), []string{oldVersion, newVersion}; !slices.Equal(got, want) {
		t.Errorf("storedVersions are %v, want %v kept: apps/w2 is still stored at %s", got, want, oldVersion)
	}
	if at := storedAt(t, s, widgets.Group)["apps/w2"]; at != widgets.Group+"/"+oldVersion {
		t.Errorf("apps/w2 is stored at %s", at)
	}
}
