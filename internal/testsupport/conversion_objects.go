package testsupport

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
)

// The webhook counts the objects of each review as controller-runtime's handler reads the body,
// instead of reading and decoding every review a second time (the reviews of a fleet are large:
// ~10 CPU-s of the operator benchmark at 10,000 resources went to that second decode). It only
// follows the JSON's structure: strings are skipped whole, and the one array counted is the
// value of "objects" in the top-level "request" object, with keys matched case-insensitively as
// encoding/json matches them to ConversionReview's fields. Whether the review held a request at
// all is the handler's to say (it refuses, with 400, a body it cannot decode or without one).

// objectCounter is a reader of a review's body that counts, as the body is read, the elements of
// its request.objects array.
type objectCounter struct {
	r io.Reader

	depth            int       // containers open around the next byte
	isObject         [3]bool   // at depths 1 and 2: the container there is an object
	keyNext          [3]bool   // at depths 1 and 2: a string there is a key
	key              [3]string // at depths 1 and 2: the last key read there, unescaped
	inRequest        bool      // the object at depth 2 is the top-level "request"
	inObjects        bool      // the array at depth 3 is request's "objects"
	valueNext        bool      // in objects: the next value is an element
	inString, escape bool
	collecting       bool // the string read is a key of depth 1 or 2, kept in keyBuf
	keyBuf           []byte
	objects          int
}

func newObjectCounter(r io.Reader) *objectCounter {
	return &objectCounter{r: r, keyBuf: make([]byte, 0, 16)}
}

func (c *objectCounter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.scan(p[:n])
	return n, err
}

// maxKey is the longest key kept, escaped: "request" with every letter escaped fits.
const maxKey = 64

func (c *objectCounter) scan(b []byte) {
	for i := 0; i < len(b); i++ {
		if c.inString {
			i = c.scanString(b, i)
			continue
		}
		switch ch := b[i]; ch {
		case ' ', '\t', '\n', '\r':
		case '"':
			c.element()
			c.inString = true
			c.collecting = (c.depth == 1 || c.depth == 2) && c.keyNext[c.depth]
			c.keyBuf = c.keyBuf[:0]
		case '{', '[':
			c.element()
			c.open(ch == '{')
		case '}', ']':
			c.close()
		case ':':
			if c.depth == 1 || c.depth == 2 {
				c.keyNext[c.depth] = false
			}
			if c.depth == 2 && c.inRequest && strings.EqualFold(c.key[2], "objects") {
				// A later "objects" replaces an earlier one, as it does when decoded (null too).
				c.objects = 0
			}
		case ',':
			if c.depth == 1 || c.depth == 2 {
				c.keyNext[c.depth] = c.isObject[c.depth]
			}
			if c.depth == 3 && c.inObjects {
				c.valueNext = true
			}
		default: // a number, true, false or null
			c.element()
		}
	}
}

// scanString reads b from i inside a string: it returns the index of the closing quote, or the
// last index of b when the string goes on in the next read.
func (c *objectCounter) scanString(b []byte, i int) int {
	for i < len(b) {
		if c.escape { // the byte after a backslash is the string's, a quote too
			c.escape = false
			c.keep(b[i : i+1])
			i++
			continue
		}
		q := bytes.IndexByte(b[i:], '"')
		if q < 0 {
			q = len(b) - i
		}
		if e := bytes.IndexByte(b[i:i+q], '\\'); e >= 0 {
			c.keep(b[i : i+e+1])
			c.escape = true
			i += e + 1
			continue
		}
		c.keep(b[i : i+q])
		if i+q == len(b) {
			break
		}
		c.inString = false
		if c.collecting {
			c.key[c.depth] = c.keyRead()
		}
		return i + q
	}
	return len(b) - 1
}

// keep adds the bytes of a key being read.
func (c *objectCounter) keep(b []byte) {
	if c.collecting {
		c.keyBuf = append(c.keyBuf, b[:min(len(b), maxKey+1-len(c.keyBuf))]...)
	}
}

// keyRead is the key just read, unescaped; "" when too long to be one counted.
func (c *objectCounter) keyRead() string {
	if len(c.keyBuf) > maxKey {
		return ""
	}
	if bytes.IndexByte(c.keyBuf, '\\') < 0 {
		return string(c.keyBuf)
	}
	var k string
	if json.Unmarshal(append(append([]byte{'"'}, c.keyBuf...), '"'), &k) != nil {
		return ""
	}
	return k
}

// element counts a value starting in request.objects.
func (c *objectCounter) element() {
	if c.depth == 3 && c.inObjects && c.valueNext {
		c.objects++
		c.valueNext = false
	}
}

func (c *objectCounter) open(object bool) {
	c.depth++
	switch c.depth {
	case 1, 2:
		c.isObject[c.depth], c.keyNext[c.depth], c.key[c.depth] = object, object, ""
		if c.depth == 2 {
			c.inRequest = object && c.isObject[1] && strings.EqualFold(c.key[1], "request")
		}
	case 3:
		c.inObjects = !object && c.inRequest && c.isObject[2] && strings.EqualFold(c.key[2], "objects")
		c.valueNext = c.inObjects
	}
}

func (c *objectCounter) close() {
	switch c.depth {
	case 2:
		c.inRequest = false
	case 3:
		c.inObjects = false
	}
	c.depth--
}
