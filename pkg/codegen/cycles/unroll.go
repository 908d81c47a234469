// Package cycles breaks recursion in the type graph.
package cycles

import (
	"context"
	"maps"

	"github.com/armgen/armgen/pkg/astmodel"
)

// Break removes recursion, which a CRD schema cannot express: a property that leads back to a
// type already being described points instead at an "_Unrolled" copy of that type, which has
// every property that would recurse left out. Users keep one level of the recursive shape. The
// copy of a discriminated union stays a union of the variants that do not recurse. Where the copy
// would be larger than UnrolledBudget the recursive property holds arbitrary JSON instead
// (recorded in its provenance as ByCycleDepth), so nothing below it is lost either.
func Break(ctx context.Context, defs astmodel.Definitions) (astmodel.Definitions, error) {
	u := &unroller{
		defs:   maps.Clone(defs),
		colour: make(map[astmodel.TypeName]int),
		target: make(map[astmodel.TypeName]astmodel.TypeName),
	}
	for _, d := range defs.Resources() {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		u.visit(d.Name)
	}
	return u.defs, nil
}

const (
	white = iota
	grey
	black
)

// unroller walks the graph depth first from each resource, in name order, and redirects every
// edge that goes back to a type on the current path (a back edge: a cycle) as it finds it. A
// depth-first walk that meets no back edge has seen an acyclic graph, so one walk suffices.
type unroller struct {
	defs   astmodel.Definitions
	colour map[astmodel.TypeName]int
	// target is, per recursive type, what a property leading back to it points at instead: its
	// _Unrolled copy, or JSON when the copy is over budget.
	target map[astmodel.TypeName]astmodel.TypeName
}

func (u *unroller) visit(n astmodel.TypeName) {
	u.colour[n] = grey
	d := u.defs[n]
	if obj, ok := d.Type.(*astmodel.ObjectType); ok {
		for _, p := range obj.Properties() {
			current := p
			for _, ref := range astmodel.References(p.Type) {
				if _, ok := u.defs[ref]; !ok {
					continue
				}
				if u.colour[ref] == grey {
					target := u.cut(ref, current.Variant)
					current = current.WithType(astmodel.RenameReferences(current.Type, map[astmodel.TypeName]astmodel.TypeName{ref: target}))
					if target == astmodel.JSONType {
						current.Provenance.JSON = astmodel.ByCycleDepth
					}
					obj = obj.WithProperties(current)
					u.defs[n] = d.WithType(obj)
					ref = target
				}
				if _, ok := u.defs[ref]; ok && u.colour[ref] == white {
					u.visit(ref)
				}
			}
		}
	} else {
		for _, ref := range astmodel.References(d.Type) {
			if _, ok := u.defs[ref]; ok && u.colour[ref] == white {
				u.visit(ref)
			}
		}
	}
	u.colour[n] = black
}

// cut decides what a property leading back to t points at. A union's variant property must
// stay an object, so it always gets the copy.
func (u *unroller) cut(t astmodel.TypeName, variant bool) astmodel.TypeName {
	if target, ok := u.target[t]; ok {
		if target == astmodel.JSONType && variant {
			return u.unrolled(t)
		}
		return target
	}
	name := u.unrolled(t)
	if !variant && inlinedSize(u.defs, name, UnrolledBudget) > UnrolledBudget {
		delete(u.defs, name)
		u.target[t] = astmodel.JSONType
		return astmodel.JSONType
	}
	u.target[t] = name
	return name
}

// unrolled returns the copy of t without the properties that lead back to t, making it once. The
// copy's Origin lists what it leaves out, so the cut is recorded where it is made.
func (u *unroller) unrolled(t astmodel.TypeName) astmodel.TypeName {
	name := astmodel.UnrolledName(t)
	if _, ok := u.defs[name]; ok {
		return name
	}
	target := u.defs[t]
	obj := target.Type.(*astmodel.ObjectType)
	var keep, cut []*astmodel.Property
	for _, p := range obj.Properties() {
		if astmodel.Reachable(u.defs, astmodel.References(p.Type))[t] {
			cut = append(cut, p)
		} else {
			keep = append(keep, p)
		}
	}
	copied := obj.WithOnlyProperties(keep)
	// The copy of a union is still a union of the variants it keeps: on the wire a value is
	// exactly one variant, written as that variant with its discriminator. Only a copy left with
	// no variant at all has nothing to choose from and becomes a plain object.
	copied.OneOf = obj.OneOf && len(copied.Variants()) > 0
	if !copied.OneOf {
		copied.Rules = nil
	}
	u.defs[name] = astmodel.Definition{Name: name, Type: copied, Description: target.Description, Source: target.Source,
		Origin: astmodel.Origin{Derivation: astmodel.Unrolled, From: t, LeftOut: cut}}
	return name
}
