// Package yamlenc writes trees of maps, lists and scalars (what encoding/json decodes into an
// `any`, with numbers as YAML reads them) as YAML, byte for byte as go.yaml.in/yaml/v2's Marshal
// does, and so as sigs.k8s.io/yaml does for the same value. It walks the tree once into one
// buffer, without reflection or yaml/v2's event queue: CRDs, the generator's largest output, are
// encoded several times faster.
package yamlenc

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ErrUnsupported is returned for values the encoder does not write as yaml/v2 would (other Go
// types, strings that are not UTF-8, which yaml/v2 writes as !!binary, keys that need yaml/v2's
// long-key form); callers fall back to yaml/v2.
var ErrUnsupported = errors.New("yamlenc: value not supported")

// Marshal encodes v, which may hold map[string]any, []any, string, bool, int, int64, uint64,
// float64 and nil.
func Marshal(v any) ([]byte, error) {
	return MarshalSize(v, 4096)
}

// MarshalSize is Marshal with a guess at the size of the output, to allocate once.
func MarshalSize(v any, sizeHint int) ([]byte, error) {
	e := newEmitter(sizeHint)
	if err := e.node(v, true, false, false, false); err != nil {
		return nil, err
	}
	// The document end: the last line is ended.
	e.writeIndent()
	return e.out, nil
}

// node writes one node in its context (libyaml's emit_node).
func (e *emitter) node(v any, root, sequence, mapping, simpleKey bool) error {
	e.rootContext, e.sequenceContext, e.mappingContext, e.simpleKeyContext = root, sequence, mapping, simpleKey
	switch v := v.(type) {
	case map[string]any:
		return e.mapping(v)
	case []any:
		return e.sequence(v)
	case string:
		return e.str(v)
	case nil:
		e.scalar("null", plainStyle)
	case bool:
		e.scalar(strconv.FormatBool(v), plainStyle)
	case int:
		e.scalar(strconv.Itoa(v), plainStyle)
	case int64:
		e.scalar(strconv.FormatInt(v, 10), plainStyle)
	case uint64:
		e.scalar(strconv.FormatUint(v, 10), plainStyle)
	case float64:
		e.scalar(formatFloat(v), plainStyle)
	default:
		return fmt.Errorf("%w: %T", ErrUnsupported, v)
	}
	return nil
}

func formatFloat(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return ".inf"
	case math.IsInf(f, -1):
		return "-.inf"
	case math.IsNaN(f):
		return ".nan"
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// str writes a string as yaml/v2's encoder asks: literal when it has a line break, plain when it
// reads back as itself, else double-quoted; the emitter may then quote it further.
func (e *emitter) str(s string) error {
	if !utf8.ValidString(s) {
		return fmt.Errorf("%w: a string that is not UTF-8", ErrUnsupported)
	}
	want := doubleQuotedStyle
	switch {
	case strings.Contains(s, "\n"):
		want = literalStyle
	case readsAsString(s):
		want = plainStyle
	}
	e.scalar(s, want)
	return nil
}

func (e *emitter) mapping(m map[string]any) error {
	if len(m) == 0 {
		e.writeIndicator("{", true, true, false)
		e.increaseIndent(true, false)
		e.popIndent()
		e.writeIndicator("}", false, false, false)
		return nil
	}
	keys := make([]string, 0, len(m))
	ascii := true
	for k := range m {
		keys = append(keys, k)
		ascii = ascii && isASCII(k)
	}
	// Nearly every key is ASCII: checked once per key, not in every comparison.
	less := keyLess
	if ascii {
		less = asciiKeyLess
	}
	slices.SortFunc(keys, func(a, b string) int {
		switch {
		case less(a, b):
			return -1
		case less(b, a):
			return 1
		}
		return 0
	})
	e.increaseIndent(false, false)
	for _, k := range keys {
		if !simpleKey(k) {
			return fmt.Errorf("%w: key %.40q is not UTF-8 or needs the long form", ErrUnsupported, k)
		}
		e.writeIndent()
		if err := e.node(k, false, false, true, true); err != nil {
			return err
		}
		e.writeIndicator(":", false, false, false)
		if err := e.node(m[k], false, false, true, false); err != nil {
			return err
		}
	}
	e.popIndent()
	return nil
}

// simpleKey is libyaml's check_simple_key for a string key: one line, at most 128 bytes (and
// UTF-8, which the encoder needs of every string).
func simpleKey(k string) bool {
	return len(k) <= 128 && utf8.ValidString(k) && !analyze(k).multiline
}

func (e *emitter) sequence(l []any) error {
	if len(l) == 0 {
		e.writeIndicator("[", true, true, false)
		e.increaseIndent(true, false)
		e.popIndent()
		e.writeIndicator("]", false, false, false)
		return nil
	}
	e.increaseIndent(false, e.mappingContext && !e.indention)
	for _, item := range l {
		e.writeIndent()
		e.writeIndicator("-", true, false, true)
		if err := e.node(item, false, true, false, false); err != nil {
			return err
		}
	}
	e.popIndent()
	return nil
}
