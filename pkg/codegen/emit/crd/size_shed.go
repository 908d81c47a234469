package crd

import (
	"encoding/json"
	"slices"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// shedSpec is the last step of the size rule, for a CRD still over the hard limit once every
// description is gone and storage versions and status accept any fields: an object schema below
// an API version's spec accepts any fields in its place (x-kubernetes-preserve-unknown-fields),
// so the API server keeps every value the Go type holds and only stops validating that part.
// It takes the smallest object whose schema is at least the excess (so as little as possible
// loses validation), else the largest, and repeats until the CRD fits. Data Factory's pipeline
// needs it: one Activity union inlines two copies of a 93-variant CopySource union.
func shedSpec(crd *apiextv1.CustomResourceDefinition, size, hard int) (*apiextv1.CustomResourceDefinition, []byte, error) {
	out := []byte(nil)
	for size > hard {
		whole, err := json.Marshal(crd.Spec.Versions)
		if err != nil {
			return nil, nil, err
		}
		// Sizes below are JSON; the limit is on YAML, which indents: scale the excess.
		need := (size - hard) * len(whole) / size
		var cands []candidate
		for i, v := range crd.Spec.Versions {
			if strings.HasSuffix(v.Name, "storage") || v.Schema == nil || v.Schema.OpenAPIV3Schema == nil {
				continue
			}
			spec, ok := v.Schema.OpenAPIV3Schema.Properties["spec"]
			if !ok {
				continue
			}
			collect(&spec, []string{}, i, &cands, true)
		}
		if len(cands) == 0 {
			return crd, nil, nil
		}
		pick := choose(cands, need)
		crd = crd.DeepCopy()
		root := crd.Spec.Versions[pick.version].Schema.OpenAPIV3Schema
		spec := root.Properties["spec"]
		replace(&spec, pick.path)
		root.Properties["spec"] = spec
		if out, err = marshalWithoutStatus(crd); err != nil {
			return nil, nil, err
		}
		size = len(out)
	}
	return crd, out, nil
}

type candidate struct {
	version int
	path    []string
	size    int
}

// collect lists the object schemas below s (not s itself) that have properties to give up,
// with the size of their JSON, and returns the size of s's JSON. Sizes are summed from the
// children up (jsonSize), each node encoded once: encoding every candidate whole encoded the
// deep Data Factory schemas once per enclosing object.
func collect(s *apiextv1.JSONSchemaProps, path []string, version int, out *[]candidate, top bool) int {
	slot := -1
	if !top && len(s.Properties) > 0 {
		slot = len(*out)
		*out = append(*out, candidate{version: version, path: slices.Clone(path)})
	}
	props := make(map[string]int, len(s.Properties))
	for _, name := range sortedKeys(s.Properties) {
		p := s.Properties[name]
		props[name] = collect(&p, append(path, name), version, out, false)
	}
	items, additional := -1, -1
	if s.Items != nil && s.Items.Schema != nil {
		items = collect(s.Items.Schema, append(path, "[]"), version, out, false)
	}
	if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
		additional = collect(s.AdditionalProperties.Schema, append(path, "{}"), version, out, false)
	}
	size := jsonSize(s, props, items, additional)
	if slot >= 0 {
		(*out)[slot].size = size
	}
	return size
}

func choose(cands []candidate, need int) candidate {
	slices.SortFunc(cands, func(a, b candidate) int {
		if a.size != b.size {
			return a.size - b.size
		}
		if a.version != b.version {
			return a.version - b.version
		}
		return slices.Compare(a.path, b.path)
	})
	for _, c := range cands {
		if c.size >= need {
			return c
		}
	}
	return cands[len(cands)-1]
}

// replace makes the schema at path accept any fields, keeping its description.
func replace(s *apiextv1.JSONSchemaProps, path []string) {
	if len(path) == 0 {
		*s = apiextv1.JSONSchemaProps{Type: "object", Description: s.Description, XPreserveUnknownFields: ptr(true)}
		return
	}
	switch path[0] {
	case "[]":
		replace(s.Items.Schema, path[1:])
	case "{}":
		replace(s.AdditionalProperties.Schema, path[1:])
	default:
		p := s.Properties[path[0]]
		replace(&p, path[1:])
		s.Properties[path[0]] = p
	}
}

func sortedKeys(m map[string]apiextv1.JSONSchemaProps) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
