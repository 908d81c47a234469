package crd

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"sync"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/armgen/armgen/pkg/astmodel"
)

// wellknown.json holds the schemas of the genruntime and Kubernetes types that generated code
// uses, exactly as controller-tools derives them from their Go source; regenerate it with
// `go test ./pkg/codegen/emit/crd -run TestWellKnownSchemas -update`.
//
//go:embed wellknown.json
var wellKnownJSON []byte

var wellKnown = sync.OnceValues(func() (map[string]apiextv1.JSONSchemaProps, error) {
	var m map[string]apiextv1.JSONSchemaProps
	if err := json.Unmarshal(wellKnownJSON, &m); err != nil {
		return nil, fmt.Errorf("wellknown.json: %w", err)
	}
	return m, nil
})

// WellKnownTypes are the external types generated code may use.
var WellKnownTypes = []astmodel.TypeName{
	astmodel.KnownResourceReferenceType, astmodel.ArbitraryOwnerReferenceType, astmodel.ResourceReferenceType, astmodel.WellKnownReferenceType,
	astmodel.SecretReferenceType, astmodel.SecretMapReferenceType, astmodel.ConfigMapReferenceType, astmodel.SecretDestinationType,
	astmodel.ConfigMapDestinationType, astmodel.DestinationExpressionType, astmodel.ConditionType,
	astmodel.PropertyBagType,
}

func wellKnownSchema(n astmodel.TypeName) (apiextv1.JSONSchemaProps, error) {
	if n == astmodel.JSONType {
		return apiextv1.JSONSchemaProps{XPreserveUnknownFields: ptr(true)}, nil
	}
	m, err := wellKnown()
	if err != nil {
		return apiextv1.JSONSchemaProps{}, err
	}
	s, ok := m[n.String()]
	if !ok {
		return s, fmt.Errorf("no CRD schema for the external type %s", n)
	}
	out := s.DeepCopy()
	// wellknown.json holds each type as declared; where a CRD uses it, it is inlined.
	sortRequired(out)
	return *out, nil
}

func ptr[T any](v T) *T { return &v }
