package dstfmt

import "math"

// KeySections is gofmt's rule for where the aligned keys of a composite literal written one
// element per line start afresh. An element's size is its key's length when it is a keyed
// element on one line, its whole length when it is an unkeyed one, and 0 when it spans lines.
// Keys of up to 40 bytes always align with their neighbours; longer ones only while their size
// stays within 2.5 times the geometric mean of the section so far. Code written as text uses
// it too, so that the rule lives in one place.
type KeySections struct {
	lnsum float64
	count int
}

// Breaks tells whether an element of size size, after one of prevSize, starts a new section.
// The caller calls Reset when it starts one (for this reason or a blank line), then Add.
func (s *KeySections) Breaks(prevSize, size int) bool {
	if prevSize == 0 || size == 0 {
		return true
	}
	if s.count == 0 || prevSize <= 40 && size <= 40 {
		return false
	}
	const r = 2.5
	geomean := math.Exp(s.lnsum / float64(s.count))
	ratio := float64(size) / geomean
	return r*ratio <= 1 || r <= ratio
}

// Reset starts a new section.
func (s *KeySections) Reset() { s.lnsum, s.count = 0, 0 }

// Add counts an element of size size in the section.
func (s *KeySections) Add(size int) {
	if size > 0 {
		s.lnsum += math.Log(float64(size))
		s.count++
	}
}
