package armtypes

import (
	"cmp"
	"fmt"
	"iter"
	"maps"
	"slices"
	"strconv"

	"github.com/armgen/armgen/pkg/astmodel"
)

// wireObject collects the fields of one wire type. Envelopes collect them from every property
// flattened out of them, possibly from several containers, so fields are merged by name.
type wireObject struct {
	fields                            []wireField
	oneOf                             bool
	discriminator, discriminatorValue string
}

type wireField struct {
	// name is the Go field; wire the JSON name; armName what Property.ARMName records (for a
	// union's variant, the discriminator and its value).
	name, wire, armName string
	t                   astmodel.Type
	// variant marks a union's variant; other the variant that keeps one the union does not know.
	variant, other bool
	// extraKeys marks the map of keys beyond the declared ones, inline on the wire.
	extraKeys bool
}

// add adds the field for a wire name, or checks that the one already there has the same type,
// and returns its Go name: ExportedName of the wire name, numbered when another wire name (one
// differing only in case, say) already took it.
func (w *wireObject) add(wire, armName string, t astmodel.Type) (string, error) {
	return w.addNamed(astmodel.ARMFieldName(wire), wire, armName, t)
}

// addNamed is add with the Go name to start from.
func (w *wireObject) addNamed(name, wire, armName string, t astmodel.Type) (string, error) {
	for _, f := range w.fields {
		if f.wire != wire {
			continue
		}
		if f.t.String() != t.String() {
			return "", fmt.Errorf("wire property %q is %s in one place and %s in another", wire, f.t, t)
		}
		return f.name, nil
	}
	base := name
	for i := 2; w.taken(name); i++ {
		name = base + strconv.Itoa(i)
	}
	w.fields = append(w.fields, wireField{name: name, wire: wire, armName: armName, t: t})
	return name, nil
}

// markVariant marks the field of Go name name as one of the union's variants (other: the one
// that keeps a variant the union does not know).
func (w *wireObject) markVariant(name string, other bool) {
	for i := range w.fields {
		if w.fields[i].name == name {
			w.fields[i].variant, w.fields[i].other = true, other
		}
	}
}

// markExtraKeys marks the field of Go name name as the map of the object's undeclared keys.
func (w *wireObject) markExtraKeys(name string) {
	for i := range w.fields {
		if w.fields[i].name == name {
			w.fields[i].extraKeys = true
		}
	}
}

func (w *wireObject) taken(name string) bool {
	return slices.ContainsFunc(w.fields, func(f wireField) bool { return f.name == name }) || slices.Contains(astmodel.WireMethods, name)
}

// definition renders the wire object as a definition of name.
func (w *wireObject) definition(name astmodel.TypeName) astmodel.Definition {
	props := make([]*astmodel.Property, len(w.fields))
	for i, f := range w.fields {
		props[i] = &astmodel.Property{Name: f.name, JSONName: f.wire, ARMName: f.armName, Type: f.t, Variant: f.variant, OtherVariant: f.other, ExtraKeys: f.extraKeys}
	}
	obj := astmodel.NewObjectType(props...)
	obj.OneOf, obj.Discriminator, obj.DiscriminatorValue = w.oneOf, w.discriminator, w.discriminatorValue
	return astmodel.Definition{Name: name, Type: obj}
}

func mapKeys[K comparable, V any](m map[K]V) iter.Seq[K] { return maps.Keys(m) }

func compareNames(a, b astmodel.TypeName) int {
	if c := cmp.Compare(a.Package.Path, b.Package.Path); c != 0 {
		return c
	}
	return cmp.Compare(a.Name, b.Name)
}
