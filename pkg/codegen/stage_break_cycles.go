package codegen

import (
	"context"
	"fmt"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// breakCycles removes recursion, which a CRD schema cannot express: a property that leads back
// to a type already being described points instead at an "_Unrolled" copy of that type, which
// has every property that would recurse left out. Users keep one level of the recursive shape.
func breakCycles() pipeline.Stage {
	return pipeline.MakeStage("break-cycles", "Unroll recursive types, which CRD schemas cannot express", func(ctx context.Context, s pipeline.State) (pipeline.State, error) {
		defs := s.Definitions()
		for i := 0; ; i++ {
			edge, found := findBackEdge(defs)
			if !found {
				return s.WithDefinitions(defs), nil
			}
			if i > 10_000 {
				return s, fmt.Errorf("recursion in %s.%s does not unroll", edge.from, edge.prop)
			}
			defs = unroll(defs, edge)
		}
	}, "add-resource-properties")
}

type backEdge struct {
	from astmodel.TypeName
	prop string
	to   astmodel.TypeName
}

// findBackEdge walks from every resource, in name order, and returns the first property that
// refers to a type on the current path.
func findBackEdge(defs astmodel.Definitions) (backEdge, bool) {
	const (
		white = iota
		grey
		black
	)
	colour := make(map[astmodel.TypeName]int)
	var found backEdge
	var visit func(n astmodel.TypeName) bool
	visit = func(n astmodel.TypeName) bool {
		colour[n] = grey
		if obj, ok := defs[n].Type.(*astmodel.ObjectType); ok {
			for _, p := range obj.Properties() {
				for _, ref := range astmodel.References(p.Type) {
					if _, ok := defs[ref]; !ok {
						continue
					}
					switch colour[ref] {
					case grey:
						found = backEdge{from: n, prop: p.Name, to: ref}
						return true
					case white:
						if visit(ref) {
							return true
						}
					}
				}
			}
		} else {
			for _, ref := range astmodel.References(defs[n].Type) {
				if _, ok := defs[ref]; ok && colour[ref] == white && visit(ref) {
					return true
				}
			}
		}
		colour[n] = black
		return false
	}
	for _, d := range defs.Resources() {
		if visit(d.Name) {
			return found, true
		}
	}
	return backEdge{}, false
}

// unroll points the edge's property at the unrolled copy of its target, creating the copy.
func unroll(defs astmodel.Definitions, e backEdge) astmodel.Definitions {
	unrolled := e.to.WithName(e.to.Name + "_Unrolled")
	var changed []astmodel.Definition
	if _, ok := defs[unrolled]; !ok {
		target := defs[e.to]
		obj := target.Type.(*astmodel.ObjectType)
		var keep []*astmodel.Property
		for _, p := range obj.Properties() {
			if !astmodel.Reachable(defs, astmodel.References(p.Type))[e.to] {
				keep = append(keep, p)
			}
		}
		u := obj.WithOnlyProperties(keep)
		u.OneOf = false
		changed = append(changed, astmodel.Definition{Name: unrolled, Type: u, Description: target.Description, Source: target.Source})
	}
	from := defs[e.from]
	obj := from.Type.(*astmodel.ObjectType)
	p, _ := obj.Property(e.prop)
	np := p.WithType(astmodel.RenameReferences(p.Type, map[astmodel.TypeName]astmodel.TypeName{e.to: unrolled}))
	changed = append(changed, from.WithType(obj.WithProperties(np)))
	return defs.With(changed...)
}

