package specsnapshot

import (
	"os"
	"path/filepath"
	"testing"
)

const (
	shaA = "57a7be857d79c80eb31eefa65173fc31a80b7449"
	shaB = "0123456789abcdef0123456789abcdef01234567"
)

// writeFiles lays out files (slash paths relative to dir) and returns dir.
func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestCommit(t *testing.T) {
	tests := []struct {
		name       string
		files      map[string]string
		want       string
		wantSource string // slash path relative to the checkout; "" when none is found
	}{
		{
			name:       "provenance note",
			files:      map[string]string{"PROVENANCE.md": "# Specs\n\nA snapshot as of 2021-07-13 (upstream commit " + shaA + ").\n"},
			want:       shaA,
			wantSource: "PROVENANCE.md",
		},
		{
			name:       "provenance note in upper case",
			files:      map[string]string{"PROVENANCE.md": "commit 57A7BE857D79C80EB31EEFA65173FC31A80B7449\n"},
			want:       shaA,
			wantSource: "PROVENANCE.md",
		},
		{
			name:  "provenance note without a full commit",
			files: map[string]string{"PROVENANCE.md": "upstream commit 57a7be8, more or less\n"},
		},
		{
			name:       "detached HEAD",
			files:      map[string]string{".git/HEAD": shaA + "\n"},
			want:       shaA,
			wantSource: ".git/HEAD",
		},
		{
			name:       "branch in a loose ref",
			files:      map[string]string{".git/HEAD": "ref: refs/heads/main\n", ".git/refs/heads/main": shaB + "\n"},
			want:       shaB,
			wantSource: ".git/HEAD",
		},
		{
			name: "branch in packed-refs",
			files: map[string]string{
				".git/HEAD": "ref: refs/heads/main\n",
				".git/packed-refs": "# pack-refs with: peeled fully-peeled sorted \n" +
					shaA + " refs/heads/feature\n" +
					shaB + " refs/heads/main\n" +
					shaB + " refs/tags/v1\n^" + shaA + "\n",
			},
			want:       shaB,
			wantSource: ".git/HEAD",
		},
		{
			name: "git wins over a stale provenance note",
			files: map[string]string{
				"PROVENANCE.md": "commit " + shaA + "\n",
				".git/HEAD":     shaB + "\n",
			},
			want:       shaB,
			wantSource: ".git/HEAD",
		},
		{
			name: "linked worktree",
			files: map[string]string{
				".git":                             "gitdir: main/.git/worktrees/wt\n",
				"main/.git/worktrees/wt/HEAD":      "ref: refs/heads/wt\n",
				"main/.git/worktrees/wt/commondir": "../..\n",
				"main/.git/refs/heads/wt":          shaA + "\n",
			},
			want:       shaA,
			wantSource: "main/.git/worktrees/wt/HEAD",
		},
		{
			name:  "unborn branch",
			files: map[string]string{".git/HEAD": "ref: refs/heads/main\n"},
		},
		{
			name:  "ref outside refs/",
			files: map[string]string{".git/HEAD": "ref: ../../etc/passwd\n"},
		},
		{
			name:  "nothing",
			files: map[string]string{"specification/README.md": "no metadata\n"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			top := writeFiles(t, tt.files)
			commit, source, ok := Commit(filepath.Join(top, "specification"))
			if ok != (tt.want != "") || commit != tt.want {
				t.Fatalf("Commit = %q, %q, %v; want %q", commit, source, ok, tt.want)
			}
			if tt.wantSource != "" {
				if want := filepath.Join(top, filepath.FromSlash(tt.wantSource)); source != want {
					t.Errorf("source = %q, want %q", source, want)
				}
			}
		})
	}
}
