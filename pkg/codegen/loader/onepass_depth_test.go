package loader

import (
	"strings"
	"testing"

	"github.com/go-openapi/spec"
)

// nestedSchema is a definition whose properties nest depth levels deep, as ARM bodies do
// (properties envelopes, profiles of profiles).
func nestedSchema(depth int) []byte {
	open := `{"type":"object","description":"level","x-ms-client-flatten":true,"properties":{"p":`
	return []byte(strings.Repeat(open, depth) + `{"type":"string"}` + strings.Repeat("}}", depth))
}

// A definition is read once, however deep it nests: decoding work grows with its size, not with
// size times depth (go-openapi decodes every nested object again at each level above it, so
// twice the depth cost about four times as much). Allocations count the work, stably.
func TestDecodeValidReadsNestedSchemaOnce(t *testing.T) {
	allocs := func(depth int) float64 {
		raw := nestedSchema(depth)
		return testing.AllocsPerRun(20, func() {
			var s spec.Schema
			if err := decodeValid(raw, &s); err != nil {
				t.Fatal(err)
			}
		})
	}
	shallow, deep := allocs(16), allocs(64)
	t.Logf("allocations: %.0f at 16 deep, %.0f at 64 deep", shallow, deep)
	if ratio := deep / shallow; ratio > 4.5 {
		t.Fatalf("decoding a schema nested 64 deep allocates %.0f times, %.1fx the %.0f of 16 deep; want about 4x (linear in size)", deep, ratio, shallow)
	}
}
