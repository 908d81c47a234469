package pipeline

import (
	"fmt"
	"io"
	"slices"
)

// Dumper is side data that can describe itself in a state dump.
type Dumper interface {
	Dump(w io.Writer) error
}

// Dump writes a readable, deterministic picture of the state: every definition, then every
// piece of side data that knows how to describe itself.
func Dump(w io.Writer, s State) error {
	for _, d := range s.Definitions().Sorted() {
		if _, err := fmt.Fprintf(w, "%s = %s\n", d.Name, d.Type); err != nil {
			return err
		}
	}
	names := s.SideNames()
	slices.Sort(names)
	for _, n := range names {
		fmt.Fprintf(w, "\n# %s\n", n)
		if d, ok := s.sideValue(n).(Dumper); ok {
			if err := d.Dump(w); err != nil {
				return err
			}
		} else {
			fmt.Fprintf(w, "(%T)\n", s.sideValue(n))
		}
	}
	return nil
}
