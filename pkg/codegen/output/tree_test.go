package output

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// entries lists the names in dir, to catch temporary siblings left behind.
func entries(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range es {
		out = append(out, e.Name())
	}
	return out
}

func readTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	files, err := ReadTree(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := make(map[string]string)
	for p, data := range files {
		out[p] = string(data)
	}
	return out
}

func TestWriteTree(t *testing.T) {
	old := Files{"a.go": []byte("old a"), "stale/b.go": []byte("old b")}
	next := Files{"a.go": []byte("new a"), "pkg/c.go": []byte("new c")}
	cases := []struct {
		name   string
		before Files // nil: dir does not exist yet
		files  Files // next when nil
		cancel bool
		want   map[string]string
	}{
		{"a new dir", nil, nil, false, map[string]string{"a.go": "new a", "pkg/c.go": "new c"}},
		{"an existing dir is replaced whole", old, nil, false, map[string]string{"a.go": "new a", "pkg/c.go": "new c"}},
		{"an existing dir is emptied", old, Files{}, false, map[string]string{}},
		{"a cancelled write leaves the old tree", old, nil, true, map[string]string{"a.go": "old a", "stale/b.go": "old b"}},
		{"a cancelled write of nothing leaves the old tree", old, Files{}, true, map[string]string{"a.go": "old a", "stale/b.go": "old b"}},
		{"a cancelled write makes no dir", nil, nil, true, map[string]string{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			parent := t.TempDir()
			dir := filepath.Join(parent, "generated")
			if c.before != nil {
				if err := WriteTree(context.Background(), dir, c.before); err != nil {
					t.Fatal(err)
				}
			}
			ctx, cancel := context.WithCancel(context.Background())
			if c.cancel {
				cancel()
			}
			files := c.files
			if files == nil {
				files = next
			}
			err := WriteTree(ctx, dir, files)
			cancel()
			if c.cancel != (err != nil) {
				t.Fatalf("error %v, want one: %v", err, c.cancel)
			}
			if diff := cmp.Diff(c.want, readTree(t, dir)); diff != "" {
				t.Errorf("tree (-want +got):\n%s", diff)
			}
			var want []string
			if c.before != nil || !c.cancel {
				want = []string{"generated"}
			}
			if got := entries(t, parent); !cmp.Equal(want, got) {
				t.Errorf("the parent holds %v, want %v (no temporary dirs)", got, want)
			}
		})
	}
}

func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "index.md")
	for _, content := range []string{"first", "second"} {
		if err := WriteFileAtomic(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(path)
		if err != nil || string(got) != content {
			t.Errorf("read %q, %v; want %q", got, err, content)
		}
	}
	if got := entries(t, dir); !cmp.Equal(got, []string{"index.md"}) {
		t.Errorf("dir holds %v", got)
	}
	info, err := os.Stat(path)
	if err != nil || info.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, %v", info.Mode(), err)
	}
}

func TestReadTreeMissing(t *testing.T) {
	files, err := ReadTree(filepath.Join(t.TempDir(), "absent"))
	if err != nil || len(files) != 0 {
		t.Errorf("got %v, %v; want nothing and no error", files, err)
	}
}
