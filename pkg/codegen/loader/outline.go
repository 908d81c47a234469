package loader

import (
	"bytes"
	"encoding/json"
	"strings"
)

// The outline of a swagger file (its four top-level maps, each value kept as raw bytes) is
// split out of the file's bytes directly, in the same pass that validates them (validscan.go):
// encoding/json would walk every byte through its scanner twice (once to validate, once to
// decode) and copy every value, for a result that is only where each value starts and ends.
// Anything this splitter does not handle exactly as encoding/json would (invalid JSON, a
// top-level value that is not an object, an outline key that is not an object or null, a key
// spelled in another case) is left to json.Unmarshal, so errors and results stay encoding/json's.

// outlineKeys are the top-level keys rawDocument decodes.
var outlineKeys = [...]string{"paths", "x-ms-paths", "definitions", "parameters"}

// splitOutline validates data and fills raw from it; ok is false when the file is not valid JSON
// or needs encoding/json's own decoding.
func splitOutline(data []byte, raw *rawDocument) (ok bool) {
	i := skipSpace(data, 0)
	if i >= len(data) || data[i] != '{' {
		return false
	}
	fields := [...]*map[string]json.RawMessage{&raw.Paths, &raw.XMSPaths, &raw.Definitions, &raw.Parameters}
	end, ok := validObject(data, i, 1, func(rawKey []byte, at int) (int, bool) {
		key := unquote(rawKey)
		if at >= len(data) {
			return at, false // truncated: encoding/json reports it
		}
		for n, name := range outlineKeys {
			if key == name {
				switch data[at] {
				case '{':
					return splitMembers(data, at, fields[n])
				case 'n': // null sets the map to nil, as encoding/json does
					*fields[n] = nil
					return validLiteral(data, at, "null")
				}
				return at, false
			}
			if strings.EqualFold(key, name) {
				return at, false // encoding/json matches field names without regard to case
			}
		}
		return validValue(data, at, 1)
	})
	return ok && skipSpace(data, end) == len(data)
}

// splitMembers validates the object at data[at] (an outline map, at depth 2) and adds its
// members to *m (made when nil); a repeated key keeps its last value, as encoding/json does.
func splitMembers(data []byte, at int, m *map[string]json.RawMessage) (int, bool) {
	if *m == nil {
		*m = make(map[string]json.RawMessage)
	}
	return validObject(data, at, 2, func(rawKey []byte, vat int) (int, bool) {
		key := unquote(rawKey)
		vend, ok := validValue(data, vat, 2)
		if ok {
			(*m)[key] = json.RawMessage(data[vat:vend:vend])
		}
		return vend, ok
	})
}

func skipSpace(data []byte, i int) int {
	for i < len(data) {
		switch data[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// stringEnd returns the index just past the JSON string starting at data[i].
func stringEnd(data []byte, i int) int {
	i++
	for {
		j := bytes.IndexByte(data[i:], '"')
		if j < 0 {
			return len(data)
		}
		i += j
		// The quote ends the string unless an odd run of backslashes escapes it.
		k := i
		for k > 0 && data[k-1] == '\\' {
			k--
		}
		i++
		if (i-1-k)%2 == 0 {
			return i
		}
	}
}

// valueEnd returns the index just past the valid JSON value starting at data[i].
func valueEnd(data []byte, i int) int {
	switch data[i] {
	case '"':
		return stringEnd(data, i)
	case '{', '[':
		depth := 0
		for i < len(data) {
			switch data[i] {
			case '"':
				i = stringEnd(data, i)
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1
				}
			}
			i++
		}
		return i
	}
	for i < len(data) {
		switch data[i] {
		case ',', '}', ']', ' ', '\t', '\n', '\r':
			return i
		}
		i++
	}
	return i
}
