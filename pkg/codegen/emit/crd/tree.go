package crd

import (
	"encoding/json"
	"fmt"
	"math"
	"unicode/utf8"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// crdTree is the CRD as the YAML encoder takes it: what json.Marshal then json.Unmarshal into
// an `any` would give (without status and creationTimestamp), numbers as YAML reads them. The
// schemas, nearly all of a CRD, are converted field by field (schemaTree): going through JSON
// text and back was most of the time spent on CRDs. The rest of the CRD is small and goes
// through JSON, so that every field it may hold is covered by encoding/json itself.
func crdTree(crd *apiextv1.CustomResourceDefinition) (map[string]any, error) {
	shell := *crd
	shell.Spec.Versions = make([]apiextv1.CustomResourceDefinitionVersion, len(crd.Spec.Versions))
	schemas := make([]*apiextv1.JSONSchemaProps, len(crd.Spec.Versions))
	for i, v := range crd.Spec.Versions {
		if v.Schema != nil && v.Schema.OpenAPIV3Schema != nil {
			schemas[i] = v.Schema.OpenAPIV3Schema
			v.Schema = &apiextv1.CustomResourceValidation{}
		}
		shell.Spec.Versions[i] = v
	}
	data, err := json.Marshal(&shell)
	if err != nil {
		return nil, err
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, err
	}
	delete(m, "status")
	if meta, ok := m["metadata"].(map[string]any); ok {
		delete(meta, "creationTimestamp")
	}
	if _, err := yamlNumbers(m); err != nil {
		return nil, err
	}
	var versions []any
	if spec, ok := m["spec"].(map[string]any); ok {
		versions, _ = spec["versions"].([]any)
	}
	for i, s := range schemas {
		if s == nil {
			continue
		}
		t, err := schemaTree(s)
		if err != nil {
			return nil, fmt.Errorf("version %s: %w", crd.Spec.Versions[i].Name, err)
		}
		v, _ := versions[i].(map[string]any)
		schema, _ := v["schema"].(map[string]any)
		if schema == nil {
			return nil, fmt.Errorf("version %s: no schema in the encoded CRD", crd.Spec.Versions[i].Name)
		}
		schema["openAPIV3Schema"] = t
	}
	return m, nil
}

// schemaTree converts one schema as encoding/json would (field names and omitempty from the
// json tags of apiextv1.JSONSchemaProps, and its MarshalJSON methods), then decode. A test sets
// every field and holds the two together, so a field added upstream cannot be missed silently.
func schemaTree(s *apiextv1.JSONSchemaProps) (map[string]any, error) {
	m := make(map[string]any, 4)
	str := func(k, v string) {
		if v != "" {
			m[k] = jsonString(v)
		}
	}
	strPtr := func(k string, v *string) {
		if v != nil {
			m[k] = jsonString(*v)
		}
	}
	flag := func(k string, v bool) {
		if v {
			m[k] = true
		}
	}
	num := func(k string, v *float64) error {
		if v == nil {
			return nil
		}
		n, err := yamlNumber(*v)
		if err != nil {
			return fmt.Errorf("%s: %w", k, err)
		}
		m[k] = n
		return nil
	}
	integer := func(k string, v *int64) error {
		if v == nil {
			return nil
		}
		// encoding/json decodes every number into a float64: so do we, large values included.
		f := float64(*v)
		return num(k, &f)
	}
	strs := func(k string, v []string) {
		if len(v) > 0 {
			l := make([]any, len(v))
			for i, e := range v {
				l[i] = jsonString(e)
			}
			m[k] = l
		}
	}
	str("id", s.ID)
	str("$schema", string(s.Schema))
	strPtr("$ref", s.Ref)
	str("description", s.Description)
	str("type", s.Type)
	str("format", s.Format)
	str("title", s.Title)
	if s.Default != nil {
		v, err := jsonTree(*s.Default)
		if err != nil {
			return nil, fmt.Errorf("default: %w", err)
		}
		m["default"] = v
	}
	if err := num("maximum", s.Maximum); err != nil {
		return nil, err
	}
	flag("exclusiveMaximum", s.ExclusiveMaximum)
	if err := num("minimum", s.Minimum); err != nil {
		return nil, err
	}
	flag("exclusiveMinimum", s.ExclusiveMinimum)
	for _, f := range []struct {
		k string
		v *int64
	}{{"maxLength", s.MaxLength}, {"minLength", s.MinLength}} {
		if err := integer(f.k, f.v); err != nil {
			return nil, err
		}
	}
	str("pattern", s.Pattern)
	for _, f := range []struct {
		k string
		v *int64
	}{{"maxItems", s.MaxItems}, {"minItems", s.MinItems}} {
		if err := integer(f.k, f.v); err != nil {
			return nil, err
		}
	}
	flag("uniqueItems", s.UniqueItems)
	if err := num("multipleOf", s.MultipleOf); err != nil {
		return nil, err
	}
	if len(s.Enum) > 0 {
		l := make([]any, len(s.Enum))
		for i, e := range s.Enum {
			v, err := jsonTree(e)
			if err != nil {
				return nil, fmt.Errorf("enum[%d]: %w", i, err)
			}
			l[i] = v
		}
		m["enum"] = l
	}
	if err := integer("maxProperties", s.MaxProperties); err != nil {
		return nil, err
	}
	if err := integer("minProperties", s.MinProperties); err != nil {
		return nil, err
	}
	strs("required", s.Required)
	if s.Items != nil {
		v, err := schemaOrArrayTree(*s.Items)
		if err != nil {
			return nil, fmt.Errorf("items: %w", err)
		}
		m["items"] = v
	}
	for _, f := range []struct {
		k string
		v []apiextv1.JSONSchemaProps
	}{{"allOf", s.AllOf}, {"oneOf", s.OneOf}, {"anyOf", s.AnyOf}} {
		if len(f.v) > 0 {
			l, err := schemaListTree(f.v)
			if err != nil {
				return nil, fmt.Errorf("%s%w", f.k, err)
			}
			m[f.k] = l
		}
	}
	if s.Not != nil {
		v, err := schemaTree(s.Not)
		if err != nil {
			return nil, fmt.Errorf("not: %w", err)
		}
		m["not"] = v
	}
	for _, f := range []struct {
		k string
		v map[string]apiextv1.JSONSchemaProps
	}{{"properties", s.Properties}, {"patternProperties", s.PatternProperties}, {"definitions", s.Definitions}} {
		if len(f.v) > 0 {
			v, err := schemaMapTree(f.v)
			if err != nil {
				return nil, fmt.Errorf("%s.%w", f.k, err)
			}
			m[f.k] = v
		}
	}
	for _, f := range []struct {
		k string
		v *apiextv1.JSONSchemaPropsOrBool
	}{{"additionalProperties", s.AdditionalProperties}, {"additionalItems", s.AdditionalItems}} {
		if f.v != nil {
			v, err := schemaOrBoolTree(*f.v)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", f.k, err)
			}
			m[f.k] = v
		}
	}
	if len(s.Dependencies) > 0 {
		deps := make(map[string]any, len(s.Dependencies))
		for k, d := range s.Dependencies {
			v, err := schemaOrStringArrayTree(d)
			if err != nil {
				return nil, fmt.Errorf("dependencies.%s: %w", k, err)
			}
			deps[jsonString(k)] = v
		}
		m["dependencies"] = deps
	}
	if s.ExternalDocs != nil {
		d := make(map[string]any, 2)
		if s.ExternalDocs.Description != "" {
			d["description"] = jsonString(s.ExternalDocs.Description)
		}
		if s.ExternalDocs.URL != "" {
			d["url"] = jsonString(s.ExternalDocs.URL)
		}
		m["externalDocs"] = d
	}
	if s.Example != nil {
		v, err := jsonTree(*s.Example)
		if err != nil {
			return nil, fmt.Errorf("example: %w", err)
		}
		m["example"] = v
	}
	flag("nullable", s.Nullable)
	if s.XPreserveUnknownFields != nil {
		m["x-kubernetes-preserve-unknown-fields"] = *s.XPreserveUnknownFields
	}
	flag("x-kubernetes-embedded-resource", s.XEmbeddedResource)
	flag("x-kubernetes-int-or-string", s.XIntOrString)
	strs("x-kubernetes-list-map-keys", s.XListMapKeys)
	strPtr("x-kubernetes-list-type", s.XListType)
	strPtr("x-kubernetes-map-type", s.XMapType)
	if len(s.XValidations) > 0 {
		l := make([]any, len(s.XValidations))
		for i, r := range s.XValidations {
			l[i] = validationRuleTree(r)
		}
		m["x-kubernetes-validations"] = l
	}
	return m, nil
}

