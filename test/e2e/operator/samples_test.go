package operator_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/apiutil"

	"github.com/armgen/armgen/internal/resolver"
	"github.com/armgen/armgen/pkg/armfake"
	"github.com/armgen/armgen/pkg/genruntime"
)

// sampleFilterEnv narrows the samples to the files whose path under samples/ contains one of
// its comma-separated words (network.azure.com,resources.azure.com): for a contributor's quick
// run of one group with its owners. CI leaves it unset and runs every sample.
const sampleFilterEnv = "ARMGEN_SAMPLES"

// loadSamples decodes every sample under samples/, at the version each is written in, and the
// Secrets and ConfigMaps the sample files hold beside their resources (inputs, created first).
func loadSamples(t *testing.T) (samples []genruntime.ARMMetaObject, inputs []client.Object) {
	t.Helper()
	var filter []string
	if f := os.Getenv(sampleFilterEnv); f != "" {
		filter = strings.Split(f, ",")
		t.Logf("%s=%s: only the samples under those paths", sampleFilterEnv, f)
	}
	return loadSamplesUnder(t, filter)
}

// loadSamplesUnder is loadSamples for the files whose path under samples/ contains one of
// filter's words (every file when filter is nil): a test of one behaviour takes the samples of
// the kinds it needs.
func loadSamplesUnder(t *testing.T, filter []string) (samples []genruntime.ARMMetaObject, inputs []client.Object) {
	t.Helper()
	decoder := serializer.NewCodecFactory(shared.Scheme).UniversalDeserializer()
	root := filepath.Join(repoRoot(t), "samples")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".yaml") {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if filter != nil && !slices.ContainsFunc(filter, func(w string) bool { return strings.Contains(filepath.ToSlash(rel), w) }) {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		r := utilyaml.NewYAMLReader(bufio.NewReader(bytes.NewReader(data)))
		for {
			doc, err := r.Read()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			if len(bytes.TrimSpace(stripComments(doc))) == 0 {
				continue
			}
			o, _, err := decoder.Decode(doc, nil, nil)
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			switch o := o.(type) {
			case genruntime.ARMMetaObject:
				samples = append(samples, o)
			case *corev1.Secret, *corev1.ConfigMap:
				inputs = append(inputs, o.(client.Object))
			default:
				t.Fatalf("%s: a sample file holds its resource and the Secrets and ConfigMaps it reads, not a %T", path, o)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return samples, inputs
}

// stripComments drops the comment lines of a YAML document, to tell a comment-only document.
func stripComments(doc []byte) []byte {
	var out [][]byte
	for _, line := range bytes.Split(doc, []byte("\n")) {
		if t := bytes.TrimSpace(line); len(t) > 0 && t[0] != '#' && !bytes.Equal(t, []byte("---")) {
			out = append(out, line)
		}
	}
	return bytes.Join(out, []byte("\n"))
}

// TestSamplesReachReady applies every sample at once (owners first is not required: the
// children wait), and checks that each becomes Ready with one PUT that armfake accepted (so its
// body validated against the swagger), whose body holds the sample's own values at their wire
// paths (wire_test.go) and is ConvertToARM of the sample, and status read back from Azure; then
// deleting the resource group (and each child once its owner is gone, as garbage collection does)
// deletes everything in armfake and releases every object. Each sample that fails is one line
// naming its kind and why (its Ready condition, armfake's answer, the missing PUT, the delete
// that did not finish); the figures (kinds=N ready=N deleted=N seconds=S) come last. Waits
// grow with the number of samples; ARMGEN_SAMPLES narrows a local run (loadSamples). armfake
// answers as Azure does (display-name locations, service overrides, chained child names, keys
// hidden in GET), so one PUT each also says none of that reads as drift.
func TestSamplesReachReady(t *testing.T) {
	began := time.Now()
	r := start(t, armfake.Options{LROPolls: 2, Realistic: true}, time.Hour)
	samples, inputs := loadSamples(t)
	for _, in := range inputs {
		r.create(in)
	}
	// Children first, to show that the order does not matter.
	slices.Reverse(samples)
	for _, s := range samples {
		r.create(s)
	}
	kinds := map[string]bool{}
	for _, s := range samples {
		gvk, err := apiutil.GVKForObject(s, shared.Scheme)
		if err != nil {
			t.Fatal(err)
		}
		kinds[gvk.GroupKind().String()] = true
	}
	failed := awaitSamples(r, samples, scaledTimeout(readyBase, readyPerSample, len(samples)))

	for _, s := range samples {
		// Every sample's annotations, for the references of the others.
		if err := r.get(s); err != nil {
			t.Fatal(err)
		}
	}
	ready := 0
	for _, s := range samples {
		what := sampleName(s)
		if why, ok := failed[s]; ok {
			t.Errorf("%s: %s", what, why)
			continue
		}
		ready++
		gvk, _ := apiutil.GVKForObject(s, shared.Scheme)
		id := s.GetAnnotations()[genruntime.ResourceIDAnnotation]
		put, err := acceptedPut(r, id)
		if err != nil {
			t.Errorf("%s: %v", what, err)
			continue
		}
		// A kind's PutModifier (a vault's createMode createOrRecover) changes the body before
		// the PUT: the body must be its output, and the sample's own values are checked on
		// the body with what it changed set back.
		converted := r.expectedBody(t, s, samples)
		want := r.modifiedBody(t, s, gvk.GroupKind(), id, converted)
		for _, d := range r.checkWire(t, s, samples, unmodified(t, put, converted, want)) {
			t.Errorf("%s: %s", what, d)
		}
		if !jsonEqual([]byte(put), want) {
			t.Errorf("%s: armfake received\n  %s\nConvertToARM of the sample (then the kind's PutModifier) is\n  %s", what, put, want)
		}
		if st := reflect.ValueOf(s).Elem().FieldByName("Status").FieldByName("Id"); st.IsValid() && (st.IsNil() || st.Elem().String() == "") {
			t.Errorf("%s: status.id is empty: status was not filled from Azure", what)
		}
		if _, uuidNamed := s.(genruntime.AzureNameDefaulter); uuidNamed {
			// A kind Azure names by a GUID (role assignments and definitions, ...): Azure Service
			// Operator's name for it, computed here from the seed written out: the owner
			// (group/kind:namespace/name), then kind/group and namespace/name.
			owner := s.Owner()
			seed := owner.Group + "/" + owner.Kind + ":" + r.ns + "/" + owner.Name + ":" + gvk.Kind + "/" + gvk.Group + ":" + r.ns + "/" + s.GetName()
			want := uuid.NewSHA1(uuid.MustParse("9a329043-7ad7-4b1c-812f-9c7a93d6392a"), []byte(seed)).String()
			if s.AzureName() != want || !strings.HasSuffix(id, "/"+want) {
				t.Errorf("%s: azureName %q, resource ID %s; want the UUIDv5 %s", what, s.AzureName(), id, want)
			}
		}
		if gvk.Kind == "ResourceGroup" && gvk.Version == "v1api20200601" {
			// The hub is a newer version: the PUT goes with the api-version the sample is written in.
			if q := r.requests("PUT", id); len(q) != 1 || q[0].APIVersion != "2020-06-01" {
				t.Errorf("the resource group was not PUT with the api-version of the version it was written in: %+v", q)
			}
		}
	}

	if len(failed) == 0 {
		for _, l := range unsentSecrets(r, inputs) {
			t.Error(l)
		}
	}

	left := deleteTreeReport(t, r, samples, scaledTimeout(deleteBase, deletePerSample, len(samples)))
	for _, l := range left {
		t.Error(l)
	}
	if ids := r.srv.ResourceIDs(); len(ids) != 0 {
		t.Errorf("armfake still holds %v", ids)
	}
	fmt.Printf("samples: kinds=%d samples=%d ready=%d deleted=%d seconds=%.0f\n",
		len(kinds), len(samples), ready, len(samples)-len(left), time.Since(began).Seconds())
}

// unsentSecrets names each value of a sample's Secret that no PUT carried to Azure: a Secret
// beside a sample is there for the resource to read (by key, or whole for a map of secrets such
// as protectedSettings), so a value left behind is a sample, or a kind, that does not read it.
func unsentSecrets(r *run, inputs []client.Object) []string {
	var bodies []string
	for _, q := range r.srv.Requests() {
		if q.Method == "PUT" {
			bodies = append(bodies, q.Body)
		}
	}
	var out []string
	for _, in := range inputs {
		s, ok := in.(*corev1.Secret)
		if !ok {
			continue
		}
		for _, k := range slices.Sorted(maps.Keys(s.StringData)) {
			v, _ := json.Marshal(s.StringData[k])
			quoted := string(v)
			if !slices.ContainsFunc(bodies, func(b string) bool { return strings.Contains(b, quoted) }) {
				out = append(out, fmt.Sprintf("Secret %s key %s: no PUT carried its value to Azure", s.Name, k))
			}
		}
	}
	return out
}

// expectedBody is ConvertToARM of the sample, with references, secrets and the name resolved
// as the operator should resolve them: from the cluster, independently of the resolver.
func (r *run) expectedBody(t *testing.T, s genruntime.ARMMetaObject, samples []genruntime.ARMMetaObject) []byte {
	spec := reflect.ValueOf(s).Elem().FieldByName("Spec").Addr().Interface().(genruntime.ToARMConverter)
	resolved := genruntime.ConvertToARMResolvedDetails{Name: s.AzureName(),
		ResolvedReferences: map[genruntime.ResourceReference]string{},
		ResolvedSecrets:    map[genruntime.SecretReference]string{},
		ResolvedSecretMaps: map[genruntime.SecretMapReference]map[string]string{},
		ResolvedConfigMaps: map[genruntime.ConfigMapReference]string{},
	}
	if resolved.Name == "" {
		resolved.Name = s.GetName()
	}
	found := resolver.Collect(spec)
	for _, ref := range found.References {
		if ref.IsDirectARMReference() {
			continue
		}
		for _, o := range samples {
			gvk, err := apiutil.GVKForObject(o, shared.Scheme)
			if err != nil {
				t.Fatal(err)
			}
			if gvk.Group == ref.Group && gvk.Kind == ref.Kind && o.GetName() == ref.Name {
				resolved.ResolvedReferences[ref] = o.GetAnnotations()[genruntime.ResourceIDAnnotation]
			}
		}
	}
	for _, ref := range found.Secrets {
		var secret corev1.Secret
		if err := shared.Client.Get(context.Background(), client.ObjectKey{Namespace: r.ns, Name: ref.Name}, &secret); err != nil {
			t.Fatal(err)
		}
		resolved.ResolvedSecrets[ref] = string(secret.Data[ref.Key])
	}
	for _, ref := range found.SecretMaps {
		var secret corev1.Secret
		if err := shared.Client.Get(context.Background(), client.ObjectKey{Namespace: r.ns, Name: ref.Name}, &secret); err != nil {
			t.Fatal(err)
		}
		m := make(map[string]string, len(secret.Data))
		for k, v := range secret.Data {
			m[k] = string(v)
		}
		resolved.ResolvedSecretMaps[ref] = m
	}
	for _, ref := range found.ConfigMaps {
		var cm corev1.ConfigMap
		if err := shared.Client.Get(context.Background(), client.ObjectKey{Namespace: r.ns, Name: ref.Name}, &cm); err != nil {
			t.Fatal(err)
		}
		resolved.ResolvedConfigMaps[ref] = cm.Data[ref.Key]
	}
	payload, err := spec.ConvertToARM(resolved)
	if err != nil {
		t.Fatalf("ConvertToARM of %s: %v", s.GetName(), err)
	}
	body, err := json.Marshal(payload)
	if err != nil {
		t.Fatal(err)
	}
	return body
}

// deleteTree deletes the resource group of the samples and then, as the cluster's garbage
// collector does (the test cluster runs an API server but no controller manager), every object
// whose owner is gone: with background propagation the collector deletes a dependent only once
// its owner has left the API server, which here is once the operator has deleted it in Azure
// and removed its finalizer. Then it waits until all are gone, every finalizer removed by the
// operator, and fails naming those that are not.
func deleteTree(t *testing.T, r *run, objs []genruntime.ARMMetaObject) {
	t.Helper()
	if left := deleteTreeReport(t, r, objs, 3*time.Minute); len(left) != 0 {
		t.Fatalf("still there after deleting the resource group:\n  %s", strings.Join(left, "\n  "))
	}
}
