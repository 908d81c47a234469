package loader

import (
	"fmt"
	"io"
)

// Dump lists the api-version folders, for state dumps. The root is left out: it is a path on
// the machine that ran, which a golden must not hold.
func (ix *Index) Dump(w io.Writer) error {
	for _, v := range ix.Versions {
		stability := "preview"
		if v.Stable {
			stability = "stable"
		}
		if _, err := fmt.Fprintf(w, "%s %s (%s, %s): %d file(s)\n", v.Group, v.APIVersion, stability, v.Dir, len(v.Files)); err != nil {
			return err
		}
	}
	return nil
}

// Dump counts the documents loaded so far, for state dumps; which ones is in the versions'
// dump, and loading on demand means later stages may add the files $refs lead to.
func (c *Corpus) Dump(w io.Writer) error {
	c.mu.Lock()
	loaded, failed := 0, 0
	for _, e := range c.docs {
		switch {
		case e.err != nil:
			failed++
		case e.doc != nil:
			loaded++
		}
	}
	c.mu.Unlock()
	_, err := fmt.Fprintf(w, "%d document(s) loaded, %d failed\n", loaded, failed)
	return err
}
