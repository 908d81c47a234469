package crd

import (
	"encoding/json"
	"math"
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"pgregory.net/rapid"
)

// viaJSON is the tree the CRD emitter used to build: the schema through encoding/json and back.
func viaJSON(t interface{ Fatal(...any) }, s *apiextv1.JSONSchemaProps) any {
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	v, err = yamlNumbers(v)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// fillAll sets every field of v, recursively to depth, to a value that is not zero, so that a
// field schemaTree forgets (or one added to apiextv1 later) shows up as a difference.
func fillAll(v reflect.Value, depth int, n *int) {
	*n++
	switch v.Kind() {
	case reflect.Struct:
		if v.Type() == reflect.TypeOf(apiextv1.JSON{}) {
			raws := []string{`"x"`, `3`, `0.5`, `{"a":[1,"b",null,true]}`, `"esc\"aped\n"`, `-0`, `1e300`}
			v.Field(0).SetBytes([]byte(raws[*n%len(raws)]))
			return
		}
		for i := range v.NumField() {
			fillAll(v.Field(i), depth, n)
		}
	case reflect.Pointer:
		if v.Type().Elem().Kind() == reflect.Struct && depth == 0 {
			return
		}
		v.Set(reflect.New(v.Type().Elem()))
		fillAll(v.Elem(), depth-1, n)
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			v.SetBytes([]byte(`"raw"`))
			return
		}
		if v.Type().Elem().Kind() == reflect.Struct && depth == 0 {
			return
		}
		v.Set(reflect.MakeSlice(v.Type(), 2, 2))
		for i := range 2 {
			fillAll(v.Index(i), depth-1, n)
		}
	case reflect.Map:
		if depth == 0 {
			return
		}
		m := reflect.MakeMap(v.Type())
		for _, k := range []string{"b", "a10", "a9"} {
			e := reflect.New(v.Type().Elem()).Elem()
			fillAll(e, depth-1, n)
			m.SetMapIndex(reflect.ValueOf(k).Convert(v.Type().Key()), e)
		}
		v.Set(m)
	case reflect.String:
		v.SetString([]string{"text", "with: colon", "bad \xff utf8", "true", "line\nbreak"}[*n%5])
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int64:
		v.SetInt([]int64{7, -3, 1 << 60, 9007199254740993}[*n%4])
	case reflect.Float64:
		v.SetFloat([]float64{2, 0.25, -1e21, 1e-7, 123456789.125}[*n%5])
	}
}

func TestSchemaTreeMatchesJSONRoundTripOnEveryField(t *testing.T) {
	var s apiextv1.JSONSchemaProps
	n := 0
	fillAll(reflect.ValueOf(&s).Elem(), 2, &n)
	got, err := schemaTree(&s)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(viaJSON(t, &s), any(got)); d != "" {
		t.Errorf("schemaTree differs from the JSON round trip (-json +tree):\n%s", d)
	}
}

// The shapes the emitter builds, and others, drawn at random.
func TestSchemaTreeMatchesJSONRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := genSchema(t, 3)
		got, err := schemaTree(&s)
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(viaJSON(t, &s), any(got)); d != "" {
			t.Fatalf("schemaTree differs from the JSON round trip (-json +tree):\n%s", d)
		}
	})
}

func genSchema(t *rapid.T, depth int) apiextv1.JSONSchemaProps {
	text := rapid.OneOf(rapid.String(), rapid.SampledFrom([]string{"", "object", "a. b", "x\ny", "\xff", "123"}))
	s := apiextv1.JSONSchemaProps{
		Type:        text.Draw(t, "type"),
		Description: text.Draw(t, "description"),
		Pattern:     text.Draw(t, "pattern"),
		Nullable:    rapid.Bool().Draw(t, "nullable"),
	}
	num := rapid.OneOf(rapid.Float64(), rapid.SampledFrom([]float64{0, -0.0, 1, 1 << 53, 1e21, -5, 0.1, math.MaxFloat64}))
	if rapid.Bool().Draw(t, "hasMin") {
		f := num.Draw(t, "min")
		s.Minimum = &f
	}
	if rapid.Bool().Draw(t, "hasMax") {
		i := rapid.Int64().Draw(t, "maxLength")
		s.MaxLength = &i
	}
	for range rapid.IntRange(0, 3).Draw(t, "enums") {
		raw, _ := json.Marshal(rapid.OneOf(rapid.Just[any](rapid.String().Draw(t, "es")), rapid.Just[any](num.Draw(t, "en"))).Draw(t, "enum"))
		s.Enum = append(s.Enum, apiextv1.JSON{Raw: raw})
	}
	s.Required = rapid.SliceOfN(rapid.String(), 0, 3).Draw(t, "required")
	if rapid.Bool().Draw(t, "preserve") {
		b := rapid.Bool().Draw(t, "preserveValue")
		s.XPreserveUnknownFields = &b
	}
	for range rapid.IntRange(0, 2).Draw(t, "rules") {
		s.XValidations = append(s.XValidations, apiextv1.ValidationRule{Rule: text.Draw(t, "rule"), Message: text.Draw(t, "message")})
	}
	if depth == 0 {
		return s
	}
	switch rapid.IntRange(0, 3).Draw(t, "shape") {
	case 1:
		s.Properties = map[string]apiextv1.JSONSchemaProps{}
		for range rapid.IntRange(0, 3).Draw(t, "props") {
			s.Properties[rapid.String().Draw(t, "name")] = genSchema(t, depth-1)
		}
	case 2:
		items := genSchema(t, depth-1)
		s.Items = &apiextv1.JSONSchemaPropsOrArray{Schema: &items}
	case 3:
		val := genSchema(t, depth-1)
		s.AdditionalProperties = &apiextv1.JSONSchemaPropsOrBool{Allows: true, Schema: &val}
	}
	return s
}
