package armfake

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/go-openapi/errors"
)

// decodeBody reads a JSON object body. A malformed body is ARM's InvalidRequestContent.
func decodeBody(body []byte) (map[string]any, *armError) {
	if len(bytes.TrimSpace(body)) == 0 {
		return nil, &armError{Code: "InvalidRequestContent", Message: "The request content was invalid and could not be deserialized: the body is empty."}
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, &armError{Code: "InvalidRequestContent", Message: "The request content was invalid and could not be deserialized: " + err.Error()}
	}
	if dec.More() {
		return nil, &armError{Code: "InvalidRequestContent", Message: "The request content was invalid and could not be deserialized: data after the JSON value."}
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, &armError{Code: "InvalidRequestContent", Message: "The request content was invalid and could not be deserialized: the body must be a JSON object."}
	}
	return m, nil
}

// validateBody checks a body (read-only properties already removed) against the PUT schema of
// the type's api-version, and turns go-openapi's findings into ARM's error envelope, one
// detail per finding, each naming its JSON path as target.
func validateBody(ops *typeOps, body map[string]any) *armError {
	res := ops.validator.Validate(body)
	if res == nil || res.IsValid() {
		return nil
	}
	var details []armError
	for _, e := range res.Errors {
		d := detailOf(e)
		// "must validate all the schemas (allOf)" only repeats the findings inside the allOf.
		if strings.Contains(d.Message, "must validate all the schemas") && len(res.Errors) > 1 {
			continue
		}
		details = append(details, d)
	}
	slices.SortFunc(details, func(a, b armError) int {
		if (a.Target == "") != (b.Target == "") {
			if a.Target == "" {
				return 1
			}
			return -1
		}
		return strings.Compare(a.Target+a.Message, b.Target+b.Message)
	})
	details = slices.CompactFunc(details, func(a, b armError) bool { return a.Target == b.Target && a.Message == b.Message })
	first := details[0]
	msg := first.Message
	if len(details) > 1 {
		msg = fmt.Sprintf("%s (and %d more problems, see details)", msg, len(details)-1)
	}
	return &armError{Code: "InvalidRequestContent", Target: first.Target, Message: msg, Details: details}
}

var arrayIndex = regexp.MustCompile(`\.(\d+)\b`)

func detailOf(e error) armError {
	ve, ok := e.(*errors.Validation)
	if !ok {
		return armError{Code: "InvalidRequestContent", Message: e.Error()}
	}
	// go-openapi writes array items as a.0.b; ARM writes a[0].b.
	target := arrayIndex.ReplaceAllString(strings.TrimPrefix(ve.Name, "."), "[$1]")
	code := "InvalidRequestContent"
	switch ve.Code() {
	case errors.RequiredFailCode:
		code = "MissingRequiredProperty"
	case errors.InvalidTypeCode:
		code = "InvalidPropertyType"
	case errors.EnumFailCode:
		code = "InvalidPropertyValue"
	case errors.PatternFailCode, errors.TooLongFailCode, errors.TooShortFailCode,
		errors.MaxFailCode, errors.MinFailCode, errors.MultipleOfFailCode,
		errors.MaxItemsFailCode, errors.MinItemsFailCode, errors.UniqueFailCode:
		code = "InvalidPropertyValue"
	}
	if target == "" {
		target = "body"
	}
	msg := strings.Replace(ve.Error(), strings.TrimPrefix(ve.Name, "."), target, 1)
	return armError{Code: code, Target: target, Message: msg}
}
