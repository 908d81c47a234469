package golang

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/armgen/armgen/pkg/astmodel"
)

// TestRenderRetainsNoTrees: once rendered, a file's syntax tree is garbage. Nodes once came
// from batches shared by every file a processor rendered (fewer allocations); a batch lives
// while any node in it does, and the dead nodes in it keep what they point to alive, so each
// file's tree held on to the one before it: the heap grew with every file rendered, and the
// whole corpus peaked hundreds of MiB higher.
func TestRenderRetainsNoTrees(t *testing.T) {
	defs := scaledModel(3)
	render := func() {
		for _, pkg := range defs.Packages() {
			if _, err := PackageWith(defs, pkg, Options{Tests: true}); err != nil {
				t.Fatal(err)
			}
		}
	}
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	render()
	before := heap()
	for range 20 {
		render()
	}
	after := heap()
	t.Logf("live heap %d bytes after one render, %d after 20 more", before, after)
	if after > before+1<<20 {
		t.Errorf("the live heap grew by %d bytes over 20 renders; want at most 1 MiB", after-before)
	}
}

// TestBuilderAllocations: the helpers behind every field, comment and assignment allocate a
// fixed few objects, not one per part: a struct tag is appended into one byte slice (it was a
// builder grown in steps, a quoted copy per value and the back-quoted copy), a doc comment's lines
// are cut from one string (it was a string per line), an assignment keeps both sides in one array.
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
		{"structTag", 3, func() { structTag("name", extra) }},
		{"commentLines", 2, func() { commentLines(doc) }},
		// the statement and the array of both sides.
		{"assign", 2, func() { assign(lhs, rhs) }},
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
