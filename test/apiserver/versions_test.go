package apiserver_test

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	kubeversion "k8s.io/apimachinery/pkg/version"
	"k8s.io/client-go/discovery"
	"k8s.io/client-go/dynamic"

	"github.com/armgen/armgen/pkg/genruntime"
)

// TestEveryServedVersionKeepsEveryValue: for every kind served in several versions, an object
// created at the newest version, holding values that older versions have no field for, is then
// read, relabelled and written back through every served version in turn (the server's preferred
// version first, the one kubectl uses when none is named), once by update and once by merge
// patch as kubectl label does. After each write the object reads back at the newest version with
// every value it was created with, its stored originalVersion is still the newest version (the
// user never wrote the spec through another), and the stored object carries no annotation of
// the conversion.
func TestEveryServedVersionKeepsEveryValue(t *testing.T) {
	added := 0
	for _, crd := range crds {
		served := servedVersions(crd)
		if len(served) < 2 {
			continue
		}
		added += checkVersionsKeepValues(t, crd, served)
	}
	if added == 0 {
		t.Error("no kind had a field the older versions lack; the test proved nothing about them")
	}
}

func checkVersionsKeepValues(t *testing.T, crd *apiextv1.CustomResourceDefinition, served []string) int {
	ctx := context.Background()
	newest := newestVersion(crd)
	stored := storageVersion(crd)
	gk := schema.GroupKind{Group: crd.Spec.Group, Kind: crd.Spec.Names.Kind}
	name := "keep-" + strings.ToLower(crd.Spec.Names.Kind)
	var extra []string
	t.Run(crd.Name, func(t *testing.T) {
		base := objectAtVersion(t, ctx, gk, newest, name)
		// Values the newest version holds and some older one lacks.
		extra = addFieldsOthersLack(crd, newest, base.Object)
		newestRI := mustResource(t, gk.WithVersion(newest))
		created, err := newestRI.Create(ctx, base, metav1.CreateOptions{FieldValidation: "Strict"})
		if err != nil {
			t.Fatalf("creating at %s with %v: %v", newest, extra, err)
		}
		t.Cleanup(func() { _ = newestRI.Delete(context.Background(), name, metav1.DeleteOptions{}) })
		want := created.Object["spec"]
		p, from := preferredVersion(t, crd)
		t.Logf("preferred version %s (%s); values beyond older versions: %v", p, from, extra)

		for _, v := range orderedVersions(t, crd, served) {
			ri := mustResource(t, gk.WithVersion(v))
			got, err := ri.Get(ctx, name, metav1.GetOptions{})
			if err != nil {
				t.Fatalf("reading at %s: %v", v, err)
			}
			labels := got.GetLabels()
			if labels == nil {
				labels = map[string]string{}
			}
			labels["updated-at-"+v] = "yes"
			got.SetLabels(labels)
			if _, err := ri.Update(ctx, got, metav1.UpdateOptions{}); err != nil {
				t.Fatalf("updating at %s: %v", v, err)
			}
			checkKept(t, ctx, gk, name, newest, stored, want, "update at "+v)

			patch := fmt.Sprintf(`{"metadata":{"labels":{"patched-at-%s":"yes"}}}`, v)
			if _, err := ri.Patch(ctx, name, types.MergePatchType, []byte(patch), metav1.PatchOptions{}); err != nil {
				t.Fatalf("patching at %s: %v", v, err)
			}
			checkKept(t, ctx, gk, name, newest, stored, want, "merge patch at "+v)
		}
	})
	return len(extra)
}

// checkKept reads the object at the newest version and at the storage version.
func checkKept(t *testing.T, ctx context.Context, gk schema.GroupKind, name, newest, stored string, want any, after string) {
	t.Helper()
	got, err := mustResource(t, gk.WithVersion(newest)).Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var lost []string
	compare("spec", want, got.Object["spec"], &lost)
	if len(lost) > 0 || !reflect.DeepEqual(want, got.Object["spec"]) {
		t.Errorf("after %s, the spec at %s is not what was created: %v", after, newest, lost)
	}
	h, err := mustResource(t, gk.WithVersion(stored)).Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if ov, _, _ := unstructured.NestedString(h.Object, "spec", "originalVersion"); ov != newest {
		t.Errorf("after %s, the stored originalVersion is %q, want %q (what the user wrote)", after, ov, newest)
	}
	if _, ok := h.GetAnnotations()[genruntime.RetainedValuesAnnotation]; ok {
		t.Errorf("after %s, the stored object carries %s", after, genruntime.RetainedValuesAnnotation)
	}
}

// objectAtVersion is a valid object of a kind at version: the kind's sample, read back at that
// version when written at another.
func objectAtVersion(t *testing.T, ctx context.Context, gk schema.GroupKind, v, name string) *unstructured.Unstructured {
	t.Helper()
	obj := sampleOf(t, gk.Group, gk.Kind)
	obj.SetNamespace(sampleNamespace)
	if obj.GroupVersionKind().Version != v {
		obj.SetName(name + "-src")
		ri := mustResource(t, obj.GroupVersionKind())
		if _, err := ri.Create(ctx, obj, metav1.CreateOptions{}); err != nil {
			t.Fatalf("creating the sample at %s: %v", obj.GroupVersionKind().Version, err)
		}
		defer func() { _ = ri.Delete(context.Background(), obj.GetName(), metav1.DeleteOptions{}) }()
		read, err := mustResource(t, gk.WithVersion(v)).Get(ctx, obj.GetName(), metav1.GetOptions{})
		if err != nil {
			t.Fatalf("reading the sample at %s: %v", v, err)
		}
		obj = &unstructured.Unstructured{Object: map[string]any{
			"apiVersion": read.GetAPIVersion(), "kind": read.GetKind(), "spec": read.Object["spec"]}}
		if sp, ok := obj.Object["spec"].(map[string]any); ok {
			delete(sp, "originalVersion")
		}
		obj.SetNamespace(sampleNamespace)
	}
	obj.SetName(name)
	obj.SetLabels(nil)
	obj.SetAnnotations(nil)
	// A sample's azureName stays: it is valid for Azure, where the object's name may not be
	// (a storage table's name allows no hyphen).
	return obj
}

