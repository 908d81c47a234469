package loader

import (
	"github.com/go-openapi/spec"
)

// The members of spec.Items (CommonValidations and SimpleSchema) and those spec.Parameter adds
// (ParamProps), lower-cased to catch spellings encoding/json would also match.
var (
	itemsFieldsLower = lowerSet("maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength",
		"minLength", "pattern", "maxItems", "minItems", "uniqueItems", "multipleOf", "enum",
		"type", "nullable", "format", "items", "collectionFormat", "default", "example")
	paramFieldsLower = func() map[string]bool {
		m := lowerSet("description", "name", "in", "required", "schema", "allowEmptyValue")
		for k := range itemsFieldsLower {
			m[k] = true
		}
		return m
	}()
)

// decodeParameter fills p (a zero Parameter) from the valid JSON value raw as
// spec.Parameter.UnmarshalJSON would, or returns errSlowPath.
func decodeParameter(raw []byte, p *spec.Parameter) error {
	if raw[0] != '{' {
		return errSlowPath
	}
	var seen fieldSet
	var ref []byte
	err := eachKey(raw, func(k string, v []byte) error {
		if bit, ok := simpleField(k); ok {
			if !seen.first(bit) {
				return errSlowPath
			}
			return simpleMember(&p.CommonValidations, &p.SimpleSchema, k, v)
		}
		if bit, ok := paramField(k); ok {
			if !seen.first(bit) {
				return errSlowPath
			}
			return paramMember(&p.ParamProps, k, v)
		}
		return otherMember(k, v, &ref, &p.VendorExtensible, paramFieldsLower)
	})
	if err != nil {
		return err
	}
	return refFrom(&p.Ref, ref)
}

// decodeItems fills it (zero Items) from the valid JSON value raw as spec.Items.UnmarshalJSON
// would, or returns errSlowPath.
func decodeItems(raw []byte, it *spec.Items) error {
	if raw[0] != '{' {
		return errSlowPath
	}
	var seen fieldSet
	var ref []byte
	err := eachKey(raw, func(k string, v []byte) error {
		if bit, ok := simpleField(k); ok {
			if !seen.first(bit) {
				return errSlowPath
			}
			return simpleMember(&it.CommonValidations, &it.SimpleSchema, k, v)
		}
		return otherMember(k, v, &ref, &it.VendorExtensible, itemsFieldsLower)
	})
	if err != nil {
		return err
	}
	return refFrom(&it.Ref, ref)
}

// otherMember handles a member that is no field: $ref is kept for the end (the last one counts),
// extensions are kept, anything else is ignored, as go-openapi ignores it.
func otherMember(k string, v []byte, ref *[]byte, ext *spec.VendorExtensible, lowerKnown map[string]bool) error {
	switch {
	case k == "$ref":
		*ref = v
		return nil
	case foldsToKnown(k, lowerKnown):
		return errSlowPath
	case !isExtension(k):
		if !numbersFit(v) {
			return errSlowPath
		}
		return nil
	}
	x, err := decodeAny(v)
	if ext.Extensions == nil {
		ext.Extensions = map[string]any{}
	}
	ext.Extensions[k] = x
	return err
}

func simpleField(k string) (uint, bool) {
	switch k {
	case "maximum":
		return 0, true
	case "exclusiveMaximum":
		return 1, true
	case "minimum":
		return 2, true
	case "exclusiveMinimum":
		return 3, true
	case "maxLength":
		return 4, true
	case "minLength":
		return 5, true
	case "pattern":
		return 6, true
	case "maxItems":
		return 7, true
	case "minItems":
		return 8, true
	case "uniqueItems":
		return 9, true
	case "multipleOf":
		return 10, true
	case "enum":
		return 11, true
	case "type":
		return 12, true
	case "nullable":
		return 13, true
	case "format":
		return 14, true
	case "items":
		return 15, true
	case "collectionFormat":
		return 16, true
	case "default":
		return 17, true
	case "example":
		return 18, true
	}
	return 0, false
}

func paramField(k string) (uint, bool) {
	switch k {
	case "description":
		return 19, true
	case "name":
		return 20, true
	case "in":
		return 21, true
	case "required":
		return 22, true
	case "schema":
		return 23, true
	case "allowEmptyValue":
		return 24, true
	}
	return 0, false
}

func simpleMember(cv *spec.CommonValidations, ss *spec.SimpleSchema, k string, v []byte) error {
	switch k {
	case "maximum":
		return floatField(v, &cv.Maximum)
	case "exclusiveMaximum":
		return boolField(v, &cv.ExclusiveMaximum)
	case "minimum":
		return floatField(v, &cv.Minimum)
	case "exclusiveMinimum":
		return boolField(v, &cv.ExclusiveMinimum)
	case "maxLength":
		return intField(v, &cv.MaxLength)
	case "minLength":
		return intField(v, &cv.MinLength)
	case "pattern":
		return stringField(v, &cv.Pattern)
	case "maxItems":
		return intField(v, &cv.MaxItems)
	case "minItems":
		return intField(v, &cv.MinItems)
	case "uniqueItems":
		return boolField(v, &cv.UniqueItems)
	case "multipleOf":
		return floatField(v, &cv.MultipleOf)
	case "enum":
		return anySlice(v, &cv.Enum)
	case "type":
		return stringField(v, &ss.Type)
	case "nullable":
		return boolField(v, &ss.Nullable)
	case "format":
		return stringField(v, &ss.Format)
	case "items":
		if v[0] != '{' {
			return viaJSON(v, &ss.Items)
		}
		it := new(spec.Items)
		ss.Items = it
		return decodeItems(v, it)
	case "collectionFormat":
		return stringField(v, &ss.CollectionFormat)
	case "default":
		return anyField(v, &ss.Default)
	case "example":
		return anyField(v, &ss.Example)
	}
	return errSlowPath
}

func paramMember(pp *spec.ParamProps, k string, v []byte) error {
	switch k {
	case "description":
		return stringField(v, &pp.Description)
	case "name":
		return stringField(v, &pp.Name)
	case "in":
		return stringField(v, &pp.In)
	case "required":
		return boolField(v, &pp.Required)
	case "schema":
		if v[0] != '{' {
			return viaJSON(v, &pp.Schema)
		}
		s := new(spec.Schema)
		pp.Schema = s
		return decodeSchema(v, s)
	case "allowEmptyValue":
		return boolField(v, &pp.AllowEmptyValue)
	}
	return errSlowPath
}
