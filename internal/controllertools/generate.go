package controllertools

import (
	"bytes"
	"fmt"
	"io"
	"sync"

	"sigs.k8s.io/controller-tools/pkg/crd"
	"sigs.k8s.io/controller-tools/pkg/genall"
	"sigs.k8s.io/controller-tools/pkg/loader"
)

// GenerateCRDs runs controller-gen's CRD generator over the packages matching patterns, as
// `controller-gen crd:allowDangerousTypes=true paths=...` would (floats are allowed, as ARM uses
// them), and returns the files it would write, by name (group_plural.yaml). Unlike Session.CRDs,
// this is the generator's whole output, after its own post-processing (attribution annotation,
// metadata schema reset, status removed), so tests compare with what users of controller-gen get.
func GenerateCRDs(patterns ...string) (map[string][]byte, error) {
	allow := true
	var gen genall.Generator = crd.Generator{AllowDangerousTypes: &allow}
	gens := genall.Generators{&gen}
	rt, err := gens.ForRoots(patterns...)
	if err != nil {
		return nil, err
	}
	out := &memoryOutput{files: make(map[string]*bytes.Buffer)}
	rt.OutputRules = genall.OutputRules{Default: out}
	var errs bytes.Buffer
	rt.ErrorWriter = &errs
	if rt.Run() {
		return nil, fmt.Errorf("controller-gen crd failed:\n%s", errs.String())
	}
	files := make(map[string][]byte, len(out.files))
	for name, b := range out.files {
		files[name] = b.Bytes()
	}
	return files, nil
}

// memoryOutput keeps what a generator writes instead of writing files.
type memoryOutput struct {
	mu    sync.Mutex
	files map[string]*bytes.Buffer
}

func (m *memoryOutput) Open(_ *loader.Package, itemPath string) (io.WriteCloser, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.files[itemPath]; ok {
		return nil, fmt.Errorf("%s written twice", itemPath)
	}
	b := &bytes.Buffer{}
	m.files[itemPath] = b
	return nopCloser{b}, nil
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }
