package golang

import (
	"fmt"
	"testing"

	"github.com/armgen/armgen/pkg/astmodel"
)

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

// TestBuilderAllocations: the helpers behind every field, comment and assignment allocate once
// each, not once per part: a struct tag is one string (it was a builder grown in steps, a quoted
// copy per value and the back-quoted copy), a doc comment is the list of lines cut from one
// string (it was a string per line), an assignment keeps both sides in one array.
func TestBuilderAllocations(t *testing.T) {
	extra := []astmodel.Tag{{Key: "yaml", Value: "name,omitempty"}, {Key: "xml", Value: "name"}}
	doc := make([]string, 20)
	for i := range doc {
		doc[i] = fmt.Sprintf("line %d of a description", i)
	}
	doc[7] = ""
	lhs, rhs := ident("a"), ident("b")
	for _, c := range []struct {
		name string
		want float64
		run  func()
	}{
		{"structTag", 2, func() { structTag("name", extra) }},
		{"commentLines", 2, func() { commentLines(doc) }},
		// the node itself comes from a batch (node_slabs.go), a fraction of an allocation.
		{"assign", 1.1, func() { assign(lhs, rhs) }},
	} {
		if got := testing.AllocsPerRun(1000, c.run); got > c.want {
			t.Errorf("%s: %.2f allocations per call, want at most %.1f", c.name, got, c.want)
		}
	}
}

// A tag holding a back quote cannot be a raw string: it is an interpreted one.
func TestStructTagBackQuote(t *testing.T) {
	for json, want := range map[string]string{
		"name":   "`json:\"name\" x:\"y\"`",
		"a`b":    `"json:\"a` + "`" + `b\" x:\"y\""`,
		"a\"b\\": "`json:\"a\\\"b\\\\\" x:\"y\"`",
	} {
		if got := structTag(json, []astmodel.Tag{{Key: "x", Value: "y"}}).Value; got != want {
			t.Errorf("structTag(%q) = %s, want %s", json, got, want)
		}
	}
}
