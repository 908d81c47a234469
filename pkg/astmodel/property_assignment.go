package astmodel

import (
	"fmt"
	"io"
	"maps"
	"slices"
)

// ValueConversionKind says how a value of one type becomes a value of another.
type ValueConversionKind int

const (
	// ConvertAssign: the types are the same and assignment copies everything.
	ConvertAssign ValueConversionKind = iota
	// ConvertCast: scalars whose Go types differ only by name (an enum and its base): To(x).
	ConvertCast
	// ConvertDeepCopy: the same external struct type, copied with its DeepCopy method.
	ConvertDeepCopy
	// ConvertOptional, ConvertSlice, ConvertMap: pointers, slices and maps whose elements
	// convert by Element; nil stays nil.
	ConvertOptional
	ConvertSlice
	ConvertMap
	// ConvertObject: objects, through an AssignProperties method (see Method, OnDestination).
	ConvertObject
)

// ValueConversion is how a value of type From becomes a value of type To.
type ValueConversion struct {
	Kind ValueConversionKind
	// From and To are the types as Go spells them (validations make no difference).
	From, To Type
	// Element converts the pointee, the slice items or the map values.
	Element *ValueConversion
	// Method is the AssignProperties method that converts objects. It is declared on the
	// destination type (AssignProperties_From_X(source)) when OnDestination is set, else on the
	// source type (AssignProperties_To_X(destination)).
	Method        string
	OnDestination bool
}

func (v *ValueConversion) String() string {
	switch v.Kind {
	case ConvertAssign:
		return "assign"
	case ConvertCast:
		return "cast to " + v.To.String()
	case ConvertDeepCopy:
		return "deepcopy"
	case ConvertOptional:
		return "optional(" + v.Element.String() + ")"
	case ConvertSlice:
		return "slice(" + v.Element.String() + ")"
	case ConvertMap:
		return "map(" + v.Element.String() + ")"
	case ConvertObject:
		return v.Method
	}
	return "?"
}

// AssignmentStep is one property of a property assignment: a property of Self, of Other, or of
// both. Where both have it and the values convert, From and To say how; otherwise the value
// travels in the property bag of the side that lacks a field for it, under the property's JSON
// name, and comes back out of it on the return trip.
type AssignmentStep struct {
	Self, Other *Property
	// From converts Other's value into Self's, To the reverse; both nil when they do not convert.
	From, To *ValueConversion
}

// Name is the Go name of the property the step assigns, on whichever side has it.
func (s AssignmentStep) Name() string {
	if s.Self != nil {
		return s.Self.Name
	}
	return s.Other.Name
}

// Converts reports whether the step assigns directly rather than through a property bag.
func (s AssignmentStep) Converts() bool { return s.From != nil && s.To != nil }

// PropertyAssignment plans the two methods of Self that convert to and from Other:
// Self.<FromMethod>(source *Other) and Self.<ToMethod>(destination *Other).
type PropertyAssignment struct {
	Self, Other          TypeName
	FromMethod, ToMethod string
	// SelfBag and OtherBag are the Go names of the property bag fields of the two sides, empty
	// for a side without one.
	SelfBag, OtherBag string
	// Resource is set when Self and Other are resources: their spec and status convert, their
	// object metadata is copied.
	Resource bool
	// OriginalVersion, set between an API version's resource and its storage twin, is the
	// version the To method records in the storage spec's original version field.
	OriginalVersion string
	// Steps are in the order of Self's properties, then Other's properties that Self lacks.
	Steps []AssignmentStep
}

// Conversions holds every planned property assignment, by the type that declares it.
type Conversions struct {
	Graph   *ConversionGraph
	bySelf  map[TypeName][]*PropertyAssignment
	byOther map[TypeName][]*PropertyAssignment
}

// NewConversions returns a plan over graph with no assignments yet.
func NewConversions(graph *ConversionGraph) *Conversions {
	return &Conversions{Graph: graph, bySelf: map[TypeName][]*PropertyAssignment{}, byOther: map[TypeName][]*PropertyAssignment{}}
}

// Add records an assignment.
func (c *Conversions) Add(a *PropertyAssignment) {
	c.bySelf[a.Self] = append(c.bySelf[a.Self], a)
	c.byOther[a.Other] = append(c.byOther[a.Other], a)
}

// Towards returns the assignments that convert with n from the other side (declared on other
// types), sorted by the type that declares them.
func (c *Conversions) Towards(n TypeName) []*PropertyAssignment {
	if c == nil {
		return nil
	}
	out := slices.Clone(c.byOther[n])
	slices.SortStableFunc(out, func(a, b *PropertyAssignment) int { return compareTypeNames(a.Self, b.Self) })
	return out
}

// Of returns the assignments declared on a type, in the order they were added.
func (c *Conversions) Of(n TypeName) []*PropertyAssignment {
	if c == nil {
		return nil
	}
	return c.bySelf[n]
}

// Between returns the assignment declared on self that converts with other.
func (c *Conversions) Between(self, other TypeName) (*PropertyAssignment, bool) {
	for _, a := range c.Of(self) {
		if a.Other == other {
			return a, true
		}
	}
	return nil, false
}

// Len is the number of planned assignments.
func (c *Conversions) Len() int {
	n := 0
	for _, as := range c.bySelf {
		n += len(as)
	}
	return n
}

// Dump lists every assignment and its steps, for --debug-stage.
func (c *Conversions) Dump(w io.Writer) error {
	names := slices.Collect(maps.Keys(c.bySelf))
	slices.SortFunc(names, compareTypeNames)
	for _, n := range names {
		for _, a := range c.bySelf[n] {
			if _, err := fmt.Fprintf(w, "%s <-> %s\n", a.Self, a.Other); err != nil {
				return err
			}
			for _, s := range a.Steps {
				var line string
				switch {
				case s.Converts():
					line = fmt.Sprintf("  %s <- %s: %s / %s", s.Self.Name, s.Other.Name, s.From, s.To)
				case s.Self != nil && s.Other != nil:
					line = fmt.Sprintf("  %s ~ %s: property bag both ways", s.Self.Name, s.Other.Name)
				case s.Self != nil:
					line = fmt.Sprintf("  %s: only here; property bag of %s", s.Self.Name, a.Other.Name)
				default:
					line = fmt.Sprintf("  %s: only there; property bag of %s", s.Other.Name, a.Self.Name)
				}
				if _, err := fmt.Fprintln(w, line); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
