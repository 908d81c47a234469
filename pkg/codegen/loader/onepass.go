package loader

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/go-openapi/spec"
)

// go-openapi's models decode each object several times (a Schema once into its props, once into
// a map for its extensions; a Parameter five times, once per embedded struct) and again at every
// nesting level, so a schema nested k deep is read about 2k times. The one-pass decoders in the
// onepass*.go files fill the same go-openapi types from bytes already known to be valid JSON,
// reading each byte once. Whatever they do not reproduce exactly as go-openapi would (a type
// mismatch, a key repeated or spelled in another case, a $schema, a $ref that does not parse)
// makes them give up with errSlowPath, and the caller decodes the whole value with go-openapi
// instead: results and errors stay go-openapi's by construction, and the fast path only has to be
// right for what it accepts.

// errSlowPath says the one-pass decoder declined the value; it never leaves this package.
var errSlowPath = errors.New("loader: value needs go-openapi's own decoding")

// viaJSON decodes one member's value as encoding/json would decode it inside its struct (the
// target is a fresh zero value), for the shapes the one-pass decoders leave to it; any error
// sends the whole value to the slow path, where go-openapi reports it in its own words.
func viaJSON(raw []byte, v any) error {
	if !numbersFit(raw) {
		return errSlowPath
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return errSlowPath
	}
	return nil
}

// numbersFit reports whether every number in the valid JSON value raw fits a float64. go-openapi
// decodes each object a second time into a map[string]any, which refuses a number out of
// float64's range anywhere in it, also in members that no field reads; a value the one-pass
// decoder skips or hands to viaJSON must not hide one.
func numbersFit(raw []byte) bool {
	for i := 0; i < len(raw); {
		c := raw[i]
		switch {
		case c == '"':
			i = stringEnd(raw, i)
		case c == '-' || c >= '0' && c <= '9':
			end := valueEnd(raw, i)
			num := raw[i:end]
			// Only an exponent or more digits than float64's range can hold overflows.
			if len(num) > 300 || bytes.ContainsAny(num, "eE") {
				if _, err := strconv.ParseFloat(string(num), 64); err != nil {
					return false
				}
			}
			i = end
		default:
			i++
		}
	}
	return true
}

// unquote returns the text of the valid JSON string q. A string without escapes whose bytes are
// valid UTF-8 is its own text (encoding/json returns it unchanged too); anything else goes through
// encoding/json so escapes, surrogates and invalid bytes read exactly as it reads them.
func unquote(q []byte) string {
	body := q[1 : len(q)-1]
	plain := true
	for _, c := range body {
		if c == '\\' || c >= 0x80 {
			plain = false
			break
		}
	}
	if plain || (!containsByte(body, '\\') && utf8.Valid(body)) {
		return string(body)
	}
	var s string
	_ = json.Unmarshal(q, &s) // q is valid JSON, so this cannot fail
	return s
}

func containsByte(b []byte, c byte) bool {
	for _, x := range b {
		if x == c {
			return true
		}
	}
	return false
}

// eachKey calls f with each unquoted key and raw value of the valid JSON object v; f's error
// stops the walk and is returned.
func eachKey(v []byte, f func(key string, raw []byte) error) error {
	i := skipSpace(v, 1)
	if v[i] == '}' {
		return nil
	}
	for {
		end := stringEnd(v, i)
		key := unquote(v[i:end])
		i = skipSpace(v, end)
		i = skipSpace(v, i+1) // past ':'
		vend := valueEnd(v, i)
		if err := f(key, v[i:vend]); err != nil {
			return err
		}
		i = skipSpace(v, vend)
		if v[i] == '}' {
			return nil
		}
		i = skipSpace(v, i+1) // past ','
	}
}

// eachElem calls f with each raw element of the valid JSON array v.
func eachElem(v []byte, f func(raw []byte) error) error {
	i := skipSpace(v, 1)
	if v[i] == ']' {
		return nil
	}
	for {
		end := valueEnd(v, i)
		if err := f(v[i:end]); err != nil {
			return err
		}
		i = skipSpace(v, end)
		if v[i] == ']' {
			return nil
		}
		i = skipSpace(v, i+1) // past ','
	}
}

