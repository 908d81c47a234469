package codegen

import (
	"context"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// breakCycles removes recursion, which a CRD schema cannot express: a property that leads back
// to a type already being described points instead at an "_Unrolled" copy of that type, which
// has every property that would recurse left out. Users keep one level of the recursive shape.
func breakCycles() pipeline.Stage {
	return pipeline.MakeStage("break-cycles", "Unroll recursive types, which CRD schemas cannot express", func(ctx context.Context, s pipeline.State) (pipeline.State, error) {
		u := &unroller{
			defs:   make(astmodel.Definitions, len(s.Definitions())),
			colour: make(map[astmodel.TypeName]int),
		}
		for n, d := range s.Definitions() {
			u.defs[n] = d
		}
		for _, d := range s.Definitions().Resources() {
			if err := ctx.Err(); err != nil {
				return s, err
			}
			u.visit(d.Name)
		}
		return s.WithDefinitions(u.defs), nil
	}, "add-resource-properties")
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
					target := u.unrolled(ref)
					current = current.WithType(astmodel.RenameReferences(current.Type, map[astmodel.TypeName]astmodel.TypeName{ref: target}))
					obj = obj.WithProperties(current)
					u.defs[n] = d.WithType(obj)
					ref = target
				}
				if u.colour[ref] == white {
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

// unrolled returns the copy of t without the properties that lead back to t, making it once.
func (u *unroller) unrolled(t astmodel.TypeName) astmodel.TypeName {
	name := t.WithName(t.Name + "_Unrolled")
	if _, ok := u.defs[name]; ok {
		return name
	}
	target := u.defs[t]
	obj := target.Type.(*astmodel.ObjectType)
	var keep []*astmodel.Property
	for _, p := range obj.Properties() {
		if !astmodel.Reachable(u.defs, astmodel.References(p.Type))[t] {
			keep = append(keep, p)
		}
	}
	copied := obj.WithOnlyProperties(keep)
	copied.OneOf = false
	u.defs[name] = astmodel.Definition{Name: name, Type: copied, Description: target.Description, Source: target.Source}
	return name
}