func validationRuleTree(r apiextv1.ValidationRule) map[string]any {
	m := map[string]any{"rule": jsonString(r.Rule)}
	if r.Message != "" {
		m["message"] = jsonString(r.Message)
	}
	if r.MessageExpression != "" {
		m["messageExpression"] = jsonString(r.MessageExpression)
	}
	if r.Reason != nil {
		m["reason"] = jsonString(string(*r.Reason))
	}
	if r.FieldPath != "" {
		m["fieldPath"] = jsonString(r.FieldPath)
	}
	if r.OptionalOldSelf != nil {
		m["optionalOldSelf"] = *r.OptionalOldSelf
	}
	return m
}

func schemaListTree(l []apiextv1.JSONSchemaProps) ([]any, error) {
	out := make([]any, len(l))
	for i := range l {
		v, err := schemaTree(&l[i])
		if err != nil {
			return nil, fmt.Errorf("[%d]: %w", i, err)
		}
		out[i] = v
	}
	return out, nil
}

func schemaMapTree(ss map[string]apiextv1.JSONSchemaProps) (map[string]any, error) {
	out := make(map[string]any, len(ss))
	for k, s := range ss {
		v, err := schemaTree(&s)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", k, err)
		}
		out[jsonString(k)] = v
	}
	return out, nil
}

