package armctl

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"

	"github.com/armgen/armgen/internal/testapiserver"
	"github.com/armgen/armgen/pkg/crdowner"
)

// A CRD of one of the operator's groups, as an operator upgrade leaves it: it was stored at
// v1api20200601, which it now neither stores nor serves. cleanFixture builds that state.
const (
	oldVersion = "v1api20200601"
	newVersion = "v1api20210401"
)

var widgets = schema.GroupResource{Group: "resources.azure.com", Resource: "widgets"}

// versionDef is one entry of spec.versions whose objects may hold anything.
func versionDef(name string, served, storage bool) apiextv1.CustomResourceDefinitionVersion {
	yes := true
	return apiextv1.CustomResourceDefinitionVersion{
		Name: name, Served: served, Storage: storage,
		Schema: &apiextv1.CustomResourceValidation{OpenAPIV3Schema: &apiextv1.JSONSchemaProps{
			Type: "object",
			Properties: map[string]apiextv1.JSONSchemaProps{
				"spec": {Type: "object", XPreserveUnknownFields: &yes},
			},
		}},
	}
}

func widgetCRD(group string) *apiextv1.CustomResourceDefinition {
	return &apiextv1.CustomResourceDefinition{
		// Labelled as the generator labels every CRD: the cleaner leaves CRDs without it.
		ObjectMeta: metav1.ObjectMeta{Name: "widgets." + group, Labels: map[string]string{crdowner.Label: crdowner.Value}},
		Spec: apiextv1.CustomResourceDefinitionSpec{
			Group: group, Scope: apiextv1.NamespaceScoped,
			Names:    apiextv1.CustomResourceDefinitionNames{Plural: "widgets", Singular: "widget", Kind: "Widget", ListKind: "WidgetList"},
			Versions: []apiextv1.CustomResourceDefinitionVersion{versionDef(oldVersion, true, true), versionDef(newVersion, true, false)},
		},
	}
}

// widgetNames are the objects created, in two namespaces, more than one list page of
// the cleaner's smallest page size.
var widgetNames = []struct{ ns, name string }{
	{"apps", "w1"}, {"apps", "w2"}, {"apps", "w3"}, {"team", "w4"}, {"team", "w5"},
}

// cleanFixture starts an API server holding two CRDs in that state (one of the operator's
// groups, one of another group, which must be left alone) with objects stored at the old
// version.
func cleanFixture(t *testing.T) *testapiserver.Server {
	t.Helper()
	ctx := t.Context()
	s := testapiserver.Start(t)
	api := s.Extensions.ApiextensionsV1().CustomResourceDefinitions()
	for _, group := range []string{widgets.Group, "example.com"} {
		if err := s.InstallCRDs(ctx, []*apiextv1.CustomResourceDefinition{widgetCRD(group)}); err != nil {
			t.Fatal(err)
		}
		res := s.Dynamic.Resource(schema.GroupVersionResource{Group: group, Version: oldVersion, Resource: "widgets"})
		for _, w := range widgetNames {
			o := &unstructured.Unstructured{Object: map[string]any{
				"apiVersion": group + "/" + oldVersion, "kind": "Widget",
				"metadata": map[string]any{"name": w.name, "namespace": w.ns},
				"spec":     map[string]any{"colour": "blue-" + w.name},
			}}
			createEventually(t, res.Namespace(w.ns), o)
		}
		// The upgrade: the new version is stored, the old one no longer served.
		crd, err := api.Get(ctx, "widgets."+group, metav1.GetOptions{})
		if err != nil {
			t.Fatal(err)
		}
		crd.Spec.Versions = []apiextv1.CustomResourceDefinitionVersion{versionDef(oldVersion, false, false), versionDef(newVersion, true, true)}
		if crd, err = api.Update(ctx, crd, metav1.UpdateOptions{}); err != nil {
			t.Fatal(err)
		}
		if want := []string{oldVersion, newVersion}; !slices.Equal(crd.Status.StoredVersions, want) {
			t.Fatalf("fixture: %s storedVersions %v, want %v", crd.Name, crd.Status.StoredVersions, want)
		}
	}
	return s
}

// createEventually creates o, waiting out the moments after a CRD is Established when the
// API server does not serve it yet.
func createEventually(t *testing.T, res dynamic.ResourceInterface, o *unstructured.Unstructured) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		_, err := res.Create(t.Context(), o, metav1.CreateOptions{})
		if err == nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("creating %s: %v", o.GetName(), err)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// storedAt returns the apiVersion each widget of group is stored at in etcd, by name.
func storedAt(t *testing.T, s *testapiserver.Server, group string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, w := range widgetNames {
		raw := s.Stored(t, schema.GroupResource{Group: group, Resource: widgets.Resource}, w.ns, w.name)
		var o unstructured.Unstructured
		if err := o.UnmarshalJSON(raw); err != nil {
			t.Fatalf("%s/%s in etcd: %v", w.ns, w.name, err)
		}
		if c, _, _ := unstructured.NestedString(o.Object, "spec", "colour"); c != "blue-"+w.name {
			t.Errorf("%s/%s in etcd: spec.colour %q, want %q", w.ns, w.name, c, "blue-"+w.name)
		}
		out[w.ns+"/"+w.name] = o.GetAPIVersion()
	}
	return out
}

