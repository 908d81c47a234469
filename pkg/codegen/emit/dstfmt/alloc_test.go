package dstfmt_test

import (
	"fmt"
	"go/token"
	"runtime"
	"testing"

	"github.com/dave/dst"

	"github.com/armgen/armgen/pkg/codegen/emit/dstfmt"
)

// largeFile is a file of n methods of a few statements each, like the conversions the generator
// prints, with imports; about 200 bytes of source a method.
func largeFile(n int) *dst.File {
	var ds []dst.Decl
	for i := range n {
		name := fmt.Sprintf("Convert%d", i)
		ds = append(ds, commented(method("r", "Resource", name, fields(field("x", qual(fmtPath, "Stringer"), "")), fields(field("", id("error"), "")),
			&dst.IfStmt{Cond: bin(id("x"), token.NEQ, id("nil")), Body: block(assign(sel(id("r"), "Name"), token.ASSIGN, call(sel(id("x"), "String"))))},
			ret(id("nil")),
		), dst.EmptyLine, "// "+name+" copies x into r."))
	}
	return newFile("v1api", nil, ds...)
}

// fmtPath is a standard library import for largeFile.
const fmtPath = "fmt"

// TestFileAllocatesAboutItsSize: printing a file allocates little beyond the file itself once
// a file has been printed before. The declarations are printed before the imports are known, so
// into a buffer of their own; grown anew for each file, that buffer cost about twice the file
// again in doublings, then the copy behind the header once more.
func TestFileAllocatesAboutItsSize(t *testing.T) {
	im := imports{self: selfPath, names: map[string]string{fmtPath: "fmt"}}
	f := largeFile(2000)
	first, err := dstfmt.File(f, im.self, im.resolver())
	if err != nil {
		t.Fatal(err)
	}
	// The least of a few runs, so a collection emptying the buffer pool in between cannot fail
	// the test.
	least := uint64(1 << 62)
	for range 5 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		out, err := dstfmt.File(f, im.self, im.resolver())
		runtime.ReadMemStats(&after)
		if err != nil || string(out) != string(first) {
			t.Fatalf("a second print differs (error %v)", err)
		}
		least = min(least, after.TotalAlloc-before.TotalAlloc)
	}
	ratio := float64(least) / float64(len(first))
	t.Logf("%d bytes allocated for %d printed", least, len(first))
	if ratio > 1.5 {
		t.Errorf("printing a %d-byte file allocated %d bytes, %.2f times its size; want at most 1.5", len(first), least, ratio)
	}
}

// The file largeFile makes prints as the reference does.
func TestLargeFileMatchesReference(t *testing.T) {
	im := imports{self: selfPath, names: map[string]string{fmtPath: "fmt"}}
	matchesReference(t, func() *dst.File { return largeFile(50) }, im)
}
