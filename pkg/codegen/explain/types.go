package explain

import (
	"strings"
	"unicode"

	"github.com/armgen/armgen/pkg/astmodel"
)

// TypeString renders a type the way a user of the Kubernetes API thinks of it: named types by
// name (without package), lists and maps in Go notation, optionality and validations left out
// (they are shown separately).
func TypeString(t astmodel.Type) string {
	switch x := t.(type) {
	case astmodel.TypeName:
		return x.Name
	case astmodel.OptionalType:
		return TypeString(x.Element)
	case astmodel.ValidatedType:
		return TypeString(x.Element)
	case astmodel.ArrayType:
		return "[]" + TypeString(x.Element)
	case astmodel.MapType:
		return "map[" + TypeString(x.Key) + "]" + TypeString(x.Value)
	case astmodel.PrimitiveType:
		return x.GoName()
	case astmodel.EnumType:
		return x.Base.GoName() + " enum"
	case *astmodel.ObjectType:
		return "object"
	case *astmodel.ResourceType:
		return "resource"
	case nil:
		return "?"
	}
	return t.String()
}

// Summary is the first sentence of a description on one line, at most limit runes long (0 means
// no limit), for tables.
func Summary(description string, limit int) string {
	s := strings.Join(strings.Fields(description), " ")
	for i := 0; i+1 < len(s); i++ {
		// A full stop followed by a space and a capital ends the sentence; "e.g. x" does not.
		if s[i] == '.' && s[i+1] == ' ' && i+2 < len(s) && unicode.IsUpper(rune(s[i+2])) {
			s = s[:i+1]
			break
		}
	}
	if r := []rune(s); limit > 0 && len(r) > limit {
		s = strings.TrimRight(string(r[:limit-1]), " ,;:") + "…"
	}
	return s
}

// Validations lists a type's validations in words (pattern, lengths, ranges, item counts, enum
// values), for explanations and docs; defs resolves named enums.
func Validations(defs astmodel.Definitions, t astmodel.Type) []string {
	var out []string
	if v, ok := astmodel.PropertyValidations(t); ok {
		out = append(out, describeValidations(v, "")...)
	}
	if v, ok := astmodel.ItemValidations(t); ok {
		out = append(out, describeValidations(v, "each item: ")...)
	}
	if e, ok := enumOf(defs, t); ok {
		vals := make([]string, len(e.Values))
		for i, v := range e.Values {
			vals[i] = v.Value
		}
		out = append(out, "one of: "+strings.Join(vals, ", "))
	}
	return out
}

// enumOf finds the enum a property holds (directly, through a name, or as list items).
func enumOf(defs astmodel.Definitions, t astmodel.Type) (astmodel.EnumType, bool) {
	u := astmodel.Unwrap(t)
	if a, ok := u.(astmodel.ArrayType); ok {
		u = astmodel.Unwrap(a.Element)
	}
	if n, ok := u.(astmodel.TypeName); ok {
		if d, ok := defs[n]; ok {
			u = d.Type
		}
	}
	e, ok := u.(astmodel.EnumType)
	return e, ok
}

func describeValidations(v astmodel.Validations, prefix string) []string {
	var out []string
	add := func(s string) { out = append(out, prefix+s) }
	if v.Pattern != "" {
		add("pattern " + v.Pattern)
	}
	if v.MinLength != nil {
		add("min length " + astmodel.FormatNumber(float64(*v.MinLength)))
	}
	if v.MaxLength != nil {
		add("max length " + astmodel.FormatNumber(float64(*v.MaxLength)))
	}
	if v.Minimum != nil {
		op := ">= "
		if v.ExclusiveMinimum {
			op = "> "
		}
		add(op + astmodel.FormatNumber(*v.Minimum))
	}
	if v.Maximum != nil {
		op := "<= "
		if v.ExclusiveMaximum {
			op = "< "
		}
		add(op + astmodel.FormatNumber(*v.Maximum))
	}
	if v.MinItems != nil {
		add("min items " + astmodel.FormatNumber(float64(*v.MinItems)))
	}
	if v.MaxItems != nil {
		add("max items " + astmodel.FormatNumber(float64(*v.MaxItems)))
	}
	return out
}