// rawObjects is what etcd holds for the operator's widgets, byte for byte.
func rawObjects(t *testing.T, s *testapiserver.Server) [][]byte {
	t.Helper()
	var out [][]byte
	for _, w := range widgetNames {
		out = append(out, s.Stored(t, widgets, w.ns, w.name))
	}
	return out
}

func allAt(t *testing.T, got map[string]string, version string) {
	t.Helper()
	for name, v := range got {
		if v != version {
			t.Errorf("%s is stored at %s, want %s", name, v, version)
		}
	}
}

func storedVersions(t *testing.T, s *testapiserver.Server, group string) []string {
	t.Helper()
	crd, err := s.Extensions.ApiextensionsV1().CustomResourceDefinitions().Get(t.Context(), "widgets."+group, metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return crd.Status.StoredVersions
}

// dropOldVersion removes the old version from spec.versions, which is what cleaning makes
// possible: the API server refuses while storedVersions holds it.
func dropOldVersion(ctx context.Context, s *testapiserver.Server, group string) error {
	api := s.Extensions.ApiextensionsV1().CustomResourceDefinitions()
	crd, err := api.Get(ctx, "widgets."+group, metav1.GetOptions{})
	if err != nil {
		return err
	}
	crd.Spec.Versions = slices.DeleteFunc(crd.Spec.Versions, func(v apiextv1.CustomResourceDefinitionVersion) bool { return v.Name == oldVersion })
	_, err = api.Update(ctx, crd, metav1.UpdateOptions{})
	return err
}

func TestCleanCRDsRewritesObjectsAndDropsVersionsNoLongerServed(t *testing.T) {
	s := cleanFixture(t)
	env := Env{Kube: s.Config}
	allAt(t, storedAt(t, s, widgets.Group), widgets.Group+"/"+oldVersion)
	before := rawObjects(t, s)
	if err := dropOldVersion(t.Context(), s, widgets.Group); err == nil {
		t.Fatal("fixture: the API server let a stored version go from spec.versions")
	}

	stdout, stderr, err := run(t, env, "clean", "crds", "--dry-run")
	if err != nil {
		t.Fatalf("dry run: %v\n%s%s", err, stdout, stderr)
	}
	for _, want := range []string{
		"widgets.resources.azure.com: status.storedVersions [v1api20200601 v1api20210401] holds v1api20200601, no longer served; storage version v1api20210401",
		"widgets.resources.azure.com: would rewrite 5 objects at storage version v1api20210401",
		"widgets.resources.azure.com: would set status.storedVersions to [v1api20210401]",
		"dry run, nothing changed: 1 of 1 armgen CRDs hold versions no longer served; 5 objects would be rewritten",
	} {
		if !strings.Contains(stdout, want+"\n") {
			t.Errorf("dry run output lacks %q:\n%s", want, stdout)
		}
	}
	if got, want := storedVersions(t, s, widgets.Group), []string{oldVersion, newVersion}; !slices.Equal(got, want) {
		t.Errorf("after the dry run storedVersions are %v, want %v unchanged", got, want)
	}
	if after := rawObjects(t, s); !slices.EqualFunc(before, after, bytes.Equal) {
		t.Error("the dry run changed what etcd holds")
	}

	stdout, stderr, err = run(t, env, "clean", "crds")
	if err != nil {
		t.Fatalf("clean: %v\n%s%s", err, stdout, stderr)
	}
	for _, want := range []string{
		"widgets.resources.azure.com: rewrote 5 objects at storage version v1api20210401",
		"widgets.resources.azure.com: status.storedVersions [v1api20200601 v1api20210401] -> [v1api20210401]",
		"1 of 1 armgen CRDs held versions no longer served; 5 objects rewritten",
	} {
		if !strings.Contains(stdout, want+"\n") {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	if strings.Contains(stdout, "example.com") {
		t.Errorf("the CRD of another group was touched:\n%s", stdout)
	}
	allAt(t, storedAt(t, s, widgets.Group), widgets.Group+"/"+newVersion)
	if got, want := storedVersions(t, s, widgets.Group), []string{newVersion}; !slices.Equal(got, want) {
		t.Errorf("storedVersions are %v, want %v", got, want)
	}
	if err := dropOldVersion(t.Context(), s, widgets.Group); err != nil {
		t.Errorf("after cleaning, the old version still cannot leave spec.versions: %v", err)
	}
	// Not the operator's: left as it was.
	allAt(t, storedAt(t, s, "example.com"), "example.com/"+oldVersion)
	if got, want := storedVersions(t, s, "example.com"), []string{oldVersion, newVersion}; !slices.Equal(got, want) {
		t.Errorf("example.com's storedVersions are %v, want %v untouched", got, want)
	}

	stdout, _, err = run(t, env, "clean", "crds")
	if err != nil || !strings.Contains(stdout, "0 of 1 armgen CRDs held versions no longer served; 0 objects rewritten\n") {
		t.Errorf("a second run: %v\n%s", err, stdout)
	}
}

func TestCleanCRDsWithNoOperatorCRDsFails(t *testing.T) {
	s := testapiserver.Start(t)
	_, _, err := run(t, Env{Kube: s.Config}, "clean", "crds")
	if err == nil || !strings.Contains(err.Error(), "no CRD of the operator's") || !strings.Contains(err.Error(), "API groups (") {
		t.Fatalf("got %v, want an error naming the groups looked for", err)
	}
}