// schemaOrArrayTree follows JSONSchemaPropsOrArray.MarshalJSON: the list when there is one, else
// the schema (null when there is none).
func schemaOrArrayTree(s apiextv1.JSONSchemaPropsOrArray) (any, error) {
	if len(s.JSONSchemas) > 0 {
		return schemaListTree(s.JSONSchemas)
	}
	if s.Schema == nil {
		return nil, nil
	}
	return schemaTree(s.Schema)
}

// schemaOrBoolTree follows JSONSchemaPropsOrBool.MarshalJSON: the schema, else Allows.
func schemaOrBoolTree(s apiextv1.JSONSchemaPropsOrBool) (any, error) {
	if s.Schema != nil {
		return schemaTree(s.Schema)
	}
	return s.Allows, nil
}

// schemaOrStringArrayTree follows JSONSchemaPropsOrStringArray.MarshalJSON.
func schemaOrStringArrayTree(s apiextv1.JSONSchemaPropsOrStringArray) (any, error) {
	if len(s.Property) > 0 {
		l := make([]any, len(s.Property))
		for i, p := range s.Property {
			l[i] = jsonString(p)
		}
		return l, nil
	}
	if s.Schema != nil {
		return schemaTree(s.Schema)
	}
	return nil, nil
}

// jsonTree decodes a raw JSON value (an enum value, a default) as the JSON round trip would: no
// bytes is null. A plain quoted string, what enums nearly always hold, needs no decoder.
func jsonTree(j apiextv1.JSON) (any, error) {
	raw := j.Raw
	if len(raw) == 0 {
		return nil, nil
	}
	if s, ok := plainJSONString(raw); ok {
		return s, nil
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, err
	}
	return yamlNumbers(v)
}

// plainJSONString returns the text of a JSON string literal that has no escapes, no control
// characters and only valid UTF-8, so that its text is its value.
func plainJSONString(raw []byte) (string, bool) {
	if len(raw) < 2 || raw[0] != '"' || raw[len(raw)-1] != '"' {
		return "", false
	}
	body := raw[1 : len(raw)-1]
	for _, c := range body {
		if c < 0x20 || c == '"' || c == '\\' {
			return "", false
		}
	}
	if !utf8.Valid(body) {
		return "", false
	}
	return string(body), true
}

// jsonString is s as the JSON round trip gives it back: encoding/json writes each byte of
// invalid UTF-8 as U+FFFD.
func jsonString(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	out := make([]rune, 0, len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		out = append(out, r) // RuneError for each invalid byte, as encoding/json writes
		i += size
	}
	return string(out)
}

// yamlNumber is a number as the JSON round trip and yamlNumbers make it: whole numbers that
// JSON writes as digits become ints; anything else takes the slow path, which is exact.
func yamlNumber(f float64) (any, error) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return nil, fmt.Errorf("json: unsupported value: %v", f)
	}
	if f == math.Trunc(f) && math.Abs(f) < 1<<53 {
		return int(f), nil
	}
	return yamlNumbers(f)
}
