package crdmanagement

import (
	"fmt"
	"io/fs"
	"sync"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"

	"github.com/armgen/armgen/generated/crds"
)

// Entry names one CRD the operator carries and the file holding it.
type Entry struct {
	Group, Kind, Name, File string
}

// Catalog is the CRDs the operator carries: an index read without decoding anything, and the
// files, decoded only when a CRD is to be compared or applied (a few of ~230 at most starts).
type Catalog struct {
	Entries []Entry
	Files   fs.FS

	mu      sync.Mutex
	decoded map[string]*apiextv1.CustomResourceDefinition
}

// Embedded is the catalog of the CRDs generated/crds embeds.
func Embedded() *Catalog {
	entries := make([]Entry, len(crds.Index))
	for i, e := range crds.Index {
		entries[i] = Entry{Group: e.Group, Kind: e.Kind, Name: e.Name, File: e.File}
	}
	return &Catalog{Entries: entries, Files: crds.FS}
}

// GroupKinds lists the group and kind of every entry.
func (c *Catalog) GroupKinds() [][2]string {
	out := make([][2]string, len(c.Entries))
	for i, e := range c.Entries {
		out[i] = [2]string{e.Group, e.Kind}
	}
	return out
}

// Groups lists the API groups of the catalog, sorted as the index is (by file, so by group).
func (c *Catalog) Groups() []string {
	var out []string
	for _, e := range c.Entries {
		if len(out) == 0 || out[len(out)-1] != e.Group {
			out = append(out, e.Group)
		}
	}
	return out
}

// CRD decodes e's file, once; callers get a copy to change.
func (c *Catalog) CRD(e Entry) (*apiextv1.CustomResourceDefinition, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if got, ok := c.decoded[e.Name]; ok {
		return got.DeepCopy(), nil
	}
	data, err := fs.ReadFile(c.Files, e.File)
	if err != nil {
		return nil, fmt.Errorf("the operator's CRD %s: %w", e.Name, err)
	}
	var crd apiextv1.CustomResourceDefinition
	if err := yaml.UnmarshalStrict(data, &crd); err != nil {
		return nil, fmt.Errorf("the operator's CRD %s (%s): %w", e.Name, e.File, err)
	}
	if crd.Name != e.Name || crd.Spec.Group != e.Group || crd.Spec.Names.Kind != e.Kind {
		return nil, fmt.Errorf("the operator's CRD file %s holds %s (%s/%s), its index says %s (%s/%s)", e.File, crd.Name, crd.Spec.Group, crd.Spec.Names.Kind, e.Name, e.Group, e.Kind)
	}
	if c.decoded == nil {
		c.decoded = map[string]*apiextv1.CustomResourceDefinition{}
	}
	c.decoded[e.Name] = &crd
	return crd.DeepCopy(), nil
}
