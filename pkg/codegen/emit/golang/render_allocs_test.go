package golang

import "testing"

// TestRenderAllocationsPerByte: the syntax trees are built from nodes made a batch at a time
// (node_slabs.go), so rendering allocates few objects for the code it writes. Made one by one,
// the nodes were half of all the objects of a whole-corpus run, and the collector's and
// allocator's work on them a good part of its time.
func TestRenderAllocationsPerByte(t *testing.T) {
	defs := scaledModel(3)
	render := func() int {
		size := 0
		for _, pkg := range defs.Packages() {
			files, err := PackageWith(defs, pkg, Options{Tests: true})
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range files {
				size += len(f.Content)
			}
		}
		return size
	}
	size := render()
	allocs := testing.AllocsPerRun(3, func() { render() })
	perKiB := allocs / float64(size) * 1024
	t.Logf("%.0f allocations for %d bytes: %.1f per KiB", allocs, size, perKiB)
	if perKiB > 95 {
		t.Errorf("rendering allocated %.1f objects per KiB of code written; want at most 95", perKiB)
	}
}
