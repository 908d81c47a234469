package crd

import (
	"slices"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// The largest CRD of the corpus (nearly 1 MiB, trimmed step by step) was marshalled in name
// order and could start last, finishing alone on one core after every other CRD was done.
func TestCRDsAreMarshalledLargestFirst(t *testing.T) {
	desc := "A description of the property. It has a second sentence."
	crds := []*apiextv1.CustomResourceDefinition{bigCRD(5, desc), bigCRD(300, desc), bigCRD(40, desc), bigCRD(5, desc)}
	if got, want := order(largestFirst(crds)), []int{1, 2, 0, 3}; !slices.Equal(got, want) {
		t.Errorf("marshal order %v, want %v (largest first, ties in name order)", got, want)
	}
}

// The estimate only orders work, but it must follow the encoded size: within a factor of two.
func TestEstimatedSizeFollowsEncodedSize(t *testing.T) {
	for _, props := range []int{1, 30, 400} {
		crd := bigCRD(props, "A description of the property. It has a second sentence, and: a colon.")
		out, err := marshalWithoutStatus(crd)
		if err != nil {
			t.Fatal(err)
		}
		est := estimatedSize(crd.Spec.Versions[0].Schema.OpenAPIV3Schema)
		if est < len(out)/2 || est > 2*len(out) {
			t.Errorf("%d properties: estimated %d bytes, encoded %d", props, est, len(out))
		}
	}
}

func order(idx, _ []int) []int { return idx }
