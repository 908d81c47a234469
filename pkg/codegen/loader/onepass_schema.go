package loader

import (
	"github.com/go-openapi/spec"
)

// schemaFieldsLower are the member names go-openapi's Schema decodes into fields (the json
// names of SchemaProps and SwaggerSchemaProps), lower-cased to catch spellings encoding/json
// would also match.
var schemaFieldsLower = lowerSet("id", "description", "type", "nullable", "format", "title", "default",
	"maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength", "minLength", "pattern",
	"maxItems", "minItems", "uniqueItems", "multipleOf", "enum", "maxProperties", "minProperties",
	"required", "items", "allOf", "oneOf", "anyOf", "not", "properties", "additionalProperties",
	"patternProperties", "dependencies", "additionalItems", "definitions",
	"discriminator", "readOnly", "xml", "externalDocs", "example")

// decodeSchema fills s (a zero Schema) from the valid JSON value raw as spec.Schema.UnmarshalJSON
// would, or returns errSlowPath.
func decodeSchema(raw []byte, s *spec.Schema) error {
	if raw[0] != '{' {
		return errSlowPath
	}
	var seen fieldSet
	var ref []byte
	err := eachKey(raw, func(k string, v []byte) error {
		bit, known := schemaField(k)
		if !known {
			switch {
			case k == "$ref":
				ref = v
				return nil
			case k == "$schema", foldsToKnown(k, schemaFieldsLower):
				return errSlowPath
			}
			x, err := decodeAny(v)
			if isExtension(k) {
				if s.Extensions == nil {
					s.Extensions = map[string]any{}
				}
				s.Extensions[k] = x
			} else {
				if s.ExtraProps == nil {
					s.ExtraProps = map[string]any{}
				}
				s.ExtraProps[k] = x
			}
			return err
		}
		if !seen.first(bit) {
			return errSlowPath
		}
		return schemaMember(s, k, v)
	})
	if err != nil {
		return err
	}
	return refFrom(&s.Ref, ref)
}

// schemaField numbers the known members, for fieldSet.
func schemaField(k string) (uint, bool) {
	switch k {
	case "id":
		return 0, true
	case "description":
		return 1, true
	case "type":
		return 2, true
	case "nullable":
		return 3, true
	case "format":
		return 4, true
	case "title":
		return 5, true
	case "default":
		return 6, true
	case "maximum":
		return 7, true
	case "exclusiveMaximum":
		return 8, true
	case "minimum":
		return 9, true
	case "exclusiveMinimum":
		return 10, true
	case "maxLength":
		return 11, true
	case "minLength":
		return 12, true
	case "pattern":
		return 13, true
	case "maxItems":
		return 14, true
	case "minItems":
		return 15, true
	case "uniqueItems":
		return 16, true
	case "multipleOf":
		return 17, true
	case "enum":
		return 18, true
	case "maxProperties":
		return 19, true
	case "minProperties":
		return 20, true
	case "required":
		return 21, true
	case "items":
		return 22, true
	case "allOf":
		return 23, true
	case "oneOf":
		return 24, true
	case "anyOf":
		return 25, true
	case "not":
		return 26, true
	case "properties":
		return 27, true
	case "additionalProperties":
		return 28, true
	case "patternProperties":
		return 29, true
	case "dependencies":
		return 30, true
	case "additionalItems":
		return 31, true
	case "definitions":
		return 32, true
	case "discriminator":
		return 33, true
	case "readOnly":
		return 34, true
	case "xml":
		return 35, true
	case "externalDocs":
		return 36, true
	case "example":
		return 37, true
	}
	return 0, false
}

