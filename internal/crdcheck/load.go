package crdcheck

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"sigs.k8s.io/yaml"
)

// LoadDir reads the CRDs of every *.yaml file under dir, sub-directories included (the
// generator writes crds/<group>/<plural>.yaml), in path order. kustomization.yaml files are
// kustomize's, not CRDs, and are skipped. A file may hold several YAML documents; errors name
// the file and document.
func LoadDir(dir string) ([]*apiextv1.CustomResourceDefinition, error) {
	var paths []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && filepath.Ext(p) == ".yaml" && d.Name() != "kustomization.yaml" {
			paths = append(paths, p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(paths)
	var out []*apiextv1.CustomResourceDefinition
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		crds, err := Decode(p, data)
		if err != nil {
			return nil, err
		}
		out = append(out, crds...)
	}
	return out, nil
}

// Decode reads every CRD in a YAML stream; name says where the stream came from in errors.
// Decoding is strict (unknown and duplicate fields are errors), as kubectl's default
// server-side field validation would be, so a misspelt CRD field is not silently dropped.
func Decode(name string, data []byte) ([]*apiextv1.CustomResourceDefinition, error) {
	var out []*apiextv1.CustomResourceDefinition
	err := eachDocument(data, func(i int, doc []byte) error {
		var crd apiextv1.CustomResourceDefinition
		if err := yaml.UnmarshalStrict(doc, &crd); err != nil {
			return err
		}
		if gvk := crd.GroupVersionKind(); gvk != apiextv1.SchemeGroupVersion.WithKind("CustomResourceDefinition") {
			return fmt.Errorf("holds %q %q, not an apiextensions.k8s.io/v1 CustomResourceDefinition", crd.APIVersion, crd.Kind)
		}
		out = append(out, &crd)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return out, nil
}

// eachDocument calls f with each non-empty document of a YAML stream (documents holding only
// comments or "---" are skipped, as kubectl skips them), numbered from 1.
func eachDocument(data []byte, f func(i int, doc []byte) error) error {
	r := utilyaml.NewYAMLReader(bufio.NewReader(bytes.NewReader(data)))
	for i := 1; ; i++ {
		doc, err := r.Read()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("document %d: %w", i, err)
		}
		var probe any
		if err := yaml.Unmarshal(doc, &probe); err != nil {
			return fmt.Errorf("document %d: %w", i, err)
		}
		if probe == nil {
			continue
		}
		if err := f(i, doc); err != nil {
			return fmt.Errorf("document %d: %w", i, err)
		}
	}
}
