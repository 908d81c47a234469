// Package specstatus derives, from the raw types of each exported resource, its spec (what a
// user may write: read-only properties dropped, secrets and ARM IDs turned into references,
// resources embedded in other resources reduced to a reference, flattened properties lifted)
// and its status (everything Azure returns, all optional, names suffixed _STATUS). One file per
// rule: flatten.go, secrets.go, references.go, embedded.go, names.go.
package specstatus

import (
	"strings"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/selection"
)

// Split replaces the raw types of the exported resources by their spec and status types, and
// adds a resource definition per export.
func Split(raw astmodel.Definitions, exps selection.Exports) astmodel.Definitions {
	shared := newSplitter(raw, nil)
	for _, e := range exps {
		shared.reserve(e)
	}
	kinds := exportedKinds(exps)
	out, ok := splitPerPackage(shared, exps, kinds)
	if !ok {
		sp := newSplitter(raw, shared)
		sp.exports(exps, kinds)
		out = sp.out
	}
	// Keep what is not raw (nothing, today; later stages may add packages before this one).
	for n, d := range raw {
		if _, isRaw := shared.rawPackage(n); !isRaw {
			out[n] = d
		}
	}
	return out
}

// newSplitter returns a splitter over raw with nothing built yet, sharing the reserved names of
// names (read only from then on), or reserving its own if names is nil.
func newSplitter(raw astmodel.Definitions, names *splitter) *splitter {
	sp := &splitter{raw: raw, out: make(astmodel.Definitions), done: make(map[splitKey]astmodel.TypeName),
		building: make(map[astmodel.TypeName]bool), reserved: make(map[astmodel.TypeName]bool),
		groupKinds: make(map[string]map[string]bool),
		keyed:      make(map[astmodel.PackageReference]astmodel.TypeName)}
	if names != nil {
		sp.reserved, sp.groupKinds = names.reserved, names.groupKinds
	}
	return sp
}

// exports builds the spec, status and resource definitions of exps, in order.
func (sp *splitter) exports(exps selection.Exports, kinds map[string]bool) {
	for _, e := range exps {
		sp.bodies = e.Bodies
		sp.own = sp.ownChildrenOf(e, kinds)
		spec := e.Pkg.TypeName(e.Kind + astmodel.SpecSuffix)
		status := e.Pkg.TypeName(e.Kind + astmodel.StatusSuffix)
		sp.root(e.Body, spec, specMode)
		sp.root(e.Response, status, statusMode)
		r := &astmodel.ResourceType{
			Spec: spec, Status: status, ARMType: e.Resource.ARMType, APIVersion: e.Resource.APIVersion,
			Scope: e.Resource.Scope, ARMURI: e.Resource.Path, SourceFile: e.Resource.File, IsStorageVersion: true,
			NoDelete: e.Resource.NoDelete,
		}
		name := e.Name()
		sp.out[name] = astmodel.Definition{Name: name, Type: r, Description: resourceDescription(e), Source: e.Resource.File + "#" + "/paths/" + e.Resource.Path}
	}
}

func resourceDescription(e *selection.Export) string {
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
	// context is the ARM type of the resource a type was built for, when it holds that
	// resource's own children whole (own_children.go); "" for a type built alike everywhere.
	context string
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
	// groupKinds are the kinds exported in each group (by short group name), whatever their
	// version: names no type of the group may take (names.go).
	groupKinds map[string]map[string]bool
	// keyed holds, per package, the item type of the lists that are maps on the wire.
	keyed map[astmodel.PackageReference]astmodel.TypeName
	// own is what the resource being built keeps whole of its children, nil inside a kept child
	// and in the types that lead to none.
	own *ownChildren
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
	sp.out[name] = astmodel.Definition{Name: name, Type: sp.object(obj, m, true, name), Description: d.Description, Source: d.Source}
}

// named returns the spec or status counterpart of a raw named type, building it on first use.
func (sp *splitter) named(raw astmodel.TypeName, m splitMode) astmodel.TypeName {
	key := splitKey{raw, m, sp.own.context(raw)}
	if n, ok := sp.done[key]; ok {
		return n
	}
	d := sp.raw[raw]
	suffix := ""
	if m == statusMode {
		suffix = astmodel.StatusSuffix
	}
	if obj, ok := d.Type.(*astmodel.ObjectType); ok && sp.bodies[raw] && !sp.own.keeps(raw) {
		if stub, ok := sp.stub(raw, obj, m, suffix); ok {
			return stub
		}
	}
	// What this type holds is built as the key says: for the resource (a type leading to its
	// children), or alike everywhere (a kept child's insides, and every other type).
	saved := sp.own
	if key.context == "" || sp.own.keeps(raw) {
		sp.own = nil
	}
	defer func() { sp.own = saved }()
	name := sp.claim(raw.WithName(raw.Name + suffix))
	sp.done[key] = name
	def := astmodel.Definition{Name: name, Type: d.Type, Description: d.Description, Source: d.Source, Origin: d.Origin}
	if e, ok := d.Type.(astmodel.EnumType); ok && m == statusMode {
		e.Reported = true
		def = def.WithType(e)
	}
	if t, ok := d.Type.(*astmodel.ObjectType); ok {
		// Placeholder first: recursive types refer back to the name while it is being built.
		sp.building[name] = true
		sp.out[name] = def.WithType(astmodel.NewObjectType())
		def = def.WithType(sp.object(t, m, false, name))
		delete(sp.building, name)
	}
	sp.out[name] = def
	return name
}

// object converts the properties of a raw object for one side; top is set for the spec or
// status object of a resource.
func (sp *splitter) object(o *astmodel.ObjectType, m splitMode, top bool, holder astmodel.TypeName) *astmodel.ObjectType {
	var props []*astmodel.Property
	for _, p := range o.Properties() {
		if m == specMode && (p.ReadOnly || p.RemovedFromSpec != "" || top && isARMIdentity(p.ARMName)) || m == statusMode && leftOutOfStatus(p) {
			continue
		}
		np := p.Copy()
		np.Type = sp.convert(p.Type, m)
		if m == specMode && sp.emptyStub(np.Type) {
			continue
		}
		if m == statusMode {
			np.Required, np.ImportConfigMap = false, "" // Azure returns the value itself
			props = append(props, np)
			continue
		}
		if np.ImportConfigMap != "" {
			// A value read from a ConfigMap is a plain string whatever its name suggests.
			props = append(props, configMapProperties(np)...)
			continue
		}
		props = append(props, sp.userAssignedIdentities(specProperty(np), holder))
	}
	out := o.WithOnlyProperties(astmodel.UniqueNames(sp.flatten(props)))
	if m == statusMode && out.OneOf {
		out = reported(out)
	}
	if m == specMode {
		out.Rules = astmodel.ConfigMapPairRules(out)
	}
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
	if isSecret(p) {
		return secretProperty(p)
	}
	if isSecretMap(p) {
		return secretMapProperty(p)
	}
	if why := referenceReason(p); why != "" {
		return referenceProperty(p, why)
	}
	return p
}
