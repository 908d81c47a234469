package astmodel

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
)

// Storage versions and conversions, as data. Stages decide them; the Go emitter renders them.
//
// Every API version of a resource has a storage twin (same name, package StorageTwin()). One
// storage version per kind is the hub, the version the API server stores. An API resource
// converts to the hub through its storage twin; a storage resource that is not the hub converts
// to the hub directly. Conversions between two object types are AssignProperties methods declared
// on the type nearer the API version (Self), one for each direction.

// PropertyBagName and PropertyBagJSONName name the field of storage types that keeps what the
// type has no field for. The JSON name is what identifies it: no swagger property can take it,
// while a swagger property may well be called PropertyBag in Go, and the bag then takes another
// Go name.
const (
	PropertyBagName     = "PropertyBag"
	PropertyBagJSONName = "$propertyBag"
)

// PropertyBag returns the property bag field of an object, if it has one.
func (o *ObjectType) PropertyBag() (*Property, bool) {
	return o.PropertyByJSON(PropertyBagJSONName)
}

// IsPropertyBag reports whether p is an object's property bag field.
func (p *Property) IsPropertyBag() bool { return p.JSONName == PropertyBagJSONName }

// GroupKind identifies a resource across its versions: the short group (network) and the kind.
type GroupKind struct{ Group, Kind string }

func (gk GroupKind) String() string { return gk.Group + "/" + gk.Kind }

// KindVersions are the versions of one kind and how they convert.
type KindVersions struct {
	GroupKind
	// Hub is the storage resource every other version converts to and from.
	Hub TypeName
	// Resources are every version of the kind, API and storage, in package order.
	Resources []TypeName
}

// ConversionGraph says, for every resource, which resource it converts to on its way to the hub.
// Treat it as immutable once built.
type ConversionGraph struct {
	kinds map[GroupKind]*KindVersions
	next  map[TypeName]TypeName
	hubOf map[TypeName]TypeName
}

// NewConversionGraph returns an empty graph.
func NewConversionGraph() *ConversionGraph {
	return &ConversionGraph{kinds: map[GroupKind]*KindVersions{}, next: map[TypeName]TypeName{}, hubOf: map[TypeName]TypeName{}}
}

// AddKind records the versions of a kind: each API resource's storage twin, and the hub. It
// fails when the hub is not one of the storage twins.
func (g *ConversionGraph) AddKind(gk GroupKind, twins map[TypeName]TypeName, hub TypeName) error {
	kv := &KindVersions{GroupKind: gk, Hub: hub}
	found := false
	for api, storage := range twins {
		kv.Resources = append(kv.Resources, api, storage)
		g.next[api] = storage
		g.hubOf[api] = hub
		g.hubOf[storage] = hub
		if storage == hub {
			found = true
		} else {
			g.next[storage] = hub
		}
	}
	if !found {
		return fmt.Errorf("%s: hub %s is not the storage twin of any version", gk, hub)
	}
	slices.SortFunc(kv.Resources, compareTypeNames)
	g.kinds[gk] = kv
	return nil
}

// Next returns the resource n converts to on its way to the hub; false for the hub itself and
// for names the graph does not know.
func (g *ConversionGraph) Next(n TypeName) (TypeName, bool) {
	if g == nil {
		return TypeName{}, false
	}
	t, ok := g.next[n]
	return t, ok
}

// Hub returns the hub of n's kind.
func (g *ConversionGraph) Hub(n TypeName) (TypeName, bool) {
	if g == nil {
		return TypeName{}, false
	}
	t, ok := g.hubOf[n]
	return t, ok
}

// IsHub reports whether n is the hub of its kind.
func (g *ConversionGraph) IsHub(n TypeName) bool {
	h, ok := g.Hub(n)
	return ok && h == n
}

// Kinds returns every kind, sorted.
func (g *ConversionGraph) Kinds() []*KindVersions {
	if g == nil {
		return nil
	}
	out := slices.Collect(maps.Values(g.kinds))
	slices.SortFunc(out, func(a, b *KindVersions) int { return strings.Compare(a.String(), b.String()) })
	return out
}

// KindOf returns the versions of the kind a resource belongs to.
func (g *ConversionGraph) KindOf(resource TypeName) (*KindVersions, bool) {
	if g == nil {
		return nil, false
	}
	kv, ok := g.kinds[GroupKind{Group: resource.Package.Group, Kind: resource.Name}]
	return kv, ok
}

// Dump lists each kind with its hub and the path of every version, for --debug-stage.
func (g *ConversionGraph) Dump(w io.Writer) error {
	for _, kv := range g.Kinds() {
		if _, err := fmt.Fprintf(w, "%s hub=%s\n", kv, kv.Hub); err != nil {
			return err
		}
		for _, r := range kv.Resources {
			if next, ok := g.Next(r); ok {
				if _, err := fmt.Fprintf(w, "  %s -> %s\n", r, next); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

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
