// Package resourceprops adds what every Azure Service Operator resource carries beside its ARM
// shape: spec.azureName (with the validations of the name parameter, or a fixed name for a
// singleton), spec.owner (the resource group, the parent resource, or for an extension resource
// any resource), spec.operatorSpec and status.conditions. A swagger property of one of those
// names is renamed first (reserved.go), never replaced.
package resourceprops

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/consumed"
	"github.com/armgen/armgen/pkg/codegen/loader"
	"github.com/armgen/armgen/pkg/codegen/selection"
)

// Result is the type graph with the properties added.
type Result struct {
	Definitions astmodel.Definitions
	// Read are the config paths of the settings read ($defaultAzureName), for consumed.Settings.
	Read []string
}

// Add adds the properties every exported resource carries; the spec and status types of each
// export must exist (split-spec-status). $defaultAzureName: uuid makes the azureName of a
// resource default to a stable UUID (see genruntime.AzureNameDefaulter).
func Add(cfg *config.Config, defs astmodel.Definitions, exps selection.Exports) (Result, error) {
	var changed []astmodel.Definition
	var read []string
	for _, e := range exps {
		name := e.Name()
		r := defs[name].Type.(*astmodel.ResourceType).With()
		spec := defs[r.Spec].Type.(*astmodel.ObjectType)
		status := defs[r.Status].Type.(*astmodel.ObjectType)
		var err error

		if e.Config != nil {
			read = append(read, consumed.Paths(e.Config.Path, "$defaultAzureName", "$importable")...)
			r.DefaultAzureName = e.Config.DefaultAzureName
			r.NotImportable = e.Config.NotImportable
		}
		var props []*astmodel.Property
		if fixed := fixedName(e.Resource); fixed != "" {
			if r.DefaultAzureName != "" {
				return Result{}, config.NewError(cfg, e.Config.Path+".$defaultAzureName", e.Config.Pos,
					fmt.Sprintf("%s is a singleton, always named %s; remove the setting", e.Kind, fixed), "")
			}
			r.FixedAzureName = fixed
		} else {
			az := azureNameProperty(e.Resource)
			if r.DefaultAzureName == astmodel.DefaultAzureNameUUID {
				az.Description = "the name of the resource in Azure; when empty, the operator sets it to a UUID made from metadata.name, " +
					"the namespace, the kind and the owner (metadata.name itself when it is a UUID), as Azure Service Operator does"
			}
			props = append(props, az)
		}
		if owner := ownerProperty(e, exps, r); owner != nil {
			props = append(props, owner)
		}
		opSpec := e.Pkg.TypeName(astmodel.OperatorSpecName(e.Kind))
		props = append(props, &astmodel.Property{
			Name: "OperatorSpec", JSONName: "operatorSpec", Type: astmodel.OptionalType{Element: opSpec},
			Description: "settings for the operator itself, not sent to Azure",
		})
		spec, err = makeRoom(cfg, e, spec)
		if err != nil {
			return Result{}, err
		}
		status, err = makeRoom(cfg, e, status)
		if err != nil {
			return Result{}, err
		}
		if spec, err = spec.WithNewProperties(props...); err != nil {
			return Result{}, fmt.Errorf("%s: %w", r.Spec, err)
		}
		if status, err = status.WithNewProperties(&astmodel.Property{
			Name: "Conditions", JSONName: "conditions", Type: astmodel.ArrayType{Element: astmodel.ConditionType},
			Description: "the observed state of the resource, the Ready condition first among them",
		}); err != nil {
			return Result{}, fmt.Errorf("%s: %w", r.Status, err)
		}
		changed = append(changed,
			defs[name].WithType(r),
			defs[r.Spec].WithType(spec),
			defs[r.Status].WithType(status),
			operatorSpecDefinition(opSpec))
	}
	return Result{Definitions: defs.With(changed...), Read: read}, nil
}

