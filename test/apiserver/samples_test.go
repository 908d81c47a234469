package apiserver_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	utiljson "k8s.io/apimachinery/pkg/util/json"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"sigs.k8s.io/yaml"

	"github.com/armgen/armgen/generated/controllers"
	"github.com/armgen/armgen/internal/crdcheck"
	"github.com/armgen/armgen/pkg/genruntime"
)

// sampleNamespace is where samples are created. The test server has no Namespace API, so it
// need not exist.
const sampleNamespace = "samples"

// fieldManager names this test in managedFields.
const fieldManager = "armgen-samples-test"

var listAll = metav1.ListOptions{}

// sample is one manifest from samples/<group>/<version>/<kind>.yaml.
type sample struct {
	path string // relative to the repository root, slash-separated
	obj  *unstructured.Unstructured
}

func (s sample) gvk() schema.GroupVersionKind { return s.obj.GroupVersionKind() }

// loadSamples reads every sample. A file holds one custom resource, at the path its apiVersion
// and kind give, so that users (and this test) find the sample of a kind where they expect it.
func loadSamples(t *testing.T) []sample {
	t.Helper()
	root := mustRoot(t)
	var out []sample
	err := filepath.WalkDir(filepath.Join(root, "samples"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".yaml" {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		obj, err := parseOne(data)
		if err != nil {
			return fmt.Errorf("%s: %w", rel, err)
		}
		gvk := obj.GroupVersionKind()
		if want := samplePath(gvk); rel != want {
			t.Errorf("%s holds a %s; it belongs at %s", rel, gvk, want)
		}
		out = append(out, sample{path: rel, obj: obj})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 {
		t.Fatal("no samples under samples/")
	}
	return out
}

// samplePath is where the sample of a kind lives.
func samplePath(gvk schema.GroupVersionKind) string {
	return fmt.Sprintf("samples/%s/%s/%s.yaml", gvk.Group, gvk.Version, strings.ToLower(gvk.Kind))
}

// parseOne decodes a sample file: exactly one custom resource (comment-only documents aside),
// as the API server decodes a request body, after any number of the Secrets and ConfigMaps it
// reads (core v1 objects, which a user applies with it; this test's server holds no core API,
// and the end-to-end test creates them).
func parseOne(data []byte) (*unstructured.Unstructured, error) {
	var objs []map[string]any
	r := utilyaml.NewYAMLReader(bufio.NewReader(bytes.NewReader(data)))
	for {
		doc, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		var probe any
		if err := yaml.Unmarshal(doc, &probe); err != nil {
			return nil, err
		}
		if probe == nil {
			continue
		}
		obj, err := crdcheck.ParseObject(doc)
		if err != nil {
			return nil, err
		}
		if api, _ := obj["apiVersion"].(string); api == "v1" {
			if kind, _ := obj["kind"].(string); kind != "Secret" && kind != "ConfigMap" {
				return nil, fmt.Errorf("holds a v1 %s; beside its resource a sample holds only the Secrets and ConfigMaps it reads", kind)
			}
			if len(objs) > 0 {
				return nil, errors.New("holds a Secret or ConfigMap after its resource; put them first, so that applying the file creates them first")
			}
			continue
		}
		objs = append(objs, obj)
	}
	if len(objs) != 1 {
		return nil, fmt.Errorf("holds %d custom resources; a sample file holds one", len(objs))
	}
	return &unstructured.Unstructured{Object: objs[0]}, nil
}

// TestSamplesCoverEveryKind: every CRD kind has a sample, and every sample is of a kind and
// version a CRD serves.
func TestSamplesCoverEveryKind(t *testing.T) {
	samples := loadSamples(t)
	kinds := make(map[schema.GroupKind]bool)
	for _, s := range samples {
		gvk := s.gvk()
		crd := crdcheck.Find(crds, gvk.GroupKind())
		if crd == nil {
			t.Errorf("%s: no CRD for %s", s.path, gvk.GroupKind())
			continue
		}
		if !slices.ContainsFunc(crd.Spec.Versions, func(v apiextv1.CustomResourceDefinitionVersion) bool { return v.Name == gvk.Version && v.Served }) {
			t.Errorf("%s: %s serves no version %s", s.path, crd.Name, gvk.Version)
		}
		kinds[gvk.GroupKind()] = true
	}
	for _, c := range crds {
		gk := schema.GroupKind{Group: c.Spec.Group, Kind: c.Spec.Names.Kind}
		if !kinds[gk] {
			t.Errorf("%s has no sample; write one at %s", gk, samplePath(gk.WithVersion(newestVersion(c))))
		}
	}
}

// newestVersion is the last served version of a CRD, where a new sample would go.
func newestVersion(c *apiextv1.CustomResourceDefinition) string {
	var vs []string
	for _, v := range c.Spec.Versions {
		if v.Served && !strings.HasSuffix(v.Name, "storage") {
			vs = append(vs, v.Name)
		}
	}
	if len(vs) == 0 {
		return c.Spec.Versions[len(c.Spec.Versions)-1].Name
	}
	sort.Strings(vs)
	return vs[len(vs)-1]
}

// TestSamplesOwners: each sample decodes strictly into its generated Go type, and its owner, when
// given by name, is another sample of the owner's kind, so applying samples/ builds a whole tree
// (a ResourceGroup, a VirtualNetwork in it, a Subnet in that) the way a user writes one.
func TestSamplesOwners(t *testing.T) {
	scheme := runtime.NewScheme()
	if err := controllers.AddToScheme(scheme); err != nil {
		t.Fatal(err)
	}
	samples := loadSamples(t)
	byKindName := make(map[string]string)
	for _, s := range samples {
		byKindName[s.gvk().GroupKind().String()+"/"+s.obj.GetName()] = s.path
	}
	for _, s := range samples {
		typed, err := scheme.New(s.gvk())
		if err != nil {
			t.Errorf("%s: %v", s.path, err)
			continue
		}
		if err := runtime.DefaultUnstructuredConverter.FromUnstructuredWithValidation(s.obj.Object, typed, true); err != nil {
			t.Errorf("%s does not decode into %T: %v", s.path, typed, err)
			continue
		}
		res, ok := typed.(genruntime.ARMMetaObject)
		if !ok {
			t.Errorf("%s: %T is not an ARMMetaObject", s.path, typed)
			continue
		}
		owner := res.Owner()
		if owner == nil || owner.Name == "" {
			continue // top level, or owned by ARM ID
		}
		key := schema.GroupKind{Group: owner.Group, Kind: owner.Kind}.String() + "/" + owner.Name
		if _, ok := byKindName[key]; !ok {
			t.Errorf("%s is owned by %s %q, which no sample defines", s.path, owner.Kind, owner.Name)
		}
	}
}

// TestSamplesRoundTrip creates every sample with server-side apply and reads it back: the server
// must accept it as written, with strict field validation, and return every field sent, unchanged.
// crdcheck, the offline copy of the server's checks, must accept it too.
func TestSamplesRoundTrip(t *testing.T) {
	for _, s := range loadSamples(t) {
		t.Run(s.path, func(t *testing.T) {
			t.Parallel()
			if err := checkSample(context.Background(), s.obj, applyStrict); err != nil {
				for _, line := range sampleErrorLines(s.path, err) {
					t.Error(line)
				}
				t.FailNow()
			}
			crd := crdcheck.Find(crds, s.gvk().GroupKind())
			if crd == nil {
				t.Fatalf("no CRD for %s", s.gvk())
			}
			if err := crdcheck.ValidateObject(crd, s.gvk().Version, s.obj.Object); err != nil {
				t.Errorf("crdcheck refuses the sample: %v", err)
			}
			// Every other served version reads it too (through the conversion webhook).
			for _, v := range crd.Spec.Versions {
				if !v.Served || v.Name == s.gvk().Version {
					continue
				}
				ri, err := server.Resource(s.gvk().GroupKind().WithVersion(v.Name), sampleNamespace)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := ri.Get(context.Background(), s.obj.GetName(), metav1.GetOptions{}); err != nil {
					t.Errorf("reading it as %s: %v", v.Name, err)
				}
			}
		})
	}
}

// sampleErrorLines turns a sample's failure into one line per problem, each naming the sample
// and, where the failure lists fields, the field: with some 230 samples, a grep for a sample or
// a field finds the whole reason on one line.
func sampleErrorLines(path string, err error) []string {
	lines := strings.Split(err.Error(), "\n")
	if len(lines) == 1 {
		return []string{path + ": " + lines[0]}
	}
	head := strings.TrimSuffix(lines[0], ":")
	var out []string
	for _, l := range lines[1:] {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, path+": "+l+" ("+head+")")
		}
	}
	return out
}

// How a sample is sent to the server.
type sendMode int

const (
	// applyStrict is what users do: server-side apply with strict field validation.
	applyStrict sendMode = iota
	// createLenient creates the object with field validation off, so the server drops unknown
	// fields without a word; only reading back can notice.
	createLenient
)

// checkSample sends obj (in sampleNamespace) to the server, reads it back, and reports any field
// sent that did not come back as sent.
func checkSample(ctx context.Context, obj *unstructured.Unstructured, mode sendMode) error {
	obj = obj.DeepCopy()
	obj.SetNamespace(sampleNamespace)
	ri, err := server.Resource(obj.GroupVersionKind(), sampleNamespace)
	if err != nil {
		return err
	}
	switch mode {
	case applyStrict:
		body, err := json.Marshal(obj.Object)
		if err != nil {
			return err
		}
		force := true
		if _, err := ri.Patch(ctx, obj.GetName(), types.ApplyPatchType, body, metav1.PatchOptions{
			FieldManager: fieldManager, Force: &force, FieldValidation: metav1.FieldValidationStrict,
		}); err != nil {
			return fmt.Errorf("server-side apply refused: %w", err)
		}
	case createLenient:
		if _, err := ri.Create(ctx, obj, metav1.CreateOptions{FieldManager: fieldManager, FieldValidation: metav1.FieldValidationIgnore}); err != nil {
			return fmt.Errorf("create refused: %w", err)
		}
	}
	got, err := ri.Get(ctx, obj.GetName(), metav1.GetOptions{})
	if err != nil {
		return fmt.Errorf("reading back: %w", err)
	}
	if diffs := lostFields(obj.Object, got.Object); len(diffs) > 0 {
		return fmt.Errorf("read back changed (fields pruned or altered by the schema):\n  %s", strings.Join(diffs, "\n  "))
	}
	return nil
}

// lostFields lists every value of sent that is missing from got or differs there. Fields the
// server adds (metadata it keeps, defaults) are not differences. Lists are compared whole, as
// the schema makes them atomic.
func lostFields(sent, got map[string]any) []string {
	var out []string
	compare("", normalise(sent), normalise(got), &out)
	sort.Strings(out)
	return out
}

func compare(path string, sent, got any, out *[]string) {
	switch s := sent.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			*out = append(*out, fmt.Sprintf("%s: sent an object, read back %s", orRoot(path), describe(got)))
			return
		}
		for k, sv := range s {
			p := path + "." + k
			gv, ok := g[k]
			if !ok {
				*out = append(*out, fmt.Sprintf("%s: sent %s, not in the stored object", p, describe(sv)))
				continue
			}
			compare(p, sv, gv, out)
		}
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(s) {
			*out = append(*out, fmt.Sprintf("%s: sent %s, read back %s", orRoot(path), describe(sent), describe(got)))
			return
		}
		for i := range s {
			compare(fmt.Sprintf("%s[%d]", path, i), s[i], g[i], out)
		}
	default:
		if !reflect.DeepEqual(sent, got) {
			*out = append(*out, fmt.Sprintf("%s: sent %s, read back %s", orRoot(path), describe(sent), describe(got)))
		}
	}
}

