// Package output holds rendered files in memory and writes them out all or nothing: a tree is
// written into a temporary sibling and swapped in by rename, so a failed or interrupted run
// leaves what was there before.
package output

import (
	"fmt"
	"io"
	"maps"
	"slices"
)

// Files are rendered output files keyed by slash-separated path relative to the output root.
type Files map[string][]byte

// Paths returns the paths in order.
func (fs Files) Paths() []string { return slices.Sorted(maps.Keys(fs)) }

// Dump lists the files and their sizes, for state dumps.
func (fs Files) Dump(w io.Writer) error {
	for _, p := range fs.Paths() {
		if _, err := fmt.Fprintf(w, "%s %d bytes\n", p, len(fs[p])); err != nil {
			return err
		}
	}
	return nil
}

// Merge returns one set holding the files of all sets; a path in two sets is an error, since
// two renderers would be fighting over one file.
func Merge(sets ...Files) (Files, error) {
	n := 0
	for _, s := range sets {
		n += len(s)
	}
	out := make(Files, n)
	for _, s := range sets {
		for p, data := range s {
			if _, dup := out[p]; dup {
				return nil, fmt.Errorf("two renderers produce %s", p)
			}
			out[p] = data
		}
	}
	return out, nil
}