// schemaMember decodes one known member; the shapes ARM swagger uses are read here, the rare
// ones (not, patternProperties, dependencies, definitions, xml, ...) by encoding/json into the
// field, which is what the struct decoding go-openapi runs would do with them.
func schemaMember(s *spec.Schema, k string, v []byte) error {
	switch k {
	case "id":
		return stringField(v, &s.ID)
	case "description":
		return stringField(v, &s.Description)
	case "type":
		switch v[0] {
		case '"':
			s.Type = spec.StringOrArray{unquote(v)}
			return nil
		case '[':
			var a []string
			if err := stringSlice(v, &a); err != nil {
				return err
			}
			s.Type = a
			return nil
		}
		return viaJSON(v, &s.Type)
	case "nullable":
		return boolField(v, &s.Nullable)
	case "format":
		return stringField(v, &s.Format)
	case "title":
		return stringField(v, &s.Title)
	case "default":
		return anyField(v, &s.Default)
	case "maximum":
		return floatField(v, &s.Maximum)
	case "exclusiveMaximum":
		return boolField(v, &s.ExclusiveMaximum)
	case "minimum":
		return floatField(v, &s.Minimum)
	case "exclusiveMinimum":
		return boolField(v, &s.ExclusiveMinimum)
	case "maxLength":
		return intField(v, &s.MaxLength)
	case "minLength":
		return intField(v, &s.MinLength)
	case "pattern":
		return stringField(v, &s.Pattern)
	case "maxItems":
		return intField(v, &s.MaxItems)
	case "minItems":
		return intField(v, &s.MinItems)
	case "uniqueItems":
		return boolField(v, &s.UniqueItems)
	case "multipleOf":
		return floatField(v, &s.MultipleOf)
	case "enum":
		return anySlice(v, &s.Enum)
	case "maxProperties":
		return intField(v, &s.MaxProperties)
	case "minProperties":
		return intField(v, &s.MinProperties)
	case "required":
		return stringSlice(v, &s.Required)
	case "items":
		switch v[0] {
		case '{':
			sch := new(spec.Schema)
			if err := decodeSchema(v, sch); err != nil {
				return err
			}
			s.Items = &spec.SchemaOrArray{Schema: sch}
			return nil
		case '[':
			list, err := schemaList(v)
			s.Items = &spec.SchemaOrArray{Schemas: list}
			return err
		}
		return viaJSON(v, &s.Items)
	case "allOf":
		return schemaSlice(v, &s.AllOf)
	case "oneOf":
		return schemaSlice(v, &s.OneOf)
	case "anyOf":
		return schemaSlice(v, &s.AnyOf)
	case "properties":
		if v[0] != '{' {
			return viaJSON(v, &s.Properties)
		}
		props := spec.SchemaProperties{}
		err := eachKey(v, func(name string, pv []byte) error {
			var p spec.Schema
			if err := schemaElem(pv, &p); err != nil {
				return err
			}
			props[name] = p
			return nil
		})
		s.Properties = props
		return err
	case "additionalProperties":
		switch v[0] {
		case '{':
			sch := new(spec.Schema)
			if err := decodeSchema(v, sch); err != nil {
				return err
			}
			s.AdditionalProperties = &spec.SchemaOrBool{Allows: true, Schema: sch}
			return nil
		case 't', 'f':
			s.AdditionalProperties = &spec.SchemaOrBool{Allows: v[0] == 't'}
			return nil
		}
		return viaJSON(v, &s.AdditionalProperties)
	case "discriminator":
		return stringField(v, &s.Discriminator)
	case "readOnly":
		return boolField(v, &s.ReadOnly)
	case "example":
		return anyField(v, &s.Example)
	case "not":
		return viaJSON(v, &s.Not)
	case "patternProperties":
		return viaJSON(v, &s.PatternProperties)
	case "dependencies":
		return viaJSON(v, &s.Dependencies)
	case "additionalItems":
		return viaJSON(v, &s.AdditionalItems)
	case "definitions":
		return viaJSON(v, &s.Definitions)
	case "xml":
		return viaJSON(v, &s.XML)
	case "externalDocs":
		return viaJSON(v, &s.ExternalDocs)
	}
	return errSlowPath
}

// schemaElem decodes a Schema held by value (a list element or a property): an object in one
// pass, anything else as encoding/json would (null is the zero Schema).
func schemaElem(v []byte, s *spec.Schema) error {
	if v[0] == '{' {
		return decodeSchema(v, s)
	}
	return viaJSON(v, s)
}

// schemaList decodes a JSON array of schemas; an empty array is an empty, non-nil list.
func schemaList(v []byte) ([]spec.Schema, error) {
	list := []spec.Schema{}
	err := eachElem(v, func(ev []byte) error {
		list = append(list, spec.Schema{})
		return schemaElem(ev, &list[len(list)-1])
	})
	return list, err
}

func schemaSlice(v []byte, dst *[]spec.Schema) error {
	switch v[0] {
	case '[':
		list, err := schemaList(v)
		*dst = list
		return err
	case 'n':
		return nil
	}
	return viaJSON(v, dst)
}
