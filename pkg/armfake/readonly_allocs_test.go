package armfake

import (
	"fmt"
	"testing"

	"github.com/go-openapi/spec"
)

// fillAllocs is the allocations of filling the read-only values of a resource with n
// properties, every one sent by the client and declared in the PUT body's schema.
func fillAllocs(n int) float64 {
	schema := &spec.Schema{SchemaProps: spec.SchemaProps{Type: spec.StringOrArray{"object"}, Properties: spec.SchemaProperties{}}}
	out := map[string]any{}
	for i := range n {
		name := fmt.Sprintf("p%03d", i)
		schema.Properties[name] = *spec.StringProperty()
		out[name] = "sent"
	}
	s := &Server{}
	return testing.AllocsPerRun(20, func() { s.fillReadOnly(out, "/subscriptions/s/resourceGroups/rg", "rg", schema, schema) })
}

// TestFillReadOnlyLinearInProperties: filling a resource's read-only values reads the PUT
// schema's properties once per object, so its allocations grow with the number of properties,
// not with its square (as they did when each property copied every property schema again).
func TestFillReadOnlyLinearInProperties(t *testing.T) {
	small, large := fillAllocs(10), fillAllocs(40)
	if ratio := large / small; ratio > 6 {
		t.Fatalf("filling 40 properties allocates %.0f times what 10 do (%.0f vs %.0f): want about 4 (linear)", ratio, large, small)
	}
}
