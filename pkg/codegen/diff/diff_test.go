package diff

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestUnified(t *testing.T) {
	cases := []struct {
		name, a, b, want string
	}{
		{"equal", "a\nb\n", "a\nb\n", ""},
		{"change in the middle", "1\n2\n3\n4\n5\n6\n7\n8\n9\n", "1\n2\n3\n4\nX\n6\n7\n8\n9\n",
			"--- a\n+++ b\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+X\n 6\n 7\n 8\n"},
		{"add at end", "1\n2\n", "1\n2\n3\n", "--- a\n+++ b\n@@ -1,2 +1,3 @@\n 1\n 2\n+3\n"},
		{"remove at start", "1\n2\n", "2\n", "--- a\n+++ b\n@@ -1,2 +1 @@\n-1\n 2\n"},
		{"new file", "", "x\n", "--- a\n+++ b\n@@ -0,0 +1 @@\n+x\n"},
		{"no final newline", "x\n", "x", "--- a\n+++ b\n@@ -1 +1 @@\n-x\n+x\n\\ No newline at end of file\n"},
		{"two hunks", "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n", "X\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\nY\n",
			"--- a\n+++ b\n@@ -1,4 +1,4 @@\n-1\n+X\n 2\n 3\n 4\n@@ -9,4 +9,4 @@\n 9\n 10\n 11\n-12\n+Y\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := Unified("a", "b", []byte(c.a), []byte(c.b), 3)
			if d := cmp.Diff(c.want, got); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
		})
	}
}

// TestScriptApplies checks on random texts that the edit script turns a into b, and that it is
// as short as Myers promises (never longer than removing all and adding all).
func TestScriptApplies(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	words := []string{"a\n", "b\n", "c\n", "d\n"}
	gen := func() []string {
		out := make([]string, r.Intn(30))
		for i := range out {
			out[i] = words[r.Intn(len(words))]
		}
		return out
	}
	for i := 0; i < 2000; i++ {
		a, b := gen(), gen()
		ops := script(a, b)
		var gotA, gotB []string
		edits := 0
		for _, o := range ops {
			switch o.kind {
			case '=':
				if a[o.a] != b[o.b] {
					t.Fatalf("kept lines differ: %q %q", a[o.a], b[o.b])
				}
				gotA, gotB = append(gotA, a[o.a]), append(gotB, b[o.b])
			case '-':
				gotA = append(gotA, a[o.a])
				edits++
			case '+':
				gotB = append(gotB, b[o.b])
				edits++
			}
		}
		if strings.Join(gotA, "") != strings.Join(a, "") || strings.Join(gotB, "") != strings.Join(b, "") {
			t.Fatalf("script does not rebuild the texts:\na=%q\nb=%q\nops=%v", a, b, ops)
		}
		if edits > len(a)+len(b) {
			t.Fatalf("too many edits")
		}
	}
}

// TestLargeDifference falls back to remove-all/add-all rather than spending quadratic time.
func TestLargeDifference(t *testing.T) {
	var a, b strings.Builder
	for i := 0; i < 20000; i++ {
		a.WriteString("a" + strings.Repeat("x", i%7) + "\n")
		b.WriteString("b" + strings.Repeat("y", i%5) + "\n")
	}
	out := Unified("a", "b", []byte(a.String()), []byte(b.String()), 3)
	if got := strings.Count(out, "\n-"); got != 20000 {
		t.Errorf("removed lines: %d", got)
	}
}
