package loader

import (
	"bytes"
	"encoding/json"
	"strings"
)

// The outline of a swagger file (its four top-level maps, each value kept as raw bytes) is
// split out of the file's bytes directly: encoding/json would walk every byte through its
// scanner twice (once to validate, once to decode) and copy every value, for a result that is
// only where each value starts and ends. The file is validated once with json.Valid; anything
// this splitter does not handle exactly as encoding/json would (a top-level value that is not an
// object, an outline key that is not an object or null, a key spelled in another case) is left
// to json.Unmarshal, so errors and results stay encoding/json's.

// outlineKeys are the top-level keys rawDocument decodes.
var outlineKeys = [...]string{"paths", "x-ms-paths", "definitions", "parameters"}

// splitOutline fills raw from data, which must be valid JSON; ok is false when the file needs
// encoding/json's own decoding.
func splitOutline(data []byte, raw *rawDocument) (ok bool) {
	i := skipSpace(data, 0)
	if i >= len(data) || data[i] != '{' {
		return false
	}
	fields := [...]*map[string]json.RawMessage{&raw.Paths, &raw.XMSPaths, &raw.Definitions, &raw.Parameters}
	return eachMember(data, i, func(key string, v []byte) bool {
		for n, name := range outlineKeys {
			if key == name {
				switch v[0] {
				case '{':
					return splitMembers(v, fields[n])
				case 'n': // null sets the map to nil, as encoding/json does
					*fields[n] = nil
					return true
				}
				return false
			}
			if strings.EqualFold(key, name) {
				return false // encoding/json matches field names without regard to case
			}
		}
		return true
	})
}

// splitMembers adds the members of the object v to *m (made when nil); a repeated key keeps its
// last value, as encoding/json does.
func splitMembers(v []byte, m *map[string]json.RawMessage) bool {
	if *m == nil {
		*m = make(map[string]json.RawMessage)
	}
	return eachMember(v, 0, func(key string, val []byte) bool {
		(*m)[key] = json.RawMessage(val[:len(val):len(val)])
		return true
	})
}

// eachMember calls f with each key and value of the valid JSON object starting at data[i].
func eachMember(data []byte, i int, f func(key string, value []byte) bool) bool {
	i = skipSpace(data, i+1) // past '{'
	if data[i] == '}' {
		return true
	}
	for {
		end := stringEnd(data, i)
		key, ok := unquoteKey(data[i:end])
		if !ok {
			return false
		}
		i = skipSpace(data, end)
		i = skipSpace(data, i+1) // past ':'
		vend := valueEnd(data, i)
		if !f(key, data[i:vend]) {
			return false
		}
		i = skipSpace(data, vend)
		if data[i] == '}' {
			return true
		}
		i = skipSpace(data, i+1) // past ','
	}
}

// unquoteKey returns the text of a quoted JSON string; escapes and non-ASCII bytes go through
// encoding/json so that they read exactly as it reads them.
func unquoteKey(q []byte) (string, bool) {
	plain := true
	for _, c := range q[1 : len(q)-1] {
		if c == '\\' || c >= 0x80 {
			plain = false
			break
		}
	}
	if plain {
		return string(q[1 : len(q)-1]), true
	}
	var s string
	return s, json.Unmarshal(q, &s) == nil
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
