package output

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestWriteDocs(t *testing.T) {
	cases := []struct {
		name    string
		files   Files
		want    map[string]string // the generated pages afterwards
		wantErr string
	}{
		{
			name:  "pages and index replace the old ones",
			files: Files{"resources.md": []byte("index"), "resources/demo.md": []byte("demo")},
			want:  map[string]string{"resources.md": "index", "resources/demo.md": "demo"},
		},
		{
			name:  "without an index the old one goes",
			files: Files{"resources/demo.md": []byte("demo")},
			want:  map[string]string{"resources/demo.md": "demo"},
		},
		{
			name:    "a page outside what the generator owns",
			files:   Files{"resources.md": []byte("index"), "guide.md": []byte("mine")},
			want:    map[string]string{"resources.md": "old index", "resources/old.md": "old"},
			wantErr: "guide.md is not among the pages the generator owns",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			for p, content := range map[string]string{"resources.md": "old index", "resources/old.md": "old", "guide.md": "hand-written"} {
				full := filepath.Join(dir, filepath.FromSlash(p))
				if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			err := WriteDocs(context.Background(), dir, c.files)
			switch {
			case c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr)):
				t.Errorf("error %v, want %q", err, c.wantErr)
			case c.wantErr == "" && err != nil:
				t.Fatal(err)
			}
			pages, err := ReadDocs(dir)
			if err != nil {
				t.Fatal(err)
			}
			got := make(map[string]string)
			for p, data := range pages {
				got[p] = string(data)
			}
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("pages (-want +got):\n%s", diff)
			}
			// Hand-written pages beside the generated ones are left alone.
			if data, err := os.ReadFile(filepath.Join(dir, "guide.md")); err != nil || string(data) != "hand-written" {
				t.Errorf("guide.md: %q, %v", data, err)
			}
		})
	}
}
