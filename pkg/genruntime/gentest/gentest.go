// Package gentest holds what the generated property-based tests share: generators of random
// values for the primitive and well-known types, combinators for pointers, slices and maps, and
// the round-trip checks. Generated code composes these into one generator per generated type.
//
// The generators never produce values that a JSON round trip could not reproduce: no empty but
// non-nil slices or maps (omitempty turns them into nil), no NaN or infinite numbers, no times
// with a monotonic clock or sub-second part.
package gentest

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"pgregory.net/rapid"
	"sigs.k8s.io/controller-runtime/pkg/conversion"

	// Generated test binaries accept the module-wide test flags, so go test ./... -update works.
	_ "github.com/armgen/armgen/internal/testflags"
	"github.com/armgen/armgen/pkg/genruntime"
	"github.com/armgen/armgen/pkg/genruntime/conditions"
)

var (
	// Letters, digits, JSON's special characters and a few beyond ASCII: enough to catch
	// escaping mistakes, and cheap to draw.
	stringGen = rapid.StringOfN(rapid.RuneFrom([]rune("abcxyzABCXYZ019 -_./:\"\\\u00e9\u4e16\U0001F600")), 0, 12, -1)
	intGen    = rapid.Int()
	floatGen  = rapid.Float64Range(-1e12, 1e12)
	boolGen   = rapid.Bool()
	sizeGen   = rapid.IntRange(1, 3)
	// keyGen draws property bag keys. A "-" appears in no generated JSON name, so a random
	// entry never collides with a property that a conversion puts into or takes from a bag.
	keyGen = rapid.StringMatching(`x-[a-z]{1,6}`)
)

// String draws a string.
func String(t *rapid.T) string { return stringGen.Draw(t, "string") }

// Int draws an int.
func Int(t *rapid.T) int { return intGen.Draw(t, "int") }

// Float draws a finite float64.
func Float(t *rapid.T) float64 { return floatGen.Draw(t, "float") }

// Bool draws a bool.
func Bool(t *rapid.T) bool { return boolGen.Draw(t, "bool") }

// OneOf draws one of values.
func OneOf[T any](values ...T) func(*rapid.T) T {
	g := rapid.SampledFrom(values)
	return func(t *rapid.T) T { return g.Draw(t, "value") }
}

// Optional makes a generator of pointers that are nil half the time.
func Optional[T any](g func(*rapid.T) T) func(*rapid.T) *T {
	return func(t *rapid.T) *T {
		if !boolGen.Draw(t, "present") {
			return nil
		}
		v := g(t)
		return &v
	}
}

// Present makes a generator of pointers that are never nil, for properties the CRD requires.
func Present[T any](g func(*rapid.T) T) func(*rapid.T) *T {
	return func(t *rapid.T) *T {
		v := g(t)
		return &v
	}
}

// SliceOf makes a generator of slices that are nil or hold one to three items.
func SliceOf[T any](g func(*rapid.T) T) func(*rapid.T) []T {
	return func(t *rapid.T) []T {
		if !boolGen.Draw(t, "present") {
			return nil
		}
		out := make([]T, sizeGen.Draw(t, "len"))
		for i := range out {
			out[i] = g(t)
		}
		return out
	}
}

// MapOf makes a generator of maps with string keys that are nil or hold one to three entries.
func MapOf[T any](g func(*rapid.T) T) func(*rapid.T) map[string]T {
	return func(t *rapid.T) map[string]T {
		if !boolGen.Draw(t, "present") {
			return nil
		}
		n := sizeGen.Draw(t, "len")
		out := make(map[string]T, n)
		for range n {
			out[String(t)] = g(t)
		}
		return out
	}
}

// PropertyBag draws a bag that is nil or holds entries no generated property is called.
func PropertyBag(t *rapid.T) genruntime.PropertyBag {
	if !boolGen.Draw(t, "present") {
		return nil
	}
	n := sizeGen.Draw(t, "len")
	bag := make(genruntime.PropertyBag, n)
	for range n {
		value, _ := json.Marshal(String(t))
		bag[keyGen.Draw(t, "key")] = string(value)
	}
	return bag
}

