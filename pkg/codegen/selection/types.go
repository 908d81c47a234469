// Package selection decides what a run generates: the API versions (the configured ones, or for
// --all every api-version folder of the spec root), the resources each offers, and which of
// them are exported, with the settings that apply to each.
package selection

import (
	"fmt"
	"io"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/loader"
)

// APIVersion is one group/api-version to generate, with what was found for it so far.
type APIVersion struct {
	Config *config.VersionConfig
	Group  string
	Pkg    astmodel.PackageReference
	// Dirs are the swagger folders of the version (one per provider namespace that has it).
	Dirs []loader.VersionDir
	// Docs are the loaded swagger documents of Dirs.
	Docs []*loader.Document
	// Catalog is what discovery found in Docs.
	Catalog *loader.Catalogue
}

// Export is one resource to generate.
type Export struct {
	Resource *loader.Resource
	Config   *config.TypeConfig
	Version  *config.VersionConfig
	Pkg      astmodel.PackageReference
	// Kind is the Kubernetes kind after renames.
	Kind string
	// Body and Response are the raw types of the PUT body and the GET response.
	Body, Response astmodel.TypeName
	// Bodies are the raw body types of every resource discovered in the package, exported or not.
	Bodies map[astmodel.TypeName]bool
	// BodyTypes are the ARM types of each of Bodies (Microsoft.Network/loadBalancers/backendAddressPools),
	// which tell a resource's own children among them.
	BodyTypes map[astmodel.TypeName][]string
}

// Name is the type name of the exported resource.
func (e *Export) Name() astmodel.TypeName { return e.Pkg.TypeName(e.Kind) }

// Exports are the resources of a run, in a stable order.
type Exports []*Export

// WithoutSwagger returns copies of the exports whose resources keep no schema (see
// loader.Resource.WithoutSwagger), for the stages after the last that reads the swagger.
func (es Exports) WithoutSwagger() Exports {
	out := make(Exports, len(es))
	for i, e := range es {
		c := *e
		c.Resource = e.Resource.WithoutSwagger()
		out[i] = &c
	}
	return out
}

// Dump lists the exports, for --debug-stage.
func (es Exports) Dump(w io.Writer) error {
	for _, e := range es {
		if _, err := fmt.Fprintf(w, "%s %s %s (%s) body=%s response=%s\n", e.Pkg, e.Kind, e.Resource.ARMType, e.Resource.Scope, e.Body.Name, e.Response.Name); err != nil {
			return err
		}
	}
	return nil
}

// Versions are the API versions of a run.
type Versions []*APIVersion

// Dump lists the versions and what was found for them, for --debug-stage.
func (vs Versions) Dump(w io.Writer) error {
	for _, v := range vs {
		resources := 0
		if v.Catalog != nil {
			resources = len(v.Catalog.Resources)
		}
		if _, err := fmt.Fprintf(w, "%s %s: %d folder(s), %d document(s), %d resource(s)\n", v.Group, v.Config.APIVersion, len(v.Dirs), len(v.Docs), resources); err != nil {
			return err
		}
	}
	return nil
}
