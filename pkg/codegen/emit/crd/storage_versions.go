package crd

import (
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/armgen/armgen/pkg/astmodel"
)

// storageShape shapes the schema of one version for what the API server needs of it, and
// reports whether the version is served. Every schema costs the API server memory in proportion
// to its bytes (validators, structural schemas, OpenAPI models, etcd), and users neither read nor
// write storage versions, so a storage version carries no descriptions (kubectl explain is for
// the API versions, which keep theirs) and its spec and status accept any fields, as the size
// rule already made them for the largest kinds: what the API server stores there is what the
// conversion webhook wrote from the generated Go types, which give it its shape, and no user
// validation applies to a version users do not write. The hub (IsStorageVersion) stays served:
// the operator watches and writes its kinds at the hub. Every other storage twin is not served:
// the API server only decodes objects an earlier hub stored, and hands them to the webhook.
//
// An API version is served and keeps everything.
func storageShape(pkg astmodel.PackageReference, r *astmodel.ResourceType, schema *apiextv1.JSONSchemaProps) (served bool) {
	if !pkg.Storage {
		return true
	}
	loosen(schema, "spec", "status")
	dropDescriptions(schema)
	return r.IsStorageVersion
}

// dropDescriptions removes every description in a schema.
func dropDescriptions(s *apiextv1.JSONSchemaProps) {
	s.Description = ""
	for name, p := range s.Properties {
		dropDescriptions(&p)
		s.Properties[name] = p
	}
	if s.Items != nil && s.Items.Schema != nil {
		dropDescriptions(s.Items.Schema)
	}
	if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
		dropDescriptions(s.AdditionalProperties.Schema)
	}
}
