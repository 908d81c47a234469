package crd

import (
	"fmt"
	"strings"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// bigCRD makes a CRD whose size is mostly descriptions, in spec and in status.
func bigCRD(props int, desc string) *apiextv1.CustomResourceDefinition {
	return bigCRD2(props, desc, desc)
}

func bigCRD2(props int, specDesc, statusDesc string) *apiextv1.CustomResourceDefinition {
	obj := func(desc string) apiextv1.JSONSchemaProps {
		s := apiextv1.JSONSchemaProps{Type: "object", Description: desc, Properties: map[string]apiextv1.JSONSchemaProps{}}
		for i := range props {
			s.Properties[fmt.Sprintf("p%d", i)] = apiextv1.JSONSchemaProps{Type: "string", Description: desc}
		}
		return s
	}
	root := apiextv1.JSONSchemaProps{Type: "object", Description: "Root.", Properties: map[string]apiextv1.JSONSchemaProps{"spec": obj(specDesc), "status": obj(statusDesc)}}
	return &apiextv1.CustomResourceDefinition{Spec: apiextv1.CustomResourceDefinitionSpec{Versions: []apiextv1.CustomResourceDefinitionVersion{
		{Name: "v1", Schema: &apiextv1.CustomResourceValidation{OpenAPIV3Schema: &root}},
	}}}
}

func TestMarshalKeepsSmallCRDsWhole(t *testing.T) {
	crd := bigCRD(10, "First sentence. Second sentence.")
	out, err := marshal(crd, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), "Second sentence.") || strings.Contains(string(out), "status:\n  acceptedNames") {
		t.Errorf("small CRD changed or kept its empty status:\n%s", out)
	}
}

func TestMarshalTrimsByTheRule(t *testing.T) {
	long := "First sentence. " + strings.Repeat("More words that make the description long. ", 20)
	small := Options{applyLimit: 16 << 10, hardLimit: 64 << 10}
	longFirst := strings.Repeat("A first sentence that goes on ", 5) + "and ends. " + strings.Repeat("More. ", 20)
	cases := []struct {
		name       string
		crd        *apiextv1.CustomResourceDefinition
		opts       Options
		wantMax    int
		wantFirst  bool // descriptions cut to their first sentence somewhere
		wantStatus bool // status descriptions kept
	}{
		{"first sentences suffice", bigCRD(20, long), small, small.applyLimit, true, true},
		{"status goes too", bigCRD2(60, long, longFirst), small, small.applyLimit, true, false},
		{"full descriptions keep all under the hard limit", bigCRD(20, long), Options{FullDescriptions: true, applyLimit: small.applyLimit, hardLimit: small.hardLimit}, small.hardLimit, false, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, err := marshal(c.crd, c.opts)
			if err != nil {
				t.Fatal(err)
			}
			if len(out) > c.wantMax {
				t.Errorf("%d bytes, over %d", len(out), c.wantMax)
			}
			s := string(out)
			if got := !strings.Contains(s, "More words"); got != c.wantFirst {
				t.Errorf("descriptions cut: %v, want %v", got, c.wantFirst)
			}
			statusPart := s[strings.Index(s, "status:"):]
			if got := strings.Contains(statusPart, "description:"); got != c.wantStatus {
				t.Errorf("status descriptions kept: %v, want %v", got, c.wantStatus)
			}
		})
	}
}

func TestMarshalRefusesWhatCannotFit(t *testing.T) {
	huge := bigCRD(2000, "")
	if _, err := marshal(huge, Options{applyLimit: 16 << 10, hardLimit: 64 << 10}); err == nil || !strings.Contains(err.Error(), "over the 64 KiB limit") {
		t.Errorf("got %v", err)
	}
}

func TestMarshalLoosensStorageVersionsLast(t *testing.T) {
	crd := bigCRD(600, "")
	storage := crd.Spec.Versions[0].DeepCopy()
	storage.Name = "v1storage"
	crd.Spec.Versions = append(crd.Spec.Versions, *storage)
	out, err := marshal(crd, Options{applyLimit: 64 << 10, hardLimit: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) > 64<<10 {
		t.Fatalf("%d bytes, over the limit", len(out))
	}
	s := string(out)
	if strings.Count(s, "p599:") != 2 || !strings.Contains(s, "x-kubernetes-preserve-unknown-fields: true") {
		t.Errorf("want the API version whole (spec and status) and the storage version loosened:\n%.400s", s)
	}
}
