package stages

import (
	"fmt"
	"strings"
	"testing"
)

// The goldens are compared with a line diff of their own rather than cmp.Diff: cmp elides long
// diffs ("... // 274 identical, 22 removed, and 34 inserted lines"), and the elided lines are
// the ones a reviewer of a golden needs.

// diffContext is the number of unchanged lines shown around each change.
const diffContext = 3

// maxDiffCells bounds the table of the longest-common-subsequence search; beyond it the changed
// region is shown as all removed, then all added, which is complete if not minimal.
const maxDiffCells = 1 << 22

type diffOp struct {
	kind byte // ' ', '-' or '+'
	text string
}

// lineDiff is a unified diff from want to got (-want +got), "" when they are equal. Each hunk
// header names the definition or section its first line is in, like git's function context, so
// that a changed property line says whose property it is.
func lineDiff(want, got string) string {
	if want == got {
		return ""
	}
	if strings.HasSuffix(want, "\n") && strings.HasSuffix(got, "\n") {
		want, got = want[:len(want)-1], got[:len(got)-1]
	}
	a, b := strings.Split(want, "\n"), strings.Split(got, "\n")
	ops := diffLines(a, b)
	var out strings.Builder
	for start := 0; start < len(ops); {
		first := nextChange(ops, start)
		if first < 0 {
			break
		}
		// A hunk runs from diffContext lines before its first change to diffContext lines after
		// its last one, absorbing changes closer than 2*diffContext to each other.
		last := first
		for {
			next := nextChange(ops, last+1)
			if next < 0 || next-last > 2*diffContext {
				break
			}
			last = next
		}
		from, to := max(first-diffContext, start), min(last+diffContext+1, len(ops))
		aLine, bLine := lineNumbers(ops, from)
		aCount, bCount := 0, 0
		for _, op := range ops[from:to] {
			if op.kind != '+' {
				aCount++
			}
			if op.kind != '-' {
				bCount++
			}
		}
		fmt.Fprintf(&out, "@@ -%d,%d +%d,%d @@ %s\n", aLine+1, aCount, bLine+1, bCount, section(ops, from))
		for _, op := range ops[from:to] {
			fmt.Fprintf(&out, "%c%s\n", op.kind, op.text)
		}
		start = to
	}
	return out.String()
}

func nextChange(ops []diffOp, from int) int {
	for i := from; i < len(ops); i++ {
		if ops[i].kind != ' ' {
			return i
		}
	}
	return -1
}

// lineNumbers returns the 0-based lines of want and got at which ops[i] stands.
func lineNumbers(ops []diffOp, i int) (a, b int) {
	for _, op := range ops[:i] {
		if op.kind != '+' {
			a++
		}
		if op.kind != '-' {
			b++
		}
	}
	return a, b
}

// section is the nearest line at or before ops[i] that starts a definition or a section of the
// dump (one that is not indented), from the side that has it.
func section(ops []diffOp, i int) string {
	for j := min(i, len(ops)-1); j >= 0; j-- {
		if t := ops[j].text; t != "" && !strings.HasPrefix(t, " ") {
			return t
		}
	}
	return ""
}

// diffLines aligns a and b along a longest common subsequence of lines, after setting aside the
// common head and tail. Lines match only within the same section and definition: otherwise a
// property line of a removed definition would pair with the same line of its neighbour, and the
// diff would interleave the two.
func diffLines(a, b []string) []diffOp {
	ka, kb := lineKeys(a), lineKeys(b)
	head := 0
	for head < len(a) && head < len(b) && ka[head] == kb[head] {
		head++
	}
	tail := 0
	for tail < len(a)-head && tail < len(b)-head && ka[len(a)-1-tail] == kb[len(b)-1-tail] {
		tail++
	}
	var ops []diffOp
	for _, l := range a[:head] {
		ops = append(ops, diffOp{' ', l})
	}
	ops = append(ops, diffMiddle(a[head:len(a)-tail], b[head:len(b)-tail], ka[head:len(a)-tail], kb[head:len(b)-tail])...)
	for _, l := range a[len(a)-tail:] {
		ops = append(ops, diffOp{' ', l})
	}
	return ops
}

