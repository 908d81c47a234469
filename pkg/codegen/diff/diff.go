// Package diff renders line differences between two texts as a unified diff, the format git and
// patch read. It finds a shortest edit script with Myers' algorithm (after trimming the common
// head and tail, which is most of a regenerated file); when the texts differ in too many places
// to search cheaply, the differing middle is shown as removed and added whole.
package diff

import (
	"fmt"
	"strings"
)

// maxEdits bounds the search: the work is quadratic in the number of differing lines.
const maxEdits = 4000

// Unified returns the unified diff turning a (named aName) into b (named bName), with context
// lines around each change; "" when they are equal.
func Unified(aName, bName string, a, b []byte, context int) string {
	if string(a) == string(b) {
		return ""
	}
	al, bl := splitLines(string(a)), splitLines(string(b))
	ops := script(al, bl)
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", aName, bName)
	for _, h := range hunks(ops, context) {
		writeHunk(&out, ops[h.from:h.to], al, bl)
	}
	return out.String()
}

// splitLines splits after each newline; the last line lacks one when the text does.
func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// op is one line of the edit script: kept ('='), removed from a ('-') or added from b ('+').
// a and b are the line's index in each text (the position it would have, for the other side).
type op struct {
	kind byte
	a, b int
}

// script computes the edit script from a to b.
func script(a, b []string) []op {
	// The common head and tail are kept as they are.
	head := 0
	for head < len(a) && head < len(b) && a[head] == b[head] {
		head++
	}
	tail := 0
	for tail < len(a)-head && tail < len(b)-head && a[len(a)-1-tail] == b[len(b)-1-tail] {
		tail++
	}
	var ops []op
	for i := 0; i < head; i++ {
		ops = append(ops, op{'=', i, i})
	}
	middle, ok := myers(a[head:len(a)-tail], b[head:len(b)-tail], maxEdits)
	if !ok {
		middle = nil
		for i := range len(a) - head - tail {
			middle = append(middle, op{'-', i, 0})
		}
		for j := range len(b) - head - tail {
			middle = append(middle, op{'+', len(a) - head - tail, j})
		}
	}
	for _, o := range middle {
		ops = append(ops, op{o.kind, o.a + head, o.b + head})
	}
	for i := 0; i < tail; i++ {
		ops = append(ops, op{'=', len(a) - tail + i, len(b) - tail + i})
	}
	return ops
}

// myers finds a shortest edit script, or reports false when it needs more than maxD edits.
func myers(a, b []string, maxD int) ([]op, bool) {
	n, m := len(a), len(b)
	maxD = min(maxD, n+m)
	off := maxD + 1
	v := make([]int, 2*off+1)
	// trace[d] holds v for diagonals -d..d as it was before step d.
	var trace [][]int
	for d := 0; d <= maxD; d++ {
		trace = append(trace, append([]int(nil), v[off-d:off+d+1]...))
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || (k != d && v[off+k-1] < v[off+k+1]) {
				x = v[off+k+1] // down: insert from b
			} else {
				x = v[off+k-1] + 1 // right: delete from a
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x++
				y++
			}
			v[off+k] = x
			if x >= n && y >= m {
				return backtrack(trace, n, m, d), true
			}
		}
	}
	return nil, false
}

func backtrack(trace [][]int, n, m, d int) []op {
	var rev []op
	x, y := n, m
	for ; d > 0; d-- {
		prev := trace[d]
		at := func(k int) int { return prev[k+d] }
		k := x - y
		var pk int
		if k == -d || (k != d && at(k-1) < at(k+1)) {
			pk = k + 1
		} else {
			pk = k - 1
		}
		px := at(pk)
		py := px - pk
		// The snake back to the point just after the edit from (px, py).
		for x > px && y > py {
			x--
			y--
			rev = append(rev, op{'=', x, y})
		}
		if pk == k+1 {
			y--
			rev = append(rev, op{'+', x, y})
		} else {
			x--
			rev = append(rev, op{'-', x, y})
		}
	}
	for x > 0 && y > 0 {
		x--
		y--
		rev = append(rev, op{'=', x, y})
	}
	ops := make([]op, len(rev))
	for i, o := range rev {
		ops[len(rev)-1-i] = o
	}
	return ops
}

type span struct{ from, to int }

// hunks groups changes whose context would touch or overlap.
func hunks(ops []op, context int) []span {
	var out []span
	for i := 0; i < len(ops); {
		if ops[i].kind == '=' {
			i++
			continue
		}
		start := max(0, i-context)
		end := i
		for end < len(ops) {
			// Extend over this run of changes, then see whether another change is near.
			for end < len(ops) && ops[end].kind != '=' {
				end++
			}
			next := end
			for next < len(ops) && ops[next].kind == '=' {
				next++
			}
			if next < len(ops) && next-end <= 2*context {
				end = next
				continue
			}
			break
		}
		stop := min(len(ops), end+context)
		if len(out) > 0 && out[len(out)-1].to >= start {
			out[len(out)-1].to = stop
		} else {
			out = append(out, span{start, stop})
		}
		i = end
	}
	return out
}

func writeHunk(w *strings.Builder, ops []op, a, b []string) {
	aStart, bStart := ops[0].a, ops[0].b
	aCount, bCount := 0, 0
	for _, o := range ops {
		if o.kind != '+' {
			aCount++
		}
		if o.kind != '-' {
			bCount++
		}
	}
	fmt.Fprintf(w, "@@ -%s +%s @@\n", rangeText(aStart, aCount), rangeText(bStart, bCount))
	for _, o := range ops {
		var line string
		switch o.kind {
		case '+':
			line = b[o.b]
		default:
			line = a[o.a]
		}
		w.WriteByte(map[byte]byte{'=': ' ', '-': '-', '+': '+'}[o.kind])
		w.WriteString(strings.TrimSuffix(line, "\n"))
		w.WriteByte('\n')
		if !strings.HasSuffix(line, "\n") {
			w.WriteString("\\ No newline at end of file\n")
		}
	}
}

// rangeText is a hunk range: 1-based start and count, where an empty range names the line
// before it.
func rangeText(start, count int) string {
	switch count {
	case 0:
		return fmt.Sprintf("%d,0", start)
	case 1:
		return fmt.Sprintf("%d", start+1)
	}
	return fmt.Sprintf("%d,%d", start+1, count)
}