func orRoot(path string) string {
	if path == "" {
		return "(object)"
	}
	return path
}

func describe(v any) string {
	if v == nil {
		return "null"
	}
	data, err := json.Marshal(v)
	if err != nil || len(data) > 80 {
		return fmt.Sprintf("a %T", v)
	}
	return string(data)
}

// normalise copies v through JSON as the API server decodes it (whole numbers int64, others
// float64), so values read from YAML and from the server compare equal.
func normalise(v map[string]any) map[string]any {
	data, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	var out map[string]any
	if err := utiljson.Unmarshal(data, &out); err != nil {
		panic(err)
	}
	return out
}

// sampleOf returns the sample of a kind, for tests that start from a valid object.
func sampleOf(t *testing.T, group, kind string) *unstructured.Unstructured {
	t.Helper()
	for _, s := range loadSamples(t) {
		if s.gvk().Group == group && s.gvk().Kind == kind {
			return s.obj.DeepCopy()
		}
	}
	t.Fatalf("no sample of %s/%s", group, kind)
	return nil
}

// yamlObject parses a YAML snippet for tests.
func yamlObject(t *testing.T, s string) map[string]any {
	t.Helper()
	var out map[string]any
	if err := yaml.Unmarshal([]byte(s), &out); err != nil {
		t.Fatal(err)
	}
	return out
}
