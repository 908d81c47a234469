package generated_test

import (
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/armgen/armgen/internal/controllertools"
	"github.com/armgen/armgen/internal/crdcheck"
	"github.com/armgen/armgen/pkg/codegen/emit/crd"
	"github.com/armgen/armgen/pkg/crdowner"
)

// TestMatchesControllerGen holds the CRDs we emit straight from the type graph to what
// controller-gen makes of the Go code we emit next to them: the two must describe the same API.
// Only the deliberate differences below are normalised away.
func TestMatchesControllerGen(t *testing.T) {
	if testing.Short() {
		t.Skip("loads and type-checks all of generated/")
	}
	matchControllerGen(t, []string{"github.com/armgen/armgen/generated/..."}, generatedCRDs(t), crdsDir(t))
}

// matchControllerGen compares the CRDs of dir (crds, already loaded) with what controller-gen
// makes of the Go packages of patterns.
func matchControllerGen(t *testing.T, patterns []string, crds []*apiextv1.CustomResourceDefinition, dir string) {
	t.Helper()
	start := time.Now()
	files, err := controllertools.GenerateCRDs(patterns...)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("controller-gen made %d CRDs in %s", len(files), time.Since(start).Round(time.Millisecond))

	ours := make(map[string]*apiextv1.CustomResourceDefinition)
	for _, c := range crds {
		ours[c.Spec.Group+"_"+c.Spec.Names.Plural+".yaml"] = c
	}
	var names []string
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		want, err := crdcheck.Decode("controller-gen "+n, files[n])
		if err != nil {
			t.Fatal(err)
		}
		if len(want) != 1 {
			t.Fatalf("controller-gen %s holds %d CRDs", n, len(want))
		}
		got, ok := ours[n]
		if !ok {
			t.Errorf("controller-gen makes %s, %s has no such CRD", n, dir)
			continue
		}
		delete(ours, n)
		normaliseControllerGen(want[0])
		storageVersionsAsEmitted(want[0])
		over := trimmed(t, want[0], got)
		got = withoutOwnerLabel(withoutConversion(got))
		if over {
			want[0], got = withoutDescriptions(want[0]), withoutDescriptions(got)
		}
		if d := cmp.Diff(want[0], got); d != "" {
			t.Errorf("%s differs (-controller-gen +%s):\n%s", n, filepath.Join(dir, n), d)
		}
	}
	for n := range ours {
		t.Errorf("%s has %s, which controller-gen does not make from the Go code", dir, n)
	}
}

// normaliseControllerGen removes from controller-gen's CRD what ours leaves out on purpose:
//   - the controller-gen.kubebuilder.io/version annotation: it records the tool, and we are not it;
//   - the descriptions of apiVersion and kind (controller-gen already drops metadata's): every
//     cluster and client knows them, and 39 copies of them only make our CRDs bigger.
func normaliseControllerGen(crd *apiextv1.CustomResourceDefinition) {
	delete(crd.Annotations, "controller-gen.kubebuilder.io/version")
	if len(crd.Annotations) == 0 {
		crd.Annotations = nil
	}
	for _, v := range crd.Spec.Versions {
		if v.Schema == nil || v.Schema.OpenAPIV3Schema == nil {
			continue
		}
		props := v.Schema.OpenAPIV3Schema.Properties
		for _, k := range []string{"apiVersion", "kind", "metadata"} {
			if p, ok := props[k]; ok {
				p.Description = ""
				props[k] = p
			}
		}
	}
}

