package astmodel

import (
	"fmt"
	"io"
	"slices"
)

// ARMPlan says how the objects of API versions convert to and from their ARM wire types: for
// every object a spec or status reaches, its wire twin and where each property goes on the wire.
// The ARM types stage makes it; the Go emitter follows it, so the two cannot disagree.
type ARMPlan struct {
	objects map[TypeName]*ARMObject
}

// NewARMPlan returns an empty plan.
func NewARMPlan() *ARMPlan { return &ARMPlan{objects: make(map[TypeName]*ARMObject)} }

// Add records the plan of one API object.
func (p *ARMPlan) Add(o *ARMObject) { p.objects[o.API] = o }

// Of returns the plan of an API object, if it converts.
func (p *ARMPlan) Of(api TypeName) (*ARMObject, bool) {
	if p == nil {
		return nil, false
	}
	o, ok := p.objects[api]
	return o, ok
}

// Merge adds the objects of q, planned apart (one API package each, in parallel), reporting
// false, with p left partly merged, if both plan the same object: apart, they may have planned
// it differently.
func (p *ARMPlan) Merge(q *ARMPlan) bool {
	for api, o := range q.objects {
		if _, ok := p.objects[api]; ok {
			return false
		}
		p.objects[api] = o
	}
	return true
}

// Len is the number of objects planned.
func (p *ARMPlan) Len() int { return len(p.objects) }

// ARMSide says which way an object travels.
type ARMSide int

// The sides.
const (
	// ARMSpec objects are sent (ConvertToARM) and read back (PopulateFromARM).
	ARMSpec ARMSide = iota
	// ARMStatus objects are only read (PopulateFromARM).
	ARMStatus
)

// ARMObject is the plan of one API object.
type ARMObject struct {
	// API is the object users write or read; ARM is its wire twin.
	API, ARM TypeName
	Side     ARMSide
	// ResourceSpec marks the spec of a resource: its wire twin carries the resource's name.
	ResourceSpec bool
	// Properties are the API object's properties that go on the wire, in its order.
	Properties []ARMProperty
}

// ARMProperty places one API property on the wire.
type ARMProperty struct {
	API *Property
	// Path are the envelopes the value is nested in, outermost first (empty when the property is
	// not flattened).
	Path []ARMEnvelope
	// Field is the Go field of the innermost wire object that holds the value; Type its type.
	Field string
	Type  Type
}

// ARMEnvelope is one wire object a flattened property is nested in: the field of the object
// outside it, and its type.
type ARMEnvelope struct {
	Field string
	Type  TypeName
}

// ARMFieldName is the Go name of a wire property.
func ARMFieldName(wireName string) string { return ExportedName(wireName) }

// Dump lists, per API object, its wire twin and where each property goes, for state dumps.
func (p *ARMPlan) Dump(w io.Writer) error {
	names := make([]TypeName, 0, len(p.objects))
	for n := range p.objects {
		names = append(names, n)
	}
	slices.SortFunc(names, compareTypeNames)
	for _, n := range names {
		o := p.objects[n]
		side := "spec"
		if o.Side == ARMStatus {
			side = "status"
		}
		if _, err := fmt.Fprintf(w, "%s -> %s (%s)\n", n, o.ARM.Name, side); err != nil {
			return err
		}
		for _, q := range o.Properties {
			at := ""
			for _, e := range q.Path {
				at += e.Field + "."
			}
			if _, err := fmt.Fprintf(w, "  %s -> %s%s\n", q.API.Name, at, q.Field); err != nil {
				return err
			}
		}
	}
	return nil
}
