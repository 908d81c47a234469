// Package storage derives storage versions: the twin of every API version's types that the API
// server can store whatever any version held, with a property bag for what it lacks.
package storage

import (
	"fmt"
	"runtime"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/workers"
)

// Twins derives the storage twin of every API version: a copy of each of its
// definitions in the version's storage package, where
//   - every property is optional to the API server: no Required markers and no validations
//     (a storage version must hold whatever any version held), while Go pointers stay as they
//     are so that values convert exactly;
//   - enums are plain strings (or their base type), so a value another version added survives;
//   - unions are plain objects (their one-of validation would reject a property bag), and no
//     object keeps its CEL rules;
//   - every object carries a PropertyBag for what other versions have and this one lacks;
//   - below the resource, types and properties carry no documentation: users read and write the
//     API versions, and the storage version's schema would otherwise double the size of every
//     CRD, pushing the large ones over what kubectl apply can store.
//   - the spec of every resource records the API version the user wrote (originalVersion),
//     which the operator converts back to before it talks to Azure.
func Twins(defs astmodel.Definitions) astmodel.Definitions {
	specs := make(map[astmodel.TypeName]bool)
	var api []astmodel.Definition
	for n, d := range defs {
		if !n.Package.IsAPIVersion() {
			continue
		}
		api = append(api, d)
		if r, ok := d.Type.(*astmodel.ResourceType); ok {
			specs[r.Spec] = true
		}
	}
	// Each twin depends on its API definition and defs alone: derive them in parallel, in
	// chunks, while the copy of defs is made; the map that holds them is the same whatever the
	// order they are derived in.
	twins := make([]astmodel.Definition, len(api))
	has := make([]bool, len(api))
	parts := runtime.GOMAXPROCS(0)
	chunk := (len(api) + parts - 1) / parts
	var g workers.Group
	for start := 0; start < len(api); start += chunk {
		end := min(start+chunk, len(api))
		g.Go(func() error {
			for i := start; i < end; i++ {
				twin, ok := storageTwin(defs, api[i])
				if o, isObject := twin.Type.(*astmodel.ObjectType); ok && isObject && specs[api[i].Name] {
					twin.Type = o.WithProperties(astmodel.NewOriginalVersionProperty())
				}
				twins[i], has[i] = twin, ok
			}
			return nil
		})
	}
	out := make(astmodel.Definitions, 2*len(defs))
	for n, d := range defs {
		out[n] = d
	}
	_ = g.Wait() // the workers return no error; a panic in one is raised here
	for i, twin := range twins {
		if has[i] {
			out[twin.Name] = twin
		}
	}
	return out
}

// storageTwin returns the storage counterpart of an API definition; enums have none, as storage
// types refer to their base type instead.
func storageTwin(defs astmodel.Definitions, d astmodel.Definition) (astmodel.Definition, bool) {
	name := d.Name.Package.StorageTwin().TypeName(d.Name.Name)
	twin := astmodel.Definition{Name: name, Description: d.Description, Source: d.Source,
		Origin: astmodel.Origin{Derivation: astmodel.StorageTwin, From: d.Name}}
	switch t := d.Type.(type) {
	case astmodel.EnumType:
		return twin, false
	case *astmodel.ResourceType:
		r := t.With()
		r.Spec = r.Spec.Package.StorageTwin().TypeName(r.Spec.Name)
		r.Status = r.Status.Package.StorageTwin().TypeName(r.Status.Name)
		r.IsStorageVersion = false // create-conversion-graph marks the hub
		twin.Type = r
		twin.Description = storageDescription(d.Name) + ", " + d.Description
	case *astmodel.ObjectType:
		props := make([]*astmodel.Property, 0, len(t.Properties())+1)
		for _, p := range t.Properties() {
			c := p.Copy()
			c.Type = storageType(defs, p.Type)
			c.Required = false
			c.Description = ""
			props = append(props, c)
		}
		props = append(props, propertyBagProperty(t))
		o := t.WithOnlyProperties(props)
		o.OneOf, o.Rules = false, nil
		twin.Type = o
		twin.Description = storageDescription(d.Name)
	default:
		twin.Type = storageType(defs, t)
		twin.Description = storageDescription(d.Name)
	}
	return twin, true
}

// storageType rewrites a type for a storage package: references to API types become references
// to their twins, enums become their base type, validations go.
func storageType(defs astmodel.Definitions, t astmodel.Type) astmodel.Type {
	return astmodel.Rewrite(t, func(t astmodel.Type) astmodel.Type {
		switch x := t.(type) {
		case astmodel.ValidatedType:
			return x.Element
		case astmodel.TypeName:
			if !x.Package.IsAPI() || x.Package.Storage {
				return x
			}
			if e, ok := defs[x].Type.(astmodel.EnumType); ok {
				return e.Base
			}
			return x.Package.StorageTwin().TypeName(x.Name)
		}
		return t
	})
}

// propertyBagProperty is the field that keeps what a storage type has no field for; the
// PropertyBag type documents it.
func propertyBagProperty(o *astmodel.ObjectType) *astmodel.Property {
	name := astmodel.PropertyBagName
	for i := 2; ; i++ {
		if _, taken := o.Property(name); !taken {
			break
		}
		name = fmt.Sprintf("%s%d", astmodel.PropertyBagName, i)
	}
	return &astmodel.Property{Name: name, JSONName: astmodel.PropertyBagJSONName, Type: astmodel.PropertyBagType}
}

func storageDescription(api astmodel.TypeName) string {
	return "Storage version of " + api.Package.Version + "." + api.Name
}
