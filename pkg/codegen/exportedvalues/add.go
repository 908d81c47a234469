// Package exportedvalues adds to each resource the values the operator can write to the
// cluster for it: $azureGeneratedSecrets become spec.operatorSpec.secrets (one optional
// SecretDestination per value) and $generatedConfigs spec.operatorSpec.configMaps (one
// ConfigMapDestination per value), and the resource records where each value is read (the GET
// response or a list action, and a wire path), which the generated Exporter methods give the
// operator. The generator finds a secret from its name alone in the swagger, so a new resource
// with keys needs a config line, not code.
package exportedvalues

import (
	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/consumed"
	"github.com/armgen/armgen/pkg/codegen/loader"
	"github.com/armgen/armgen/pkg/codegen/selection"
)

// Result is the type graph with the exported values added.
type Result struct {
	Definitions astmodel.Definitions
	// Read are the config paths of the settings read, for consumed.Settings.
	Read []string
}

// Add adds the exported values of every export; its spec, status and operatorSpec types must
// exist (add-resource-properties).
func Add(cfg *config.Config, corpus *loader.Corpus, versions selection.Versions, exps selection.Exports, defs astmodel.Definitions) (Result, error) {
	w := &walker{corpus: corpus}
	var read []string
	var changed []astmodel.Definition
	for _, e := range exps {
		if e.Config == nil {
			continue
		}
		read = append(read, consumed.Paths(e.Config.Path, "$azureGeneratedSecrets", "$generatedConfigs")...)
		if len(e.Config.AzureGeneratedSecrets) == 0 && len(e.Config.GeneratedConfigs) == 0 {
			continue
		}
		var docs []*loader.Document
		for _, v := range versions {
			if v.Pkg == e.Pkg {
				docs = append(docs, v.Docs...)
			}
		}
		name := e.Name()
		r := defs[name].Type.(*astmodel.ResourceType).With()
		var err error
		if r.AzureGeneratedSecrets, err = w.secrets(cfg, e, docs); err != nil {
			return Result{}, err
		}
		if r.GeneratedConfigs, err = configs(cfg, defs, r, e.Config.GeneratedConfigs); err != nil {
			return Result{}, err
		}
		opName := e.Pkg.TypeName(astmodel.OperatorSpecName(e.Kind))
		op := defs[opName].Type.(*astmodel.ObjectType)
		if len(r.AzureGeneratedSecrets) > 0 {
			n := e.Pkg.TypeName(astmodel.OperatorSecretsName(e.Kind))
			changed = append(changed, destinations(n, e.Kind, r.AzureGeneratedSecrets, astmodel.SecretDestinationType, "Secret"))
			op = op.WithProperties(&astmodel.Property{Name: "Secrets", JSONName: "secrets", Type: astmodel.OptionalType{Element: n},
				Description: "where to write the secrets Azure generates for the resource, each a key of a Secret"})
		}
		if len(r.GeneratedConfigs) > 0 {
			n := e.Pkg.TypeName(astmodel.OperatorConfigMapsName(e.Kind))
			changed = append(changed, destinations(n, e.Kind, r.GeneratedConfigs, astmodel.ConfigMapDestinationType, "ConfigMap"))
			op = op.WithProperties(&astmodel.Property{Name: "ConfigMaps", JSONName: "configMaps", Type: astmodel.OptionalType{Element: n},
				Description: "where to write values of the resource that others read, each a key of a ConfigMap"})
		}
		changed = append(changed, defs[name].WithType(r), defs[opName].WithType(op))
	}
	return Result{Definitions: defs.With(changed...), Read: read}, nil
}

// destinations is the type of spec.operatorSpec.secrets (or configMaps): one optional
// destination per value, named as the value.
func destinations(name astmodel.TypeName, kind string, values []astmodel.ExportedValue, dest astmodel.TypeName, store string) astmodel.Definition {
	props := make([]*astmodel.Property, len(values))
	for i, v := range values {
		from := "the resource, at " + v.Path
		if v.Action != "" {
			from = "the response of " + v.Action + ", at " + v.Path
		}
		props[i] = &astmodel.Property{
			Name: astmodel.ExportedName(v.Name), JSONName: v.Name, Type: astmodel.OptionalType{Element: dest},
			Description: "the " + store + " key to write " + v.Name + " to, which the operator reads from " + from,
		}
	}
	return astmodel.Definition{
		Name:        name,
		Description: "the values of " + kind + " the operator can write to " + store + "s",
		Type:        astmodel.NewObjectType(props...),
	}
}
