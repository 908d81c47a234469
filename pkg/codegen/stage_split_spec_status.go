package codegen

import (
	"context"
	"fmt"
	"strings"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// splitSpecStatus derives, from the raw types of each exported resource, the spec (what a user
// may write: read-only properties dropped, secrets and ARM IDs turned into references, resources
// embedded in other resources reduced to a reference, flattened properties lifted) and the
// status (everything Azure returns, all optional, names suffixed _STATUS). Raw types are
// replaced by the result.
func splitSpecStatus() pipeline.Stage {
	return pipeline.MakeStage("split-spec-status", "Derive spec and status types from the raw types", func(ctx context.Context, s pipeline.State) (pipeline.State, error) {
		exps, _ := pipeline.Get(s, exportsKey)
		raw := s.Definitions()
		sp := &splitter{raw: raw, out: make(astmodel.Definitions), done: make(map[splitKey]astmodel.TypeName),
			building: make(map[astmodel.TypeName]bool), reserved: make(map[astmodel.TypeName]bool)}
		// Names the resources will take; types derived from the swagger must not take them.
		for _, e := range exps {
			for _, suffix := range []string{"", "List", "OperatorSpec", astmodel.SpecSuffix, astmodel.StatusSuffix} {
				sp.reserved[e.Pkg.TypeName(e.Kind+suffix)] = true
			}
		}
		for _, e := range exps {
			sp.bodies = e.Bodies
			spec := e.Pkg.TypeName(e.Kind + astmodel.SpecSuffix)
			status := e.Pkg.TypeName(e.Kind + astmodel.StatusSuffix)
			sp.root(e.Body, spec, specMode)
			sp.root(e.Response, status, statusMode)
			r := &astmodel.ResourceType{
				Spec: spec, Status: status, ARMType: e.Resource.ARMType, APIVersion: e.Resource.APIVersion,
				Scope: e.Resource.Scope, ARMURI: e.Resource.Path, SourceFile: e.Resource.File, IsStorageVersion: true,
			}
			name := e.Pkg.TypeName(e.Kind)
			sp.out[name] = astmodel.Definition{Name: name, Type: r, Description: resourceDescription(e), Source: e.Resource.File + "#" + "/paths/" + e.Resource.Path}
		}
		// Keep what is not raw (nothing, today; later stages may add packages before this one).
		for n, d := range raw {
			if _, isRaw := sp.rawPackage(n); !isRaw {
				sp.out[n] = d
			}
		}
		return s.WithDefinitions(sp.out), nil
	}, "apply-config")
}

func resourceDescription(e *export) string {
	return strings.Join([]string{
		"the Kubernetes resource for the ARM type " + e.Resource.ARMType + ", api-version " + e.Resource.APIVersion + ".",
		"Generated from: " + e.Resource.File,
		"ARM URI: " + e.Resource.Path,
	}, "\n")
}

type splitMode int

const (
	specMode splitMode = iota
	statusMode
)

type splitKey struct {
	raw  astmodel.TypeName
	mode splitMode
}

type splitter struct {
	raw    astmodel.Definitions
	bodies map[astmodel.TypeName]bool
	out    astmodel.Definitions
	done   map[splitKey]astmodel.TypeName
	// building holds the objects under construction, which cannot be flattened yet.
	building map[astmodel.TypeName]bool
	// reserved are the names of resources and their spec, status, list and operator types.
	reserved map[astmodel.TypeName]bool
}

// claim returns a free name for a derived type, preferring name; a name a resource needs, or
// one another type already has, gets a Type suffix (numbered if need be).
func (sp *splitter) claim(name astmodel.TypeName) astmodel.TypeName {
	free := func(n astmodel.TypeName) bool {
		_, used := sp.out[n]
		return !used && !sp.reserved[n]
	}
	if free(name) {
		return name
	}
	for i := 1; ; i++ {
		n := name.WithName(fmt.Sprintf("%sType", name.Name))
		if i > 1 {
			n = name.WithName(fmt.Sprintf("%sType%d", name.Name, i))
		}
		if free(n) {
			return n
		}
	}
}

func (sp *splitter) rawPackage(n astmodel.TypeName) (astmodel.Definition, bool) {
	if !n.Package.IsAPI() {
		return astmodel.Definition{}, false
	}
	d, ok := sp.raw[n]
	return d, ok
}

// root builds the spec or status object of a resource under the given name.
func (sp *splitter) root(raw, name astmodel.TypeName, m splitMode) {
	d := sp.raw[raw]
	obj := d.Type.(*astmodel.ObjectType)
	sp.out[name] = astmodel.Definition{Name: name, Type: sp.object(obj, m, true), Description: d.Description, Source: d.Source}
}

// named returns the spec or status counterpart of a raw named type, building it on first use.
func (sp *splitter) named(raw astmodel.TypeName, m splitMode) astmodel.TypeName {
	if n, ok := sp.done[splitKey{raw, m}]; ok {
		return n
	}
	d := sp.raw[raw]
	suffix := ""
	if m == statusMode {
		suffix = astmodel.StatusSuffix
	}
	if obj, ok := d.Type.(*astmodel.ObjectType); ok && sp.bodies[raw] {
		if stub, ok := sp.stub(raw, obj, m, suffix); ok {
			return stub
		}
	}
	name := sp.claim(raw.WithName(raw.Name + suffix))
	sp.done[splitKey{raw, m}] = name
	switch t := d.Type.(type) {
	case *astmodel.ObjectType:
		// Placeholder first: recursive types refer back to the name while it is being built.
		sp.building[name] = true
		sp.out[name] = astmodel.Definition{Name: name, Type: astmodel.NewObjectType(), Description: d.Description, Source: d.Source}
		sp.out[name] = astmodel.Definition{Name: name, Type: sp.object(t, m, false), Description: d.Description, Source: d.Source}
		delete(sp.building, name)
	default:
		sp.out[name] = astmodel.Definition{Name: name, Type: t, Description: d.Description, Source: d.Source}
	}
	return name
}

// stub reduces a resource embedded in another resource to its ID: the embedded resource is
// managed on its own, and its full shape would repeat (often recursively) inside its neighbours.
func (sp *splitter) stub(raw astmodel.TypeName, obj *astmodel.ObjectType, m splitMode, suffix string) (astmodel.TypeName, bool) {
	id, ok := obj.PropertyByJSON("id")
	if !ok {
		return astmodel.TypeName{}, false
	}
	name := sp.claim(raw.WithName(raw.Name + suffix + "_SubResourceEmbedded"))
	sp.done[splitKey{raw, m}] = name
	p := id.Copy()
	p.ReadOnly, p.Required = false, false
	props := []*astmodel.Property{p}
	if m == specMode {
		props[0] = referenceProperty(p)
		// A writable name lets a child be declared inline by its parent (a load balancer's
		// backendAddressPools[].name), as ARM allows.
		if n, ok := obj.PropertyByJSON("name"); ok && !n.ReadOnly && astmodel.Unwrap(n.Type) == astmodel.StringType {
			props = append(props, n.Copy())
		}
	}
	d := sp.raw[raw]
	sp.out[name] = astmodel.Definition{Name: name, Type: astmodel.NewObjectType(props...), Description: d.Description, Source: d.Source}
	return name, true
}

// object converts the properties of a raw object for one side.
func (sp *splitter) object(o *astmodel.ObjectType, m splitMode, top bool) *astmodel.ObjectType {
	var props []*astmodel.Property
	for _, p := range o.Properties() {
		if m == specMode && (p.ReadOnly || top && isARMIdentity(p.ARMName)) {
			continue
		}
		if m == statusMode && (p.Secret || passwordLike(p.ARMName) && astmodel.Unwrap(p.Type) == astmodel.StringType) {
			continue // Azure never returns secrets
		}
		np := p.Copy()
		np.Type = sp.convert(p.Type, m)
		if m == statusMode {
			np.Required = false
		} else {
			np = specProperty(np)
		}
		props = append(props, np)
	}
	props = sp.flatten(props, top)
	out := o.WithOnlyProperties(props)
	return out
}

// isARMIdentity tells the properties ARM sets on every resource; spec has azureName instead.
func isARMIdentity(armName string) bool {
	return armName == "id" || armName == "name" || armName == "type"
}

// convert rewrites references to raw types into their counterparts on one side.
func (sp *splitter) convert(t astmodel.Type, m splitMode) astmodel.Type {
	return astmodel.Rewrite(t, func(t astmodel.Type) astmodel.Type {
		if n, ok := t.(astmodel.TypeName); ok {
			if _, raw := sp.rawPackage(n); raw {
				return sp.named(n, m)
			}
		}
		return t
	})
}

// specProperty turns secrets into secret references and ARM IDs into resource references.
func specProperty(p *astmodel.Property) *astmodel.Property {
	isString := astmodel.Unwrap(p.Type) == astmodel.StringType
	switch {
	case (p.Secret || passwordLike(p.ARMName)) && isString:
		p.Type = astmodel.OptionalType{Element: astmodel.SecretReferenceType}
		return p
	case p.ARMReference || p.ARMName == "id" && isString && !p.NotARMReference:
		return referenceProperty(p)
	}
	return p
}

// passwordLike tells credential inputs that specs often forget to mark x-ms-secret
// (adminPassword, servicePrincipalProfile.secret, serverAppSecret): a Kubernetes user keeps
// them in a Secret, never in the resource.
func passwordLike(armName string) bool {
	n := strings.ToLower(armName)
	return strings.HasSuffix(n, "password") || strings.HasSuffix(n, "secret")
}

// referenceProperty makes an ARM ID property (or a list of them) a resource reference, renamed
// the way ASO does (id -> reference, subnetId -> subnetReference, ids -> references).
func referenceProperty(p *astmodel.Property) *astmodel.Property {
	switch t := astmodel.Unwrap(p.Type).(type) {
	case astmodel.PrimitiveType:
		if t != astmodel.StringType {
			return p
		}
		p.Type = astmodel.OptionalType{Element: astmodel.ResourceReferenceType}
	case astmodel.ArrayType:
		if astmodel.Unwrap(t.Element) != astmodel.StringType {
			return p
		}
		p.Type = astmodel.ArrayType{Element: astmodel.ResourceReferenceType}
	default:
		return p
	}
	p.ARMReference = true
	name := p.Name
	switch {
	case strings.HasSuffix(name, "Ids"):
		name = strings.TrimSuffix(name, "Ids") + "References"
	case strings.HasSuffix(name, "Id"):
		name = strings.TrimSuffix(name, "Id") + "Reference"
	case strings.HasSuffix(name, "ID"):
		name = strings.TrimSuffix(name, "ID") + "Reference"
	default:
		name += "Reference"
	}
	return p.WithName(name, astmodel.JSONName(name))
}
