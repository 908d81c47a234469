package astmodel

import (
	"fmt"
	"strconv"
	"strings"
)

// The kubebuilder markers of properties and types live here, in one place, because two emitters
// must agree on them: the Go emitter writes them as comments, and the CRD emitter builds the same
// schema straight from the model (a test checks both against controller-tools).

// RequiredMarker marks a required field.
const RequiredMarker = "+kubebuilder:validation:Required"

// PropertyValidations returns the validations that apply to the property's value itself (not to
// array items or map values).
func PropertyValidations(t Type) (Validations, bool) {
	for {
		switch w := t.(type) {
		case OptionalType:
			t = w.Element
		case ValidatedType:
			return w.Validations, true
		default:
			return Validations{}, false
		}
	}
}

// ItemValidations returns the validations of array items, when the property is an array of
// validated values.
func ItemValidations(t Type) (Validations, bool) {
	if a, ok := Unwrap(t).(ArrayType); ok {
		return PropertyValidations(a.Element)
	}
	return Validations{}, false
}

// PropertyMarkers returns the markers written above a field, in a fixed order.
func PropertyMarkers(p *Property) []string {
	var out []string
	if v, ok := PropertyValidations(p.Type); ok {
		out = append(out, v.Markers()...)
	}
	if v, ok := ItemValidations(p.Type); ok {
		for _, m := range v.Markers() {
			out = append(out, strings.Replace(m, "+kubebuilder:validation:", "+kubebuilder:validation:items:", 1))
		}
	}
	if p.Required {
		out = append(out, RequiredMarker)
	}
	return out
}

// EnumMarker returns the marker listing an enum's values; none for a reported enum, whose
// values the API server must not restrict.
func EnumMarker(e EnumType) string {
	if e.Reported {
		return ""
	}
	vals := make([]string, len(e.Values))
	for i, v := range e.Values {
		if e.Base == StringType {
			vals[i] = strconv.Quote(v.Value)
		} else {
			vals[i] = v.Value
		}
	}
	return "+kubebuilder:validation:Enum={" + strings.Join(vals, ",") + "}"
}

// ObjectMarkers returns the markers written above an object type's declaration.
func ObjectMarkers(o *ObjectType) []string {
	out := unionMarkers(o)
	for _, r := range o.Rules {
		out = append(out, r.Marker())
	}
	return out
}

// unionMarkers are the markers that hold a one-of object to one variant (to at most one for a
// union Azure reports, which may hold none of the variants this version knows).
func unionMarkers(o *ObjectType) []string {
	switch {
	case !o.OneOf:
		return nil
	case o.OnlyVariants() && o.Reported:
		return []string{"+kubebuilder:validation:MaxProperties=1"}
	case o.OnlyVariants():
		// A union holds exactly one variant, so exactly one property.
		return []string{"+kubebuilder:validation:MaxProperties=1", "+kubebuilder:validation:MinProperties=1"}
	}
	// A union with properties of its own (the spec of a resource whose body is polymorphic has
	// azureName and owner besides): a CEL rule counts the variants alone.
	names := variantJSONNames(o)
	if len(names) == 0 {
		return nil
	}
	rule, message := VariantsRule(o)
	marker := "ExactlyOneOf"
	if o.Reported {
		marker = "AtMostOneOf"
	}
	for _, n := range names {
		if CELField(n) != n {
			return []string{"+kubebuilder:validation:XValidation:rule=" + strconv.Quote(rule) + ",message=" + strconv.Quote(message)}
		}
	}
	return []string{"+kubebuilder:validation:" + marker + "={" + strings.Join(names, ",") + "}"}
}

// VariantsRule is the CEL rule (and its message) that holds a union with properties of its own
// to exactly one variant (at most one for a reported union), spelt as controller-tools spells
// its ExactlyOneOf and AtMostOneOf markers; the CRD emitter writes it as an
// x-kubernetes-validations rule. Empty when there are no variants.
func VariantsRule(o *ObjectType) (rule, message string) {
	names := variantJSONNames(o)
	if len(names) == 0 {
		return "", ""
	}
	has := make([]string, len(names))
	for i, n := range names {
		has[i] = "has(self." + CELField(n) + ")"
	}
	count := "[" + strings.Join(has, ",") + "].filter(x,x==true).size()"
	if o.Reported {
		return count + " <= 1", fmt.Sprintf("at most one of the fields in %v may be set", names)
	}
	return count + " == 1", fmt.Sprintf("exactly one of the fields in %v must be set", names)
}

// variantJSONNames are the variants a rule counts. The one that keeps a variant the version
// does not know is free-form JSON, which CEL cannot name; it is only ever set alone.
func variantJSONNames(o *ObjectType) []string {
	var names []string
	for _, p := range o.Variants() {
		if p.OtherVariant {
			continue
		}
		names = append(names, p.JSONName)
	}
	return names
}

// DocLines renders a description as comment lines: "Name: text", one line per paragraph, so that
// controller-tools reads back exactly the description the CRD emitter writes.
func DocLines(name, description string) []string {
	if description == "" {
		return nil
	}
	lines := strings.Split(description, "\n")
	lines[0] = fmt.Sprintf("%s: %s", name, lines[0])
	return lines
}

// DocText is the description controller-tools derives from DocLines.
func DocText(name, description string) string {
	return strings.Join(DocLines(name, description), "\n")
}
