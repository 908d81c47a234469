// Package armtypes derives the ARM wire types of every API version: for each object a resource's
// spec or status reaches, a twin in the version's arm package with the wire nesting (flattened
// properties back inside their envelopes), wire names, every property optional, references and
// secrets as the strings ARM takes, enums as their base type and no validations. It also plans,
// property by property, how each API object converts to and from its twin.
package armtypes

import (
	"fmt"
	"slices"

	"github.com/armgen/armgen/pkg/astmodel"
)

// Derive returns defs with the ARM wire types added, and the conversion plan.
func Derive(defs astmodel.Definitions) (astmodel.Definitions, *astmodel.ARMPlan, error) {
	if b, ok := derivePerPackage(defs); ok {
		return b.result()
	}
	b := newBuilder(defs)
	if err := b.resources(defs.Resources()); err != nil {
		return nil, nil, err
	}
	return b.result()
}

func newBuilder(defs astmodel.Definitions) *builder {
	return &builder{defs: defs, plan: astmodel.NewARMPlan(), out: make(map[astmodel.TypeName]*wireObject)}
}

// resources plans the spec and status of each resource of an API version, in order: an object
// reached from both takes the side of the first that reaches it.
func (b *builder) resources(rs []astmodel.Definition) error {
	for _, d := range rs {
		if !d.Name.Package.IsAPIVersion() {
			continue
		}
		r := d.Type.(*astmodel.ResourceType)
		if _, err := b.object(r.Spec, astmodel.ARMSpec, true); err != nil {
			return fmt.Errorf("%s: %w", d.Name, err)
		}
		if _, err := b.object(r.Status, astmodel.ARMStatus, false); err != nil {
			return fmt.Errorf("%s: %w", d.Name, err)
		}
	}
	return nil
}

func (b *builder) result() (astmodel.Definitions, *astmodel.ARMPlan, error) {
	made := make([]astmodel.Definition, 0, len(b.out))
	for _, n := range slices.SortedFunc(mapKeys(b.out), compareNames) {
		made = append(made, b.out[n].definition(n))
	}
	return b.defs.With(made...), b.plan, nil
}

type builder struct {
	defs astmodel.Definitions
	plan *astmodel.ARMPlan
	// out holds the wire objects made so far, envelopes included.
	out map[astmodel.TypeName]*wireObject
}

// object plans the API object api and makes its wire twin, once.
func (b *builder) object(api astmodel.TypeName, side astmodel.ARMSide, resourceSpec bool) (astmodel.TypeName, error) {
	armName := api.Package.ARMPackage().TypeName(api.Name)
	if _, done := b.plan.Of(api); done {
		return armName, nil
	}
	d, ok := b.defs[api]
	if !ok {
		return armName, fmt.Errorf("no definition %s", api)
	}
	obj, ok := d.Type.(*astmodel.ObjectType)
	if !ok {
		return armName, fmt.Errorf("%s is not an object", api)
	}
	plan := &astmodel.ARMObject{API: api, ARM: armName, Side: side, ResourceSpec: resourceSpec}
	b.plan.Add(plan) // before the properties: a type may reach itself through an unrolled copy
	root := b.wire(armName, obj)
	if resourceSpec {
		// The name comes first, so it is the field called Name.
		if _, err := root.add("name", "name", astmodel.OptionalType{Element: astmodel.StringType}); err != nil {
			return armName, err
		}
	}
	for _, p := range obj.Properties() {
		if p.ARMName == "" {
			continue // azureName, owner, operatorSpec, conditions: for the operator, not Azure
		}
		t, err := b.armType(p.Type, side)
		if err != nil {
			return armName, fmt.Errorf("%s.%s: %w", api.Name, p.Name, err)
		}
		if p.KeyedBy != "" {
			// A list of references in Kubernetes, a map keyed by their ARM IDs on the wire.
			list, ok := t.(astmodel.ArrayType)
			if !ok {
				return armName, fmt.Errorf("%s.%s: keyed by %s but not a list", api.Name, p.Name, p.KeyedBy)
			}
			t = astmodel.MapType{Key: astmodel.StringType, Value: list.Element}
		}
		holder := root
		var path []astmodel.ARMEnvelope
		if len(p.FlattenedVia) != len(p.FlattenedFrom) {
			return armName, fmt.Errorf("%s.%s: flattened from %v through %d envelope types", api.Name, p.Name, p.FlattenedFrom, len(p.FlattenedVia))
		}
		for i, wire := range p.FlattenedFrom {
			env := api.Package.ARMPackage().TypeName(p.FlattenedVia[i].Name)
			field, err := holder.add(wire, wire, astmodel.OptionalType{Element: env})
			if err != nil {
				return armName, fmt.Errorf("%s.%s: %w", api.Name, p.Name, err)
			}
			path = append(path, astmodel.ARMEnvelope{Field: field, Type: env})
			holder = b.wire(env, nil)
		}
		field, wireName := astmodel.ARMFieldName(p.ARMName), p.ARMName
		if obj.OneOf {
			// A union's properties are its variants, marshalled as the chosen one: they keep
			// their names, and their ARMName (discriminator=value) tells the wire type which.
			field, wireName = p.Name, p.JSONName
		}
		if p.ExtraKeys {
			// Inline on the wire, so its key must not meet a declared property called
			// additionalProperties, which is a field of its own.
			wireName = extraKeysWire
		}
		ft := optional(t)
		field, err = holder.addNamed(field, wireName, p.ARMName, ft)
		if err != nil {
			return armName, fmt.Errorf("%s.%s: %w", api.Name, p.Name, err)
		}
		if p.ExtraKeys {
			holder.markExtraKeys(field)
		}
		if obj.OneOf && p.Variant {
			holder.markVariant(field, p.OtherVariant)
		}
		plan.Properties = append(plan.Properties, astmodel.ARMProperty{API: p, Path: path, Field: field, Type: ft})
	}
	return armName, nil
}