// decodeAny decodes a valid JSON value as encoding/json decodes it into an interface{}: objects
// as map[string]any (a repeated key keeps its last value), arrays as []any, numbers as float64.
func decodeAny(raw []byte) (any, error) {
	switch raw[0] {
	case '"':
		return unquote(raw), nil
	case 't':
		return true, nil
	case 'f':
		return false, nil
	case 'n':
		return nil, nil
	case '{':
		m := map[string]any{}
		err := eachKey(raw, func(k string, v []byte) error {
			x, err := decodeAny(v)
			m[k] = x
			return err
		})
		return m, err
	case '[':
		a := []any{}
		err := eachElem(raw, func(v []byte) error {
			x, err := decodeAny(v)
			a = append(a, x)
			return err
		})
		return a, err
	}
	f, err := strconv.ParseFloat(string(raw), 64)
	if err != nil {
		return nil, errSlowPath // out of float64's range: encoding/json refuses it
	}
	return f, nil
}

// fieldSet tracks which known members an object has set, to leave repeated ones (which
// encoding/json merges into the value already decoded) to the slow path.
type fieldSet uint64

func (s *fieldSet) first(bit uint) bool {
	if *s&(1<<bit) != 0 {
		return false
	}
	*s |= 1 << bit
	return true
}

// foldsToKnown reports whether key, which is none of the known names exactly, is one
// encoding/json would still match to a known field (it ignores case) or might (non-ASCII keys
// fold in ways not worth reproducing).
func foldsToKnown(key string, lowerKnown map[string]bool) bool {
	for i := 0; i < len(key); i++ {
		if key[i] >= 0x80 {
			return true
		}
	}
	return lowerKnown[strings.ToLower(key)]
}

func lowerSet(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[strings.ToLower(n)] = true
	}
	return m
}

// isExtension is go-openapi's test for a vendor extension key.
func isExtension(key string) bool {
	return len(key) >= 2 && (key[0] == 'x' || key[0] == 'X') && key[1] == '-'
}

// refFrom sets r from the last $ref member's value as go-openapi does (only a string counts); a
// string that does not parse is left to the slow path.
func refFrom(r *spec.Ref, raw []byte) error {
	if raw == nil || raw[0] != '"' {
		return nil
	}
	ref, err := spec.NewRef(unquote(raw))
	if err != nil {
		return errSlowPath
	}
	*r = ref
	return nil
}

// Scalars as encoding/json stores them in typed fields; other shapes go to viaJSON.

func stringField(raw []byte, dst *string) error {
	switch raw[0] {
	case '"':
		*dst = unquote(raw)
		return nil
	case 'n':
		return nil
	}
	return errSlowPath
}

func boolField(raw []byte, dst *bool) error {
	switch raw[0] {
	case 't':
		*dst = true
		return nil
	case 'f', 'n':
		return nil
	}
	return errSlowPath
}

func floatField(raw []byte, dst **float64) error {
	if raw[0] == 'n' {
		return nil
	}
	if raw[0] != '-' && (raw[0] < '0' || raw[0] > '9') {
		return errSlowPath
	}
	f, err := strconv.ParseFloat(string(raw), 64)
	if err != nil {
		return errSlowPath
	}
	*dst = &f
	return nil
}

func intField(raw []byte, dst **int64) error {
	if raw[0] == 'n' {
		return nil
	}
	if raw[0] != '-' && (raw[0] < '0' || raw[0] > '9') {
		return errSlowPath
	}
	n, err := strconv.ParseInt(string(raw), 10, 64)
	if err != nil {
		return errSlowPath
	}
	*dst = &n
	return nil
}

func anyField(raw []byte, dst *any) error {
	v, err := decodeAny(raw)
	*dst = v
	return err
}

func anySlice(raw []byte, dst *[]any) error {
	switch raw[0] {
	case 'n':
		return nil
	case '[':
		a := []any{}
		err := eachElem(raw, func(v []byte) error {
			x, err := decodeAny(v)
			a = append(a, x)
			return err
		})
		*dst = a
		return err
	}
	return errSlowPath
}

func stringSlice(raw []byte, dst *[]string) error {
	switch raw[0] {
	case 'n':
		return nil
	case '[':
		a := []string{}
		err := eachElem(raw, func(v []byte) error {
			if v[0] != '"' {
				return errSlowPath
			}
			a = append(a, unquote(v))
			return nil
		})
		*dst = a
		return err
	}
	return errSlowPath
}