// lineKeys qualifies each line of a dump by the section ("# package ..." or side data) and the
// definition (the last line that is not indented, up to " = ") it belongs to.
func lineKeys(lines []string) []string {
	keys := make([]string, len(lines))
	var sec, def string
	for i, l := range lines {
		switch {
		case strings.HasPrefix(l, "# "):
			sec, def = l, ""
		case l != "" && !strings.HasPrefix(l, " "):
			def, _, _ = strings.Cut(l, " = ")
		}
		keys[i] = sec + "\x00" + def + "\x00" + l
	}
	return keys
}

// diffMiddle aligns a and b, whose lines match when their keys ka and kb do.
func diffMiddle(a, b, ka, kb []string) []diffOp {
	var ops []diffOp
	n, m := len(a), len(b)
	if (n+1)*(m+1) > maxDiffCells {
		for _, l := range a {
			ops = append(ops, diffOp{'-', l})
		}
		for _, l := range b {
			ops = append(ops, diffOp{'+', l})
		}
		return ops
	}
	// lcs[i*(m+1)+j] is the length of a longest common subsequence of ka[i:] and kb[j:].
	lcs := make([]int32, (n+1)*(m+1))
	at := func(i, j int) int32 { return lcs[i*(m+1)+j] }
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if ka[i] == kb[j] {
				lcs[i*(m+1)+j] = at(i+1, j+1) + 1
			} else {
				lcs[i*(m+1)+j] = max(at(i+1, j), at(i, j+1))
			}
		}
	}
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && ka[i] == kb[j]:
			ops = append(ops, diffOp{' ', a[i]})
			i, j = i+1, j+1
		case j == m || i < n && at(i+1, j) >= at(i, j+1):
			ops = append(ops, diffOp{'-', a[i]})
			i++
		default:
			ops = append(ops, diffOp{'+', b[j]})
			j++
		}
	}
	return ops
}

func TestLineDiff(t *testing.T) {
	cases := []struct{ name, want, got, diff string }{
		{
			name: "hunks name their definition",
			want: "# package p\nA = object\n  X x: *string\n  Y y: *int\nB = object\n  Z z: *bool\n" +
				"C = object {}\nD = object {}\nE = object {}\nF = object {}\nG = object {}\n",
			got: "# package p\nA = object\n  X x: *string [readonly]\n  Y y: *int\nB = object\n  Z z: *bool\n" +
				"C = object {}\nD = object {}\nE = object {}\nF = object {}\n",
			diff: "@@ -1,6 +1,6 @@ # package p\n" +
				" # package p\n A = object\n-  X x: *string\n+  X x: *string [readonly]\n   Y y: *int\n B = object\n   Z z: *bool\n" +
				"@@ -8,4 +8,3 @@ D = object {}\n" +
				" D = object {}\n E = object {}\n F = object {}\n-G = object {}\n",
		},
		{
			name: "a removed definition is removed whole",
			want: "# package p\nR = object\n  C c: []R_Unrolled\n  N n: *string\nR_Unrolled = object\n  N n: *string\n",
			got:  "# package p\nR = object\n  C c: []R\n  N n: *string\n",
			diff: "@@ -1,6 +1,4 @@ # package p\n" +
				" # package p\n R = object\n-  C c: []R_Unrolled\n+  C c: []R\n   N n: *string\n-R_Unrolled = object\n-  N n: *string\n",
		},
		{name: "equal", want: "A = object\n", got: "A = object\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if d := lineDiff(c.want, c.got); d != c.diff {
				t.Errorf("got\n%s\nwant\n%s", d, c.diff)
			}
		})
	}
}
