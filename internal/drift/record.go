package drift

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// MaxRecordBytes bounds a Record as written on the resource: an annotation is part of every
// read and watch of the object, and all of an object's annotations together may not pass
// 256 KiB.
const MaxRecordBytes = 8 << 10

// recordPrefix names the format, so that a record of another format reads as one to ignore.
const recordPrefix = "v1:"

// hashSize is the bytes kept of each hash: 64 bits tell apart the values of one path.
const hashSize = 8

// entrySize is one entry: the key (path and value sent), then the value Azure held.
const entrySize = 2 * hashSize

// maxEntries is how many entries fit in MaxRecordBytes once encoded.
const maxEntries = (MaxRecordBytes - len(recordPrefix)) * 3 / 4 / entrySize

type hash [hashSize]byte

// Record is what Azure held right after the last PUT it completed, for the values that PUT sent
// where Azure answered something else (not equivalent, see equivalent). Each entry is keyed by
// a hash of the path and the value sent, so an entry applies only while the spec sends that
// same value there; it holds a hash of the value Azure held. Hashes, not values, keep a record
// small whatever the values, and salted with the resource's UID they cannot be looked up in a
// table made for another resource. Values that carry a secret are left out (see Build): a hash
// of a short password, salt known, can be reversed by guessing.
type Record struct {
	salt string
	held map[hash]hash
	// Dropped is how many entries Build left out to stay within MaxRecordBytes: their values
	// are compared as ARM compares them.
	Dropped int
}

// Build records what Azure held (its GET answer, held) for what a PUT sent, salted with salt.
// Values at the places of secrets are not recorded.
func Build(salt string, sent, held []byte, secrets Secrets) (Record, error) {
	s, h, err := decode(sent, held)
	if err != nil {
		return Record{}, err
	}
	r := Record{salt: salt, held: map[hash]hash{}}
	walk("", s, h, func(l leaf) bool {
		if equivalent(l.path, l.sent, l.held) || secrets.within(l.path) {
			return true
		}
		r.held[r.key(l.path, l.sent)] = r.value(l.held)
		return true
	})
	if n := len(r.held); n > maxEntries {
		// Kept in a stable order so the same answer makes the same record.
		keys := slices.SortedFunc(maps.Keys(r.held), func(a, b hash) int { return bytes.Compare(a[:], b[:]) })
		for _, k := range keys[maxEntries:] {
			delete(r.held, k)
		}
		r.Dropped = n - maxEntries
	}
	return r, nil
}

// Parse reads a record String wrote for the resource whose salt is salt. "" is an empty record.
// A record that is not one String writes, or longer than MaxRecordBytes, is an error saying
// why: it is ignored, not trusted.
func Parse(salt, text string) (Record, error) {
	r := Record{salt: salt, held: map[hash]hash{}}
	if text == "" {
		return r, nil
	}
	if len(text) > MaxRecordBytes {
		return r, fmt.Errorf("it is %d bytes, more than the %d a record may hold", len(text), MaxRecordBytes)
	}
	if !strings.HasPrefix(text, recordPrefix) {
		return r, fmt.Errorf("it does not start with %q", recordPrefix)
	}
	data, err := base64.RawURLEncoding.DecodeString(text[len(recordPrefix):])
	if err != nil {
		return r, fmt.Errorf("it is not base64url: %w", err)
	}
	if len(data)%entrySize != 0 {
		return r, fmt.Errorf("it holds %d bytes, not a whole number of %d-byte entries", len(data), entrySize)
	}
	for i := 0; i < len(data); i += entrySize {
		var k, v hash
		copy(k[:], data[i:i+hashSize])
		copy(v[:], data[i+hashSize:i+entrySize])
		r.held[k] = v
	}
	return r, nil
}

// String is the record as kept on the resource: "" when Azure held everything as sent.
func (r Record) String() string {
	if len(r.held) == 0 {
		return ""
	}
	keys := slices.SortedFunc(maps.Keys(r.held), func(a, b hash) int { return bytes.Compare(a[:], b[:]) })
	data := make([]byte, 0, len(keys)*entrySize)
	for _, k := range keys {
		v := r.held[k]
		data = append(append(data, k[:]...), v[:]...)
	}
	return recordPrefix + base64.RawURLEncoding.EncodeToString(data)
}

// Len is the number of values recorded.
func (r Record) Len() int { return len(r.held) }

// lookup is what Azure held after the PUT that sent sent at path, if recorded.
func (r Record) lookup(path string, sent any) (hash, bool) {
	v, ok := r.held[r.key(path, sent)]
	return v, ok
}

func (r Record) key(path string, sent any) hash {
	return r.sum("sent", path, canonical(sent))
}

func (r Record) value(held any) hash {
	return r.sum("held", "", canonical(held))
}

// sum hashes its parts with the salt, each ended by a zero byte so that no two lists of parts
// hash alike.
func (r Record) sum(parts ...string) hash {
	h := sha256.New()
	for _, p := range append([]string{r.salt}, parts...) {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	var out hash
	copy(out[:], h.Sum(nil))
	return out
}

// canonical is v as JSON with object keys sorted (encoding/json sorts map keys), so equal values
// hash alike however Azure ordered them.
func canonical(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func decode(sent, held []byte) (s, h any, err error) {
	if err := json.Unmarshal(sent, &s); err != nil {
		return nil, nil, fmt.Errorf("reading the desired body: %w", err)
	}
	if err := json.Unmarshal(held, &h); err != nil {
		return nil, nil, fmt.Errorf("reading Azure's answer: %w", err)
	}
	return s, h, nil
}
