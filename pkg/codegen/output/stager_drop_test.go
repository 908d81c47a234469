package output

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// The writer lets go of each file's content once it is on disk: generation hands over the Go
// files of the whole corpus (about 220 MiB) as one set, and holding the set until its last file
// was written kept it all in memory for most of emit-crds.
func TestStagerWriteDropsEachFileOnceWritten(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	st := NewStager(context.Background(), dir)
	files := pending(Files{"a/x.go": []byte("package a\n"), "b.go": []byte("package b\n")})
	if err := st.write(files); err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if f.data != nil {
			t.Errorf("%s: still held after it was written", f.path)
		}
		data, err := os.ReadFile(filepath.Join(st.tmpDir(), filepath.FromSlash(f.path)))
		if err != nil || len(data) == 0 {
			t.Errorf("%s: not written (%v)", f.path, err)
		}
	}
	_ = st.Abort()
}

// Files written at once by several workers all land, each with its own content, in their folders,
// and each is recorded as written exactly once.
func TestStagerWriteManyFilesAtOnce(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	st := NewStager(context.Background(), dir)
	want := Files{}
	for i := range 300 {
		want[fmt.Sprintf("d%d/e%d/f%d.go", i%7, i%3, i)] = []byte(fmt.Sprintf("package f%d\n", i))
	}
	if err := st.write(pending(want)); err != nil {
		t.Fatal(err)
	}
	for p, data := range want {
		got, err := os.ReadFile(filepath.Join(st.tmpDir(), filepath.FromSlash(p)))
		if err != nil || string(got) != string(data) {
			t.Errorf("%s: %q, %v; want %q", p, got, err, data)
		}
		if !st.written[p] {
			t.Errorf("%s: not recorded as written", p)
		}
	}
	if len(st.written) != len(want) {
		t.Errorf("%d files recorded as written, want %d", len(st.written), len(want))
	}
	_ = st.Abort()
}