// addFieldsOthersLack sets, in obj's spec, a value for every scalar property the version's
// schema has and some other API version's lacks, where the enclosing object is already there and
// a value that passes the schema is plain to make (an enum's first value, a bounded number, a
// boolean, an unconstrained string). It returns their paths.
func addFieldsOthersLack(crd *apiextv1.CustomResourceDefinition, v string, obj map[string]any) []string {
	var mine *apiextv1.JSONSchemaProps
	var others []*apiextv1.JSONSchemaProps
	for i := range crd.Spec.Versions {
		cv := &crd.Spec.Versions[i]
		s := cv.Schema.OpenAPIV3Schema.Properties["spec"]
		switch {
		case cv.Name == v:
			mine = &s
		case !strings.HasSuffix(cv.Name, "storage"):
			others = append(others, &s)
		}
	}
	spec, _ := obj["spec"].(map[string]any)
	if mine == nil || spec == nil {
		return nil
	}
	var out []string
	var walk func(path string, s *apiextv1.JSONSchemaProps, o map[string]any, others []*apiextv1.JSONSchemaProps)
	walk = func(path string, s *apiextv1.JSONSchemaProps, o map[string]any, others []*apiextv1.JSONSchemaProps) {
		for _, name := range slices.Sorted(maps.Keys(s.Properties)) {
			p := s.Properties[name]
			var there []*apiextv1.JSONSchemaProps
			missing := false
			for _, os := range others {
				if op, ok := os.Properties[name]; ok {
					there = append(there, &op)
				} else {
					missing = true
				}
			}
			if sub, ok := o[name].(map[string]any); ok && p.Type == "object" {
				walk(path+"."+name, &p, sub, there)
				continue
			}
			if _, set := o[name]; set || !missing {
				continue
			}
			if val, ok := plainValue(&p); ok {
				o[name] = val
				out = append(out, path+"."+name)
			}
		}
	}
	walk("spec", mine, spec, others)
	return out
}

func plainValue(p *apiextv1.JSONSchemaProps) (any, bool) {
	if len(p.Enum) > 0 {
		var v any
		if err := json.Unmarshal(p.Enum[0].Raw, &v); err != nil {
			return nil, false
		}
		return v, true
	}
	if len(p.XValidations) > 0 {
		return nil, false
	}
	switch p.Type {
	case "boolean":
		return true, true
	case "integer":
		n := int64(1)
		if p.Minimum != nil {
			n = int64(*p.Minimum) + 1
		}
		if p.Maximum != nil && float64(n) > *p.Maximum {
			return nil, false
		}
		return n, true
	case "string":
		if p.Pattern != "" || p.Format != "" || p.MinLength != nil {
			return nil, false
		}
		return "kept", true
	}
	return nil, false
}

func servedVersions(crd *apiextv1.CustomResourceDefinition) []string {
	var out []string
	for _, v := range crd.Spec.Versions {
		if v.Served {
			out = append(out, v.Name)
		}
	}
	return out
}

func storageVersion(crd *apiextv1.CustomResourceDefinition) string {
	for _, v := range crd.Spec.Versions {
		if v.Storage {
			return v.Name
		}
	}
	return ""
}

// preferredVersion is the version the API server prefers for the CRD's group: what discovery
// says, or, where the server serves no discovery, the first by the server's own ranking.
func preferredVersion(t *testing.T, crd *apiextv1.CustomResourceDefinition) (version, from string) {
	t.Helper()
	if dc, err := discovery.NewDiscoveryClientForConfig(server.Config); err == nil {
		if groups, err := dc.ServerGroups(); err == nil {
			for _, g := range groups.Groups {
				if g.Name == crd.Spec.Group {
					return g.PreferredVersion.Version, "discovery"
				}
			}
		}
	}
	vs := servedVersions(crd)
	sort.Slice(vs, func(i, j int) bool { return kubeversion.CompareKubeAwareVersionStrings(vs[i], vs[j]) > 0 })
	return vs[0], "the server's ranking"
}

// orderedVersions is every served version, the preferred one first.
func orderedVersions(t *testing.T, crd *apiextv1.CustomResourceDefinition, served []string) []string {
	p, _ := preferredVersion(t, crd)
	out := []string{p}
	for _, v := range served {
		if v != p {
			out = append(out, v)
		}
	}
	return out
}

func mustResource(t *testing.T, gvk schema.GroupVersionKind) dynamic.ResourceInterface {
	t.Helper()
	ri, err := server.Resource(gvk, sampleNamespace)
	if err != nil {
		t.Fatal(err)
	}
	return ri
}
