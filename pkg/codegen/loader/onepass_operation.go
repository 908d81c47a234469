package loader

import (
	"encoding/json"

	"github.com/go-openapi/spec"
)

// decodePathOps fills r (zero) from the valid JSON path item raw as json.Unmarshal would, reading
// only the members discovery needs and skipping the rest (other operations, examples) without
// decoding them, or returns errSlowPath. A plain struct ignores unknown members, so here only a
// known member repeated or spelled in another case is left to encoding/json.
func decodePathOps(raw []byte, r *rawPathOps) error {
	if raw[0] != '{' {
		return errSlowPath
	}
	var seen fieldSet
	return eachKey(raw, func(k string, v []byte) error {
		switch k {
		case "parameters":
			if !seen.first(0) {
				return errSlowPath
			}
			return parameterSlice(v, &r.Parameters)
		case "put":
			if !seen.first(1) {
				return errSlowPath
			}
			return decodePut(v, &r.Put)
		case "get":
			if !seen.first(2) {
				return errSlowPath
			}
			return decodeGet(v, &r.Get)
		case "delete":
			if !seen.first(3) {
				return errSlowPath
			}
			r.Delete = append(json.RawMessage(nil), v...)
			return nil
		}
		return unknownMember(k, pathOpsLower)
	})
}

// The fields of rawPathOps and its parts, lower-cased.
var (
	pathOpsLower  = lowerSet("parameters", "put", "get", "delete")
	putLower      = lowerSet("parameters")
	getLower      = lowerSet("responses")
	responseLower = lowerSet("schema")
)

// unknownMember accepts a member a plain struct ignores, unless encoding/json would match it to
// one of the fields regardless of case.
func unknownMember(k string, lowerFields map[string]bool) error {
	if foldsToKnown(k, lowerFields) {
		return errSlowPath
	}
	return nil
}

func decodePut(v []byte, dst **rawPut) error {
	switch v[0] {
	case 'n':
		return nil
	case '{':
	default:
		return errSlowPath
	}
	p := new(rawPut)
	*dst = p
	var seen fieldSet
	return eachKey(v, func(k string, mv []byte) error {
		if k == "parameters" {
			if !seen.first(0) {
				return errSlowPath
			}
			return parameterSlice(mv, &p.Parameters)
		}
		return unknownMember(k, putLower)
	})
}

func decodeGet(v []byte, dst **rawGet) error {
	switch v[0] {
	case 'n':
		return nil
	case '{':
	default:
		return errSlowPath
	}
	g := new(rawGet)
	*dst = g
	var seen fieldSet
	return eachKey(v, func(k string, mv []byte) error {
		if k != "responses" {
			return unknownMember(k, getLower)
		}
		if !seen.first(0) {
			return errSlowPath
		}
		switch mv[0] {
		case 'n':
			return nil
		case '{':
		default:
			return errSlowPath
		}
		g.Responses = map[string]rawResponse{}
		return eachKey(mv, func(code string, rv []byte) error {
			var resp rawResponse
			if err := decodeResponse(rv, &resp); err != nil {
				return err
			}
			g.Responses[code] = resp
			return nil
		})
	})
}

func decodeResponse(v []byte, r *rawResponse) error {
	switch v[0] {
	case 'n':
		return nil
	case '{':
	default:
		return errSlowPath
	}
	var seen fieldSet
	return eachKey(v, func(k string, mv []byte) error {
		if k != "schema" {
			return unknownMember(k, responseLower)
		}
		if !seen.first(0) {
			return errSlowPath
		}
		switch mv[0] {
		case 'n':
			return nil
		case '{':
		default:
			return errSlowPath
		}
		s := new(spec.Schema)
		r.Schema = s
		return decodeSchema(mv, s)
	})
}

// parameterSlice decodes a JSON array of parameters; an empty array is an empty, non-nil list.
func parameterSlice(v []byte, dst *[]spec.Parameter) error {
	switch v[0] {
	case 'n':
		return nil
	case '[':
	default:
		return errSlowPath
	}
	list := []spec.Parameter{}
	err := eachElem(v, func(ev []byte) error {
		list = append(list, spec.Parameter{})
		if ev[0] != '{' {
			return viaJSON(ev, &list[len(list)-1])
		}
		return decodeParameter(ev, &list[len(list)-1])
	})
	*dst = list
	return err
}
