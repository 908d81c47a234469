package output

import (
	"context"
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
