package loader

// validScan checks JSON syntax exactly as json.Valid does while handing out where values start
// and end, so a file is validated and split in the same pass instead of one pass each.

// maxNesting is encoding/json's limit on nested arrays and objects: one more is invalid JSON.
const maxNesting = 10000

// validValue returns the index just past the JSON value at data[i] (no leading space), with ok
// false when it is not valid JSON. depth counts the arrays and objects around it.
func validValue(data []byte, i, depth int) (int, bool) {
	if i >= len(data) {
		return i, false
	}
	switch c := data[i]; {
	case c == '{':
		return validObject(data, i, depth+1, nil)
	case c == '[':
		return validArray(data, i, depth+1)
	case c == '"':
		return validString(data, i)
	case c == 't':
		return validLiteral(data, i, "true")
	case c == 'f':
		return validLiteral(data, i, "false")
	case c == 'n':
		return validLiteral(data, i, "null")
	case c == '-' || c >= '0' && c <= '9':
		return validNumber(data, i)
	}
	return i, false
}

// validObject validates the object at data[i], which depth counts. member, when not nil, is
// given each member's raw key and the index where its value starts, and returns the index just
// past that value (it must validate it, at depth, as validValue would); its ok false stops the walk.
func validObject(data []byte, i, depth int, member func(key []byte, at int) (int, bool)) (int, bool) {
	if depth > maxNesting {
		return i, false
	}
	i = skipSpace(data, i+1)
	if i < len(data) && data[i] == '}' {
		return i + 1, true
	}
	for {
		if i >= len(data) || data[i] != '"' {
			return i, false
		}
		kend, ok := validString(data, i)
		if !ok {
			return kend, false
		}
		key := data[i:kend]
		i = skipSpace(data, kend)
		if i >= len(data) || data[i] != ':' {
			return i, false
		}
		i = skipSpace(data, i+1)
		if member != nil {
			i, ok = member(key, i)
		} else {
			i, ok = validValue(data, i, depth)
		}
		if !ok {
			return i, false
		}
		i = skipSpace(data, i)
		if i >= len(data) {
			return i, false
		}
		switch data[i] {
		case '}':
			return i + 1, true
		case ',':
			i = skipSpace(data, i+1)
		default:
			return i, false
		}
	}
}

func validArray(data []byte, i, depth int) (int, bool) {
	if depth > maxNesting {
		return i, false
	}
	i = skipSpace(data, i+1)
	if i < len(data) && data[i] == ']' {
		return i + 1, true
	}
	for {
		var ok bool
		if i, ok = validValue(data, i, depth); !ok {
			return i, false
		}
		i = skipSpace(data, i)
		if i >= len(data) {
			return i, false
		}
		switch data[i] {
		case ']':
			return i + 1, true
		case ',':
			i = skipSpace(data, i+1)
		default:
			return i, false
		}
	}
}

// validString accepts what encoding/json accepts: no control characters, the JSON escapes, and
// any other bytes (it does not require UTF-8).
func validString(data []byte, i int) (int, bool) {
	for i++; i < len(data); {
		switch c := data[i]; {
		case c == '"':
			return i + 1, true
		case c == '\\':
			if i+1 >= len(data) {
				return i, false
			}
			switch data[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 > len(data) {
					return i, false
				}
				for _, h := range data[i+2 : i+6] {
					if !isHex(h) {
						return i, false
					}
				}
				i += 6
			default:
				return i, false
			}
		case c < 0x20:
			return i, false
		default:
			i++
		}
	}
	return i, false
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func validLiteral(data []byte, i int, lit string) (int, bool) {
	if len(data)-i < len(lit) || string(data[i:i+len(lit)]) != lit {
		return i, false
	}
	return i + len(lit), true
}

// validNumber accepts -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?; what follows is the
// caller's to check.
func validNumber(data []byte, i int) (int, bool) {
	if data[i] == '-' {
		i++
	}
	switch {
	case i < len(data) && data[i] == '0':
		i++
	case i < len(data) && data[i] >= '1' && data[i] <= '9':
		i = digits(data, i)
	default:
		return i, false
	}
	if i < len(data) && data[i] == '.' {
		j := digits(data, i+1)
		if j == i+1 {
			return j, false
		}
		i = j
	}
	if i < len(data) && (data[i] == 'e' || data[i] == 'E') {
		i++
		if i < len(data) && (data[i] == '+' || data[i] == '-') {
			i++
		}
		j := digits(data, i)
		if j == i {
			return j, false
		}
		i = j
	}
	return i, true
}

func digits(data []byte, i int) int {
	for i < len(data) && data[i] >= '0' && data[i] <= '9' {
		i++
	}
	return i
}

// validJSON is json.Valid.
func validJSON(data []byte) bool {
	i, ok := validValue(data, skipSpace(data, 0), 0)
	return ok && skipSpace(data, i) == len(data)
}