// extraKeysWire is the key the map of extra keys is merged under in a wire object: no JSON
// property can have it, as the map is written inline.
const extraKeysWire = "{additionalProperties}"

// wire returns the wire object under construction named n, starting it (from the API object
// shape, for union flags) when new.
func (b *builder) wire(n astmodel.TypeName, from *astmodel.ObjectType) *wireObject {
	w, ok := b.out[n]
	if !ok {
		w = &wireObject{}
		b.out[n] = w
	}
	if from != nil {
		w.oneOf, w.discriminator, w.discriminatorValue = from.OneOf, from.Discriminator, from.DiscriminatorValue
	}
	return w
}

// armType is the wire type of an API type.
func (b *builder) armType(t astmodel.Type, side astmodel.ARMSide) (astmodel.Type, error) {
	switch x := t.(type) {
	case astmodel.OptionalType:
		e, err := b.armType(x.Element, side)
		return optional(e), err
	case astmodel.ValidatedType:
		return b.armType(x.Element, side)
	case astmodel.PrimitiveType:
		return x, nil
	case astmodel.ArrayType:
		e, err := b.armType(x.Element, side)
		return astmodel.ArrayType{Element: astmodel.WithoutOptional(e)}, err
	case astmodel.MapType:
		k, err := b.armType(x.Key, side)
		if err != nil {
			return nil, err
		}
		v, err := b.armType(x.Value, side)
		return astmodel.MapType{Key: astmodel.WithoutOptional(k), Value: astmodel.WithoutOptional(v)}, err
	case astmodel.EnumType:
		return x.Base, nil
	case astmodel.TypeName:
		switch x {
		case astmodel.ResourceReferenceType, astmodel.WellKnownReferenceType, astmodel.SecretReferenceType, astmodel.ConfigMapReferenceType:
			return astmodel.StringType, nil
		case astmodel.SecretMapReferenceType:
			// Each key of the Secret is a key of the map, its value a string, as ASO sends it.
			return astmodel.MapType{Key: astmodel.StringType, Value: astmodel.StringType}, nil
		}
		if !x.Package.IsAPI() {
			return x, nil // free-form JSON and other external types travel as they are
		}
		d, ok := b.defs[x]
		if !ok {
			return nil, fmt.Errorf("no definition %s", x)
		}
		switch dt := d.Type.(type) {
		case *astmodel.ObjectType:
			return b.object(x, side, false)
		case astmodel.EnumType:
			return dt.Base, nil
		default:
			return b.armType(dt, side)
		}
	}
	return nil, fmt.Errorf("no wire type for %s", t)
}

// optional makes scalars and objects pointers, as every wire property is optional; slices, maps
// and free-form values are nilable already.
func optional(t astmodel.Type) astmodel.Type {
	switch t.(type) {
	case astmodel.OptionalType, astmodel.ArrayType, astmodel.MapType:
		return t
	}
	return astmodel.OptionalType{Element: t}
}
