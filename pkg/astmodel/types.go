package astmodel

import (
	"strings"
)

// Type is any type in the graph. Types are immutable values: transformations build new ones.
type Type interface {
	// String renders the type for diagnostics and state dumps.
	String() string
	isType()
}

// PrimitiveType is a Go built-in scalar.
type PrimitiveType struct{ goName string }

func (PrimitiveType) isType()          {}
func (p PrimitiveType) String() string { return p.goName }

// GoName is the Go spelling of the primitive.
func (p PrimitiveType) GoName() string { return p.goName }

// The primitives ARM schemas map onto. Integers of every width become int, as in ASO, because
// CRD schemas do not distinguish them and conversions stay simple.
var (
	StringType = PrimitiveType{"string"}
	IntType    = PrimitiveType{"int"}
	FloatType  = PrimitiveType{"float64"}
	BoolType   = PrimitiveType{"bool"}
)

// OptionalType is a value that may be absent (a pointer in Go).
type OptionalType struct{ Element Type }

func (OptionalType) isType()          {}
func (o OptionalType) String() string { return "*" + o.Element.String() }

// NewOptional wraps t, without wrapping twice, and leaves types that are already nilable alone.
func NewOptional(t Type) Type {
	switch t.(type) {
	case OptionalType, ArrayType, MapType:
		return t
	}
	return OptionalType{Element: t}
}

// ArrayType is a list.
type ArrayType struct{ Element Type }

func (ArrayType) isType()          {}
func (a ArrayType) String() string { return "[]" + a.Element.String() }

// MapType is a map with string keys.
type MapType struct{ Key, Value Type }

func (MapType) isType()          {}
func (m MapType) String() string { return "map[" + m.Key.String() + "]" + m.Value.String() }

// EnumValue is one allowed value of an enum.
type EnumValue struct {
	// Identifier is the Go constant suffix.
	Identifier string
	// Value is the wire value.
	Value string
	// OperatorOnly marks a value the swagger does not have, added by configuration
	// ($additionalEnumValues): the API server accepts it, and the operator translates it into
	// a value Azure knows before the PUT, so it is never sent.
	OperatorOnly bool
}

// EnumType is a named string (or integer) with a documented set of values.
type EnumType struct {
	Base   PrimitiveType
	Values []EnumValue
	// Reported marks an enum of values Azure reports (a status): Azure adds values to its
	// enums over time, so the API server must not refuse a value the list lacks; the values
	// stay as Go constants for readers.
	Reported bool
}

func (EnumType) isType() {}
func (e EnumType) String() string {
	vals := make([]string, len(e.Values))
	for i, v := range e.Values {
		vals[i] = v.Value
	}
	return "enum " + e.Base.String() + " {" + strings.Join(vals, ", ") + "}"
}

// ValidatedType carries validations of a value (pattern, lengths, ranges, item counts).
type ValidatedType struct {
	Element     Type
	Validations Validations
}

func (ValidatedType) isType() {}
func (v ValidatedType) String() string {
	return v.Element.String() + " " + v.Validations.String()
}

// NewValidated wraps t unless there is nothing to validate.
func NewValidated(t Type, v Validations) Type {
	if v.IsEmpty() {
		return t
	}
	if inner, ok := t.(ValidatedType); ok {
		return ValidatedType{Element: inner.Element, Validations: inner.Validations.Merge(v)}
	}
	return ValidatedType{Element: t, Validations: v}
}

// WithoutOptional returns the element of an optional type, and any other type as it is.
func WithoutOptional(t Type) Type {
	if o, ok := t.(OptionalType); ok {
		return o.Element
	}
	return t
}

// WithoutValidations returns t without the validations around it (not those deeper inside).
func WithoutValidations(t Type) Type {
	for {
		v, ok := t.(ValidatedType)
		if !ok {
			return t
		}
		t = v.Element
	}
}

// Unwrap strips Optional and Validated wrappers.
func Unwrap(t Type) Type {
	for {
		switch w := t.(type) {
		case OptionalType:
			t = w.Element
		case ValidatedType:
			t = w.Element
		default:
			return t
		}
	}
}