// storageVersionsAsEmitted gives controller-gen's storage versions the shape our emitter gives
// them on purpose (emit/crd storageShape and inCRD: the API server's memory): no descriptions,
// spec and status accepting any fields, and the storage twins the API server does not store
// (older twins, and the hub of a kind with one API version, which is stored at that API version
// and carries +kubebuilder:storageversion), which controller-gen lists unserved (their
// +kubebuilder:unservedversion marker), left out: conversions pass through them in process,
// never through the API server. Their Go types keep their fields and doc comments
// for the conversion webhook and for readers of the code.
func storageVersionsAsEmitted(crd *apiextv1.CustomResourceDefinition) {
	loose := func() apiextv1.JSONSchemaProps {
		yes := true
		return apiextv1.JSONSchemaProps{Type: "object", XPreserveUnknownFields: &yes}
	}
	crd.Spec.Versions = slices.DeleteFunc(crd.Spec.Versions, func(v apiextv1.CustomResourceDefinitionVersion) bool {
		return strings.HasSuffix(v.Name, "storage") && !v.Served && !v.Storage
	})
	for _, v := range crd.Spec.Versions {
		if !strings.HasSuffix(v.Name, "storage") || v.Schema == nil || v.Schema.OpenAPIV3Schema == nil {
			continue
		}
		root := v.Schema.OpenAPIV3Schema
		root.Description = ""
		for _, k := range []string{"spec", "status"} {
			if _, ok := root.Properties[k]; ok {
				root.Properties[k] = loose()
			}
		}
	}
}

// withoutConversion returns a copy of our CRD without spec.conversion and the CA injection
// annotation that comes with it, which controller-gen never writes (with controller-tools,
// kustomize patches add both), while we emit them directly for every kind served in several
// versions.
func withoutConversion(ours *apiextv1.CustomResourceDefinition) *apiextv1.CustomResourceDefinition {
	if ours.Spec.Conversion == nil {
		return ours
	}
	c := ours.DeepCopy()
	c.Spec.Conversion = nil
	delete(c.Annotations, crd.InjectCAFromAnnotation)
	if len(c.Annotations) == 0 {
		c.Annotations = nil
	}
	return c
}

// withoutOwnerLabel drops the label that marks our CRDs as the operator's (pkg/crdowner):
// it is for the operator's CRD management, not from the Go types controller-gen reads.
func withoutOwnerLabel(ours *apiextv1.CustomResourceDefinition) *apiextv1.CustomResourceDefinition {
	if _, ok := ours.Labels[crdowner.Label]; !ok {
		return ours
	}
	c := ours.DeepCopy()
	delete(c.Labels, crdowner.Label)
	if len(c.Labels) == 0 {
		c.Labels = nil
	}
	return c
}

// trimmed reports whether our emitter trimmed the descriptions of a CRD (emit/crd/size.go): a
// kind served in several versions, each with its storage twin, can be over the limit. It
// measures controller-gen's CRD as the emitter measures its own, with the conversion and
// annotations ours adds.
func trimmed(t *testing.T, want, ours *apiextv1.CustomResourceDefinition) bool {
	c := want.DeepCopy()
	c.Spec.Conversion = ours.Spec.Conversion
	c.Annotations = ours.Annotations
	over, err := crd.OverApplyLimit(c)
	if err != nil {
		t.Fatal(err)
	}
	return over
}

// withoutDescriptions returns a copy of a CRD without descriptions, for CRDs our emitter trimmed:
// their structure must still match controller-gen's exactly.
func withoutDescriptions(c *apiextv1.CustomResourceDefinition) *apiextv1.CustomResourceDefinition {
	c = c.DeepCopy()
	var strip func(s *apiextv1.JSONSchemaProps)
	strip = func(s *apiextv1.JSONSchemaProps) {
		for k, p := range s.Properties {
			p.Description = ""
			strip(&p)
			s.Properties[k] = p
		}
		if s.Items != nil && s.Items.Schema != nil {
			s.Items.Schema.Description = ""
			strip(s.Items.Schema)
		}
		if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
			s.AdditionalProperties.Schema.Description = ""
			strip(s.AdditionalProperties.Schema)
		}
	}
	for _, v := range c.Spec.Versions {
		if v.Schema != nil && v.Schema.OpenAPIV3Schema != nil {
			v.Schema.OpenAPIV3Schema.Description = ""
			strip(v.Schema.OpenAPIV3Schema)
		}
	}
	return c
}