// ObjectMeta draws the metadata conversions copy.
func ObjectMeta(t *rapid.T) metav1.ObjectMeta {
	return metav1.ObjectMeta{
		Name:        String(t),
		Namespace:   String(t),
		Labels:      MapOf(String)(t),
		Annotations: MapOf(String)(t),
		Generation:  int64(Int(t)),
	}
}

// KnownResourceReference draws a reference to an owner.
func KnownResourceReference(t *rapid.T) genruntime.KnownResourceReference {
	return genruntime.KnownResourceReference{Name: String(t), ARMID: String(t)}
}

// ArbitraryOwnerReference draws a reference to an owner of any kind.
func ArbitraryOwnerReference(t *rapid.T) genruntime.ArbitraryOwnerReference {
	return genruntime.ArbitraryOwnerReference{Name: String(t), Group: String(t), Kind: String(t), ARMID: String(t)}
}

// ResourceReference draws a reference to a resource.
func ResourceReference(t *rapid.T) genruntime.ResourceReference {
	return genruntime.ResourceReference{Group: String(t), Kind: String(t), Name: String(t), ARMID: String(t)}
}

// WellKnownResourceReference draws a reference by well-known name or, as ResourceReference
// draws it, by group, kind, name and armId; never both, which ConvertToARM refuses. The name
// never starts with "/", so it cannot pass for an ARM ID when read back.
func WellKnownResourceReference(t *rapid.T) genruntime.WellKnownResourceReference {
	if rapid.Bool().Draw(t, "wellKnown") {
		return genruntime.WellKnownResourceReference{WellKnownName: "role " + String(t)}
	}
	return genruntime.WellKnownResourceReference{ResourceReference: ResourceReference(t)}
}

// SecretReference draws a reference to a secret.
func SecretReference(t *rapid.T) genruntime.SecretReference {
	return genruntime.SecretReference{Name: String(t), Key: String(t)}
}

// SecretMapReference draws a reference to a whole Secret.
func SecretMapReference(t *rapid.T) genruntime.SecretMapReference {
	return genruntime.SecretMapReference{Name: String(t)}
}

// ConfigMapReference draws a reference to a key of a ConfigMap.
func ConfigMapReference(t *rapid.T) genruntime.ConfigMapReference {
	return genruntime.ConfigMapReference{Name: String(t), Key: String(t)}
}

// SecretDestination draws where an exported value goes in a Secret.
func SecretDestination(t *rapid.T) genruntime.SecretDestination {
	return genruntime.SecretDestination{Name: String(t), Key: String(t)}
}

// ConfigMapDestination draws where an exported value goes in a ConfigMap.
func ConfigMapDestination(t *rapid.T) genruntime.ConfigMapDestination {
	return genruntime.ConfigMapDestination{Name: String(t), Key: String(t)}
}

// DestinationExpression draws an export of a value into a ConfigMap or Secret.
func DestinationExpression(t *rapid.T) genruntime.DestinationExpression {
	return genruntime.DestinationExpression{Name: String(t), Key: String(t), Value: String(t)}
}

// Condition draws a condition. Its time stays zero: JSON keeps only whole seconds, in local time.
func Condition(t *rapid.T) conditions.Condition {
	return conditions.Condition{
		Type:               conditions.ConditionType(String(t)),
		Status:             metav1.ConditionStatus(String(t)),
		Severity:           conditions.ConditionSeverity(String(t)),
		ObservedGeneration: int64(Int(t)),
		Reason:             String(t),
		Message:            String(t),
	}
}

// JSON draws an arbitrary JSON value (a string).
func JSON(t *rapid.T) apiextv1.JSON {
	raw, _ := json.Marshal(String(t))
	return apiextv1.JSON{Raw: raw}
}

