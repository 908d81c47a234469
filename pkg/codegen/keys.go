// Package codegen holds the generation pipeline: its stages (one file each), the side data they
// pass along, and the run that writes the output.
package codegen

import (
	"fmt"
	"io"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/loader"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// Side data passed between stages.
var (
	configKey   = pipeline.NewKey[*config.Config]("config")
	specRootKey = pipeline.NewKey[string]("spec-root")
	indexKey    = pipeline.NewKey[*loader.Index]("spec-index")
	corpusKey   = pipeline.NewKey[*loader.Corpus]("corpus")
	versionsKey = pipeline.NewKey[[]*apiVersion]("api-versions")
	filesKey    = pipeline.NewKey[Files]("files")
	// allKey selects every resource type of the spec root instead of the configured ones.
	allKey      = pipeline.NewKey[bool]("all")
	coverageKey = pipeline.NewKey[*Coverage]("coverage")
	// fullDescriptionsKey keeps every description in CRDs over the kubectl apply limit.
	fullDescriptionsKey = pipeline.NewKey[bool]("full-descriptions")
	exportsKey          = pipeline.NewKey[exports]("exports")
	// consumedKey holds the config settings some stage read; see consume.
	consumedKey = pipeline.NewKey[consumedSettings]("consumed-settings")
	// docsKey holds the generated documentation, relative to the docs folder.
	docsKey = pipeline.NewKey[Files]("docs")
	// conversionGraphKey holds each kind's hub and how every version reaches it.
	conversionGraphKey = pipeline.NewKey[*astmodel.ConversionGraph]("conversion-graph")
	// conversionsKey holds the planned AssignProperties methods between versions.
	conversionsKey = pipeline.NewKey[*astmodel.Conversions]("conversions")
)

// apiVersion is one configured group/api-version with what was found for it.
type apiVersion struct {
	Config  *config.VersionConfig
	Group   string
	Pkg     astmodel.PackageReference
	Dirs    []loader.VersionDir
	Docs    []*loader.Document
	Catalog *loader.Catalogue
}

// export is one resource to generate.
type export struct {
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
}

type exports []*export

// Dump lists the exports, for --debug-stage.
func (es exports) Dump(w io.Writer) error {
	for _, e := range es {
		if _, err := fmt.Fprintf(w, "%s %s %s (%s) body=%s response=%s\n", e.Pkg, e.Kind, e.Resource.ARMType, e.Resource.Scope, e.Body.Name, e.Response.Name); err != nil {
			return err
		}
	}
	return nil
}

// Files are rendered output files keyed by path relative to the output root.
type Files map[string][]byte

// Dump lists the files and their sizes.
func (fs Files) Dump(w io.Writer) error {
	for _, p := range sortedKeys(fs) {
		if _, err := fmt.Fprintf(w, "%s %d bytes\n", p, len(fs[p])); err != nil {
			return err
		}
	}
	return nil
}
