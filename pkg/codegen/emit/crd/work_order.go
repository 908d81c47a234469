package crd

import (
	"cmp"
	"slices"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// largestFirst is the order in which to marshal CRDs: by estimated YAML size, largest first
// (ties by index, so the schedule is the same every run), with the estimates. Marshalling cost
// follows size, and more than linearly above ApplyLimit, where trimming encodes the CRD again.
func largestFirst(crds []*apiextv1.CustomResourceDefinition) (order, sizes []int) {
	sizes = make([]int, len(crds))
	idx := make([]int, len(crds))
	for i, c := range crds {
		idx[i] = i
		for _, v := range c.Spec.Versions {
			if v.Schema != nil && v.Schema.OpenAPIV3Schema != nil {
				sizes[i] += estimatedSize(v.Schema.OpenAPIV3Schema)
			}
		}
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(sizes[b], sizes[a]) })
	return idx, sizes
}

// estimatedSize approximates the YAML bytes of a schema: its descriptions plus a line or two
// per node, enum value and validation rule. Only the order it gives matters.
func estimatedSize(s *apiextv1.JSONSchemaProps) int {
	const perNode = 40
	n := perNode + len(s.Description) + len(s.Pattern) + perNode/2*len(s.Enum)
	for _, r := range s.XValidations {
		n += len(r.Rule) + len(r.Message)
	}
	for k := range s.Properties {
		p := s.Properties[k]
		n += len(k) + estimatedSize(&p)
	}
	if s.Items != nil && s.Items.Schema != nil {
		n += estimatedSize(s.Items.Schema)
	}
	if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
		n += estimatedSize(s.AdditionalProperties.Schema)
	}
	return n
}
