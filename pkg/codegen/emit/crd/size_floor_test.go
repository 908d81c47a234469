package crd

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"pgregory.net/rapid"
)

// drawText draws strings that stress YAML's styles: line breaks, quotes, colons, leading and
// trailing spaces, long lines that fold, and runes YAML escapes shorter than their UTF-8
// (U+2028, U+2029) or longer (control characters).
func drawText(t *rapid.T, label string) string {
	parts := rapid.SliceOfN(rapid.SampledFrom([]string{
		"word", " ", "\n", "\n\n", ": ", "'", `"`, "#", "- ", "\t", "\u2028", "\u2029", "\u0085", "\u00a0", "\x01",
		"é", "日本", "true", "1e3", strings.Repeat("long words ", 12),
	}), 0, 12).Draw(t, label)
	return strings.Join(parts, "")
}

func drawSchema(t *rapid.T, depth int) apiextv1.JSONSchemaProps {
	s := apiextv1.JSONSchemaProps{
		Description: drawText(t, "description"),
		Type:        rapid.SampledFrom([]string{"", "object", "string", "array", "integer"}).Draw(t, "type"),
	}
	if depth < 3 {
		for range rapid.IntRange(0, 3).Draw(t, "properties") {
			if s.Properties == nil {
				s.Properties = map[string]apiextv1.JSONSchemaProps{}
			}
			s.Properties[drawText(t, "name")] = drawSchema(t, depth+1)
		}
		if rapid.Bool().Draw(t, "items") {
			items := drawSchema(t, depth+1)
			s.Items = &apiextv1.JSONSchemaPropsOrArray{Schema: &items}
		}
		if rapid.Bool().Draw(t, "additionalProperties") {
			add := drawSchema(t, depth+1)
			s.AdditionalProperties = &apiextv1.JSONSchemaPropsOrBool{Allows: true, Schema: &add}
		}
	}
	if rapid.Bool().Draw(t, "enum") {
		s.Enum = []apiextv1.JSON{{Raw: []byte(`"a"`)}}
	}
	return s
}

// TestSizeFloorIsBelowTheEncoding: trimming skips encoding a step whose floor is over the limit,
// which is only right if the floor never exceeds the bytes the encoder writes.
func TestSizeFloorIsBelowTheEncoding(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		root := drawSchema(t, 0)
		crd := &apiextv1.CustomResourceDefinition{Spec: apiextv1.CustomResourceDefinitionSpec{Versions: []apiextv1.CustomResourceDefinitionVersion{
			{Name: "v1", Schema: &apiextv1.CustomResourceValidation{OpenAPIV3Schema: &root}},
		}}}
		out, err := marshalWithoutStatus(crd)
		if err != nil {
			t.Fatal(err)
		}
		if floor := sizeFloor(crd, 1<<30); floor > len(out) {
			t.Fatalf("floor %d over the %d bytes encoded:\n%s", floor, len(out), out)
		}
	})
}

// TestSizeFloorOfOneEntry holds the floor's claim for one entry, where nothing else pads it: a
// string value takes at least a byte per rune after its key and two bytes, and so does a key.
func TestSizeFloorOfOneEntry(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		text := drawText(t, "text")
		for _, m := range []map[string]any{{"description": text}, {text: "x"}} {
			out, err := encodeYAML(m, 0)
			if err != nil {
				t.Fatal(err)
			}
			floor := len("description") + 2 + utf8.RuneCountInString(text)
			if _, ok := m["description"]; !ok {
				floor = utf8.RuneCountInString(text) + 2 + 1
			}
			if text != "" && floor > len(out) {
				t.Fatalf("%q: floor %d over the %d bytes encoded:\n%s", text, floor, len(out), out)
			}
		}
	})
}

// everyStep is the rule as written: encode after each step, stop at the first that fits. The
// emitter must give the same bytes while encoding less.
func everyStep(crd *apiextv1.CustomResourceDefinition, limit int) []byte {
	out, _ := marshalWithoutStatus(crd)
	crd = crd.DeepCopy()
	for step := 1; len(out) > limit && step <= lastStep; step++ {
		applyStep(crd, step)
		out, _ = marshalWithoutStatus(crd)
	}
	return out
}

// TestTrimmingGivesWhatEveryStepGives: for CRDs of every shape the rule meets (descriptions in
// spec and status, storage versions, long first sentences) and limits that stop at every step,
// the emitter's bytes are those of encoding after every step.
func TestTrimmingGivesWhatEveryStepGives(t *testing.T) {
	long := "First sentence. " + strings.Repeat("More words that make the description long. ", 8)
	longFirst := strings.Repeat("A first sentence that goes on ", 6) + "and ends. More."
	shapes := map[string]*apiextv1.CustomResourceDefinition{
		"plain":         bigCRD(40, long),
		"long first":    bigCRD2(40, longFirst, long),
		"no status doc": bigCRD2(40, long, ""),
		"with storage":  withStorage(bigCRD(40, long)),
	}
	for name, crd := range shapes {
		full, _ := marshalWithoutStatus(crd)
		for limit := len(full) + 1; limit > 200; limit = limit * 9 / 10 {
			want := everyStep(crd, limit)
			got, err := marshal(crd, Options{applyLimit: limit, hardLimit: 1 << 30})
			if err != nil {
				t.Fatalf("%s, limit %d: %v", name, limit, err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("%s, limit %d: %d bytes, want the %d of encoding every step", name, limit, len(got), len(want))
			}
		}
	}
}

func withStorage(crd *apiextv1.CustomResourceDefinition) *apiextv1.CustomResourceDefinition {
	storage := crd.Spec.Versions[0].DeepCopy()
	storage.Name = "v1storage"
	crd.Spec.Versions = append(crd.Spec.Versions, *storage)
	return crd
}

// TestTrimmingEncodesOnlyStepsThatCanFit: a CRD far over the limit, whose descriptions alone
// are more than the limit and which has no storage version (step 4 changes nothing), is encoded
// once, after the last step; before, it was encoded six times (as it was and after each step),
// and for Data Factory's pipeline that was 25 MB of YAML to write 1.9 MB.
func TestTrimmingEncodesOnlyStepsThatCanFit(t *testing.T) {
	crd := bigCRD(300, strings.Repeat("A long description. ", 10))
	limit := 8 << 10
	before := encodes.Load()
	if _, err := marshal(crd, Options{applyLimit: limit, hardLimit: 1 << 30}); err != nil {
		t.Fatal(err)
	}
	if n := encodes.Load() - before; n != 1 {
		t.Errorf("encoded %d times, want once (only the last step can fit)", n)
	}
}