// fixedName is the only name a singleton resource can have (blobServices/default), if so.
func fixedName(r *loader.Resource) string {
	if r.FixedName != "" {
		return r.FixedName
	}
	if p := r.NameParameter; len(p.Enum) == 1 {
		if v, ok := p.Enum[0].(string); ok {
			return v
		}
	}
	return ""
}

func azureNameProperty(r *loader.Resource) *astmodel.Property {
	p := r.NameParameter
	var v astmodel.Validations
	if p.Pattern != "" {
		v.Pattern = validPattern(p.Pattern)
	}
	v.MinLength, v.MaxLength = p.MinLength, p.MaxLength
	return &astmodel.Property{
		Name: "AzureName", JSONName: "azureName", Type: astmodel.NewValidated(astmodel.StringType, v),
		Description: "the name of the resource in Azure; when empty, metadata.name is used",
		Source:      r.File + "#/paths/" + r.Path,
	}
}

// ownerProperty points a resource at the Kubernetes resource that owns it: the resource group,
// the parent resource, or for extension resources any resource at all.
func ownerProperty(e *selection.Export, exps selection.Exports, r *astmodel.ResourceType) *astmodel.Property {
	res := e.Resource
	prop := &astmodel.Property{Name: "Owner", JSONName: "owner", Required: true}
	switch {
	case res.Scope == astmodel.ScopeExtension && res.ParentARMType() == "":
		prop.Type = astmodel.OptionalType{Element: astmodel.ArbitraryOwnerReferenceType}
		prop.Description = "the resource this extension resource applies to, by Kubernetes group, kind and name or by ARM ID"
		return prop
	case res.ParentARMType() != "":
		r.OwnerGroup, r.OwnerKind = e.Pkg.FullGroup(), parentKind(e, exps)
	case res.Scope == astmodel.ScopeResourceGroup:
		r.OwnerGroup, r.OwnerKind = "resources"+astmodel.GroupSuffix, "ResourceGroup"
	default:
		return nil // subscription, tenant and management group resources have no owner
	}
	prop.Type = astmodel.OptionalType{Element: astmodel.KnownResourceReferenceType}
	prop.Tags = []astmodel.Tag{{Key: "group", Value: r.OwnerGroup}, {Key: "kind", Value: r.OwnerKind}}
	prop.Description = "the " + r.OwnerKind + " this resource belongs to, by Kubernetes name or by ARM ID"
	return prop
}

// parentKind is the kind of a child's parent: as exported (renames included) when it is
// exported in the same version, else by the naming rule.
func parentKind(e *selection.Export, exps selection.Exports) string {
	parent := e.Resource.ParentARMType()
	for _, o := range exps {
		if o.Pkg == e.Pkg && strings.EqualFold(o.Resource.ARMType, parent) {
			return o.Kind
		}
	}
	segs := e.Resource.Segments[:len(e.Resource.Segments)-1]
	kind := loader.KindName(segs)
	// A rename configured for the parent in this version applies even when it is not exported.
	if ptc := e.Version.Type(kind); ptc != nil && ptc.ExportAs != "" {
		return ptc.ExportAs
	}
	return kind
}

func operatorSpecDefinition(name astmodel.TypeName) astmodel.Definition {
	exprs := astmodel.ArrayType{Element: astmodel.OptionalType{Element: astmodel.DestinationExpressionType}}
	return astmodel.Definition{
		Name:        name,
		Description: "settings for the operator: values of the resource to export into ConfigMaps and Secrets",
		Type: astmodel.NewObjectType(
			&astmodel.Property{Name: "ConfigMapExpressions", JSONName: "configMapExpressions", Type: exprs,
				Description: "CEL expressions whose results are written to ConfigMaps"},
			&astmodel.Property{Name: "SecretExpressions", JSONName: "secretExpressions", Type: exprs,
				Description: "CEL expressions whose results are written to Secrets"},
		),
	}
}

// validPattern keeps a name pattern only when the API server can compile it.
func validPattern(p string) string {
	if _, err := regexp.Compile(p); err != nil {
		return ""
	}
	return p
}
