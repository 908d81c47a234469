package crd

import (
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/armgen/armgen/pkg/astmodel"
)

// inCRD reports whether a version of a kind is listed in its CRD: every API version, and of the
// storage versions only the one the API server stores (IsStorageVersion: the hub of a kind with
// two or more API versions), which the operator watches and writes. Any other storage twin is
// left out (an older twin, or the hub of a kind with one API version, which stores that API
// version itself): the operator converts through it in
// process (the generated ConvertTo and ConvertFrom), never through the API server, and every
// version a CRD lists costs the API server memory of its own (codecs, a storage and watch cache,
// OpenAPI routes) whether served or not. A cluster that stored objects at a twin when it was the
// hub keeps it: the operator's CRD management carries every version of status.storedVersions
// over into what it applies (internal/crdmanagement keepStoredVersions).
func inCRD(pkg astmodel.PackageReference, r *astmodel.ResourceType) bool {
	return !pkg.Storage || r.IsStorageVersion
}

// storageShape shapes the schema of one version for what the API server needs of it. Every
// schema costs the API server memory in proportion to its bytes (validators, structural
// schemas, OpenAPI models, etcd), and users neither read nor write storage versions, so a
// storage version carries no descriptions (kubectl explain is for the API versions, which keep
// theirs; the Go types keep their doc comments) and its spec and status accept any fields, as
// the size rule already made them for the largest kinds: what the API server stores there is
// what the conversion webhook wrote from the generated Go types, which give it its shape, and no
// user validation applies to a version users do not write.
//
// An API version keeps everything.
func storageShape(pkg astmodel.PackageReference, schema *apiextv1.JSONSchemaProps) {
	if !pkg.Storage {
		return
	}
	loosen(schema, "spec", "status")
	dropDescriptions(schema)
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