// JSONObject draws a JSON object, for a property that holds in JSON what the swagger describes
// as an object (the deeper levels of a recursive type). It is empty, which every object schema
// accepts: the keys a schema allows are not known here.
func JSONObject(t *rapid.T) apiextv1.JSON {
	return apiextv1.JSON{Raw: []byte("{}")}
}

// CheckJSONRoundTrip fails unless subject survives encoding to JSON and back unchanged.
func CheckJSONRoundTrip[T any](t *rapid.T, subject T) {
	data, err := json.Marshal(subject)
	if err != nil {
		t.Fatalf("encoding: %v", err)
	}
	var actual T
	if err := json.Unmarshal(data, &actual); err != nil {
		t.Fatalf("decoding %s: %v", data, err)
	}
	Equal(t, "after a JSON round trip", subject, actual)
}

// Equal fails, showing the difference, unless actual equals want. Nil and empty slices and maps
// differ: conversions must keep them apart.
func Equal[T any](t *rapid.T, what string, want, actual T) {
	if d := cmp.Diff(want, actual); d != "" {
		t.Fatalf("%s (-want +got):\n%s", what, strings.TrimSpace(d))
	}
}

// RunJSONRoundTrip checks, over random values, that JSON keeps every value of a type.
func RunJSONRoundTrip[T any](t *testing.T, gen func(*rapid.T) T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) { CheckJSONRoundTrip(t, gen(t)) })
}

// RunRoundTrip checks, over random values of A, that converting to B with there and back with
// back (both methods of A) gives the value back.
func RunRoundTrip[A, B any](t *testing.T, gen func(*rapid.T) A, there, back func(*A, *B) error) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		subject := gen(t)
		var other B
		if err := there(&subject, &other); err != nil {
			t.Fatalf("converting: %v", err)
		}
		var actual A
		if err := back(&actual, &other); err != nil {
			t.Fatalf("converting back: %v", err)
		}
		Equal(t, "after converting there and back", subject, actual)
	})
}

// RunReverseRoundTrip checks, over random values of B, that converting to A with from and back
// with to (both methods of A) gives the value back: the round trip seen from the other side.
func RunReverseRoundTrip[A, B any](t *testing.T, gen func(*rapid.T) B, from, to func(*A, *B) error) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		subject := gen(t)
		var other A
		if err := from(&other, &subject); err != nil {
			t.Fatalf("converting: %v", err)
		}
		var actual B
		if err := to(&other, &actual); err != nil {
			t.Fatalf("converting back: %v", err)
		}
		Equal(t, "after converting there and back", subject, actual)
	})
}

// RunSpokeRoundTrip checks, over random resources of a version, that converting to the hub H
// and back gives the resource back.
func RunSpokeRoundTrip[S, H any, PS interface {
	*S
	conversion.Convertible
}, PH interface {
	*H
	conversion.Hub
}](t *testing.T, gen func(*rapid.T) S) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		subject := gen(t)
		var hub H
		if err := PS(&subject).ConvertTo(PH(&hub)); err != nil {
			t.Fatalf("converting to the hub: %v", err)
		}
		var actual S
		if err := PS(&actual).ConvertFrom(PH(&hub)); err != nil {
			t.Fatalf("converting from the hub: %v", err)
		}
		Equal(t, "after converting to the hub and back", subject, actual)
	})
}

// RunHubRoundTrip checks, over random hub resources, that converting to the version S and back
// gives the hub resource back.
func RunHubRoundTrip[H, S any, PH interface {
	*H
	conversion.Hub
}, PS interface {
	*S
	conversion.Convertible
}](t *testing.T, gen func(*rapid.T) H) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		subject := gen(t)
		var spoke S
		if err := PS(&spoke).ConvertFrom(PH(&subject)); err != nil {
			t.Fatalf("converting from the hub: %v", err)
		}
		var actual H
		if err := PS(&spoke).ConvertTo(PH(&actual)); err != nil {
			t.Fatalf("converting to the hub: %v", err)
		}
		Equal(t, "after converting from the hub and back", subject, actual)
	})
}
