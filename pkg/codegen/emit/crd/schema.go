package crd

import (
	"encoding/json"
	"fmt"
	"slices"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/armgen/armgen/pkg/astmodel"
)

// schema returns the schema of a type as controller-tools would flatten it.
func (b *builder) schema(t astmodel.Type) (apiextv1.JSONSchemaProps, error) {
	switch x := t.(type) {
	case astmodel.TypeName:
		return b.namedSchema(x)
	case astmodel.PrimitiveType:
		return primitiveSchema(x), nil
	case astmodel.OptionalType:
		return b.schema(x.Element)
	case astmodel.ValidatedType:
		s, err := b.schema(x.Element)
		if err != nil {
			return s, err
		}
		applyValidations(&s, x.Validations)
		return s, nil
	case astmodel.ArrayType:
		items, err := b.schema(x.Element)
		if err != nil {
			return items, err
		}
		return apiextv1.JSONSchemaProps{Type: "array", Items: &apiextv1.JSONSchemaPropsOrArray{Schema: &items}}, nil
	case astmodel.MapType:
		val, err := b.schema(x.Value)
		if err != nil {
			return val, err
		}
		return apiextv1.JSONSchemaProps{Type: "object", AdditionalProperties: &apiextv1.JSONSchemaPropsOrBool{Allows: true, Schema: &val}}, nil
	}
	return apiextv1.JSONSchemaProps{}, fmt.Errorf("no CRD schema for %s", t)
}

func primitiveSchema(p astmodel.PrimitiveType) apiextv1.JSONSchemaProps {
	switch p {
	case astmodel.IntType:
		return apiextv1.JSONSchemaProps{Type: "integer"}
	case astmodel.FloatType:
		return apiextv1.JSONSchemaProps{Type: "number"}
	case astmodel.BoolType:
		return apiextv1.JSONSchemaProps{Type: "boolean"}
	}
	return apiextv1.JSONSchemaProps{Type: "string"}
}

// namedSchema describes a definition, or a well-known type of genruntime or Kubernetes.
func (b *builder) namedSchema(n astmodel.TypeName) (apiextv1.JSONSchemaProps, error) {
	d, ok := b.defs[n]
	if !ok {
		return wellKnownSchema(n)
	}
	var s apiextv1.JSONSchemaProps
	switch x := d.Type.(type) {
	case *astmodel.ObjectType:
		var err error
		if s, err = b.objectSchema(x); err != nil {
			return s, fmt.Errorf("%s: %w", n, err)
		}
	case astmodel.EnumType:
		s = enumSchema(x)
	default:
		var err error
		if s, err = b.schema(x); err != nil {
			return s, err
		}
	}
	s.Description = astmodel.DocText(n.Name, d.Description)
	return s, nil
}

// enumSchema lists the values of a spec enum; a reported (status) enum is its base type only,
// as Azure may report a value the list lacks (EnumMarker agrees).
func enumSchema(e astmodel.EnumType) apiextv1.JSONSchemaProps {
	s := primitiveSchema(e.Base)
	if e.Reported {
		return s
	}
	for _, v := range e.Values {
		raw := []byte(v.Value)
		if e.Base == astmodel.StringType {
			raw, _ = json.Marshal(v.Value)
		}
		s.Enum = append(s.Enum, apiextv1.JSON{Raw: raw})
	}
	return s
}

func (b *builder) objectSchema(o *astmodel.ObjectType) (apiextv1.JSONSchemaProps, error) {
	s := apiextv1.JSONSchemaProps{Type: "object"}
	switch {
	case o.OnlyVariants():
		one := int64(1)
		s.MaxProperties = &one
		if !o.Reported {
			s.MinProperties = &one
		}
	case o.OneOf:
		if rule, message := astmodel.VariantsRule(o); rule != "" {
			s.XValidations = append(s.XValidations, apiextv1.ValidationRule{Rule: rule, Message: message})
		}
	}
	for _, r := range o.Rules {
		s.XValidations = append(s.XValidations, apiextv1.ValidationRule{Rule: r.Rule, Message: r.Message})
	}
	for _, p := range o.Properties() {
		ps, err := b.schema(p.Type)
		if err != nil {
			return s, fmt.Errorf("%s: %w", p.Name, err)
		}
		if p.Description != "" {
			ps.Description = astmodel.DocText(p.Name, p.Description)
		}
		if s.Properties == nil {
			s.Properties = make(map[string]apiextv1.JSONSchemaProps)
		}
		s.Properties[p.JSONName] = ps
		if p.Required {
			s.Required = append(s.Required, p.JSONName)
		}
	}
	sortRequired(&s)
	return s, nil
}

// sortRequired puts required field names in order, as controller-tools does whenever it inlines
// a referenced type (every object type but the root), so our CRDs equal controller-gen's.
func sortRequired(s *apiextv1.JSONSchemaProps) { slices.Sort(s.Required) }

func applyValidations(s *apiextv1.JSONSchemaProps, v astmodel.Validations) {
	s.Pattern = v.Pattern
	s.MinLength, s.MaxLength = v.MinLength, v.MaxLength
	s.MinItems, s.MaxItems = v.MinItems, v.MaxItems
	s.Minimum, s.Maximum = v.Minimum, v.Maximum
	s.ExclusiveMinimum, s.ExclusiveMaximum = v.ExclusiveMinimum, v.ExclusiveMaximum
}
