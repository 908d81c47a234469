package astmodel

import (
	"fmt"
	"strconv"
	"strings"
)

// Validations are the JSON-schema checks ARM declares on a value; each becomes a kubebuilder
// marker and a CRD schema keyword.
type Validations struct {
	Pattern          string
	MinLength        *int64
	MaxLength        *int64
	Minimum          *float64
	Maximum          *float64
	ExclusiveMinimum bool
	ExclusiveMaximum bool
	MinItems         *int64
	MaxItems         *int64
}

// IsEmpty reports whether nothing is validated.
func (v Validations) IsEmpty() bool {
	return v.Pattern == "" && v.MinLength == nil && v.MaxLength == nil && v.Minimum == nil &&
		v.Maximum == nil && v.MinItems == nil && v.MaxItems == nil
}

// Merge overlays o on v; o wins where both are set.
func (v Validations) Merge(o Validations) Validations {
	if o.Pattern != "" {
		v.Pattern = o.Pattern
	}
	if o.MinLength != nil {
		v.MinLength = o.MinLength
	}
	if o.MaxLength != nil {
		v.MaxLength = o.MaxLength
	}
	if o.Minimum != nil {
		v.Minimum, v.ExclusiveMinimum = o.Minimum, o.ExclusiveMinimum
	}
	if o.Maximum != nil {
		v.Maximum, v.ExclusiveMaximum = o.Maximum, o.ExclusiveMaximum
	}
	if o.MinItems != nil {
		v.MinItems = o.MinItems
	}
	if o.MaxItems != nil {
		v.MaxItems = o.MaxItems
	}
	return v
}

// Markers renders the kubebuilder markers, in a fixed order.
func (v Validations) Markers() []string {
	var out []string
	if v.MaxItems != nil {
		out = append(out, fmt.Sprintf("+kubebuilder:validation:MaxItems=%d", *v.MaxItems))
	}
	if v.MaxLength != nil {
		out = append(out, fmt.Sprintf("+kubebuilder:validation:MaxLength=%d", *v.MaxLength))
	}
	if v.Maximum != nil {
		out = append(out, "+kubebuilder:validation:Maximum="+FormatNumber(*v.Maximum))
		if v.ExclusiveMaximum {
			out = append(out, "+kubebuilder:validation:ExclusiveMaximum=true")
		}
	}
	if v.MinItems != nil {
		out = append(out, fmt.Sprintf("+kubebuilder:validation:MinItems=%d", *v.MinItems))
	}
	if v.MinLength != nil {
		out = append(out, fmt.Sprintf("+kubebuilder:validation:MinLength=%d", *v.MinLength))
	}
	if v.Minimum != nil {
		out = append(out, "+kubebuilder:validation:Minimum="+FormatNumber(*v.Minimum))
		if v.ExclusiveMinimum {
			out = append(out, "+kubebuilder:validation:ExclusiveMinimum=true")
		}
	}
	if v.Pattern != "" {
		out = append(out, "+kubebuilder:validation:Pattern="+strconv.Quote(v.Pattern))
	}
	return out
}

func (v Validations) String() string {
	ms := v.Markers()
	for i, m := range ms {
		ms[i] = strings.TrimPrefix(m, "+kubebuilder:validation:")
	}
	return "(" + strings.Join(ms, ", ") + ")"
}

// FormatNumber renders a bound the way the marker parser reads it back: whole numbers as
// integers, others in the shortest exact decimal form.
func FormatNumber(f float64) string {
	if f == float64(int64(f)) {
		return strconv.FormatInt(int64(f), 10)
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// ValidationRule is a CEL rule the API server checks on an object (x-kubernetes-validations),
// with the message it gives when the rule fails.
type ValidationRule struct {
	Rule, Message string
}

// Marker is the kubebuilder marker that declares the rule on a Go type.
func (r ValidationRule) Marker() string {
	return "+kubebuilder:validation:XValidation:rule=" + strconv.Quote(r.Rule) + ",message=" + strconv.Quote(r.Message)
}

// FromConfigSuffix names the twin of a property whose value may come from a ConfigMap
// (tenantId -> tenantIdFromConfig), as Azure Service Operator names it.
const FromConfigSuffix = "FromConfig"

// ConfigMapPairRules are the rules an object holding properties with their <name>FromConfig
// twins needs: at most one of the two may be set, and exactly one when the pair is required.
func ConfigMapPairRules(o *ObjectType) []ValidationRule {
	var out []ValidationRule
	for _, twin := range o.Properties() {
		if twin.FromConfigOf == "" {
			continue
		}
		plain, ok := o.Property(twin.FromConfigOf)
		if !ok {
			continue
		}
		a, b := CELField(plain.JSONName), CELField(twin.JSONName)
		if twin.PairRequired {
			out = append(out, ValidationRule{
				Rule:    "has(self." + a + ") != has(self." + b + ")",
				Message: "exactly one of " + plain.JSONName + " and " + twin.JSONName + " must be set",
			})
		} else {
			out = append(out, ValidationRule{
				Rule:    "!(has(self." + a + ") && has(self." + b + "))",
				Message: "at most one of " + plain.JSONName + " and " + twin.JSONName + " may be set",
			})
		}
	}
	return out
}

// celReserved are the words CEL reserves, which the API server makes field names of as
// __word__.
var celReserved = map[string]bool{
	"true": true, "false": true, "null": true, "in": true, "as": true, "break": true, "const": true,
	"continue": true, "else": true, "for": true, "function": true, "if": true, "import": true,
	"let": true, "loop": true, "package": true, "namespace": true, "return": true, "var": true,
	"void": true, "while": true,
}

// CELField is how a CEL rule names a property of self, escaped as the API server escapes
// property names (https://kubernetes.io/docs/reference/using-api/cel/#escaping).
func CELField(name string) string {
	if celReserved[name] {
		return "__" + name + "__"
	}
	r := strings.NewReplacer("__", "__underscores__", ".", "__dot__", "-", "__dash__", "/", "__slash__")
	return r.Replace(name)
}
