package armschema

import (
	"fmt"
	"strconv"
	"strings"
)

// PayloadError lists how a payload departs from the schema.
type PayloadError struct {
	ARMType, APIVersion, File string
	Problems                  []Problem
}

// Problem is one departure, at a JSON path (properties.rules[0].name; "" for the payload).
type Problem struct {
	Path    string
	Message string
	pointer string
}

func (e *PayloadError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "the payload does not match the PUT body of %s@%s (%s):", e.ARMType, e.APIVersion, e.File)
	for _, p := range e.Problems {
		path := p.Path
		if path == "" {
			path = "(the payload)"
		}
		fmt.Fprintf(&b, "\n  %s: %s", path, p.Message)
	}
	return b.String()
}

// displayPath renders a JSON pointer into value as ARM writes paths: properties.rules[0].name,
// with keys that are not identifiers quoted (tags["a.b"]).
func displayPath(value any, pointer string) string {
	if pointer == "" {
		return ""
	}
	var b strings.Builder
	cur := value
	for _, raw := range strings.Split(strings.TrimPrefix(pointer, "/"), "/") {
		tok := strings.ReplaceAll(strings.ReplaceAll(raw, "~1", "/"), "~0", "~")
		switch x := cur.(type) {
		case []any:
			if i, err := strconv.Atoi(tok); err == nil && i >= 0 && i < len(x) {
				fmt.Fprintf(&b, "[%d]", i)
				cur = x[i]
				continue
			}
		case map[string]any:
			cur = x[tok]
		default:
			cur = nil
		}
		if identifier(tok) {
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(tok)
		} else {
			fmt.Fprintf(&b, "[%s]", strconv.Quote(tok))
		}
	}
	return b.String()
}

func identifier(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		switch {
		case r == '_' || r == '$' || r == '@' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z':
		case i > 0 && (r >= '0' && r <= '9' || r == '-'):
		default:
			return false
		}
	}
	return true
}
