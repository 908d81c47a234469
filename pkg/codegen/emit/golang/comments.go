package golang

import (
	"strings"

	"github.com/dave/dst"
)

// commentLines turns text lines (documentation, then markers) into line comments. Each line
// stays a line of its own: controller-tools reads markers only from lines that start with "+",
// and descriptions are compared line by line with what the CRD emitter writes.
func commentLines(lines []string) []string {
	out := make([]string, len(lines))
	// The comment lines are cut from one string: descriptions run to many lines, and a string
	// each was a good part of the objects rendering made.
	size := 0
	for _, l := range lines {
		size += len("// ") + len(l)
	}
	var all strings.Builder
	all.Grow(size)
	for i, l := range lines {
		// A carriage return or trailing blank would not survive formatting, so drop it here and
		// keep the text identical to the description the CRD carries.
		l = strings.TrimRight(strings.ReplaceAll(l, "\r", ""), " \t")
		start := all.Len()
		all.WriteString("//")
		if l != "" {
			all.WriteString(" ")
			all.WriteString(l)
		}
		out[i] = all.String()[start:]
	}
	return out
}

// docs joins documentation lines and markers into comment decorations.
func docs(groups ...[]string) dst.Decorations {
	var lines []string
	for _, g := range groups {
		lines = append(lines, g...)
	}
	return dst.Decorations(commentLines(lines))
}

// withDoc attaches a doc comment to a declaration and returns it, for building inline.
func withDoc[D dst.Decl](d D, lines ...string) D {
	switch x := any(d).(type) {
	case *dst.GenDecl:
		x.Decs.Start.Append(commentLines(lines)...)
	case *dst.FuncDecl:
		x.Decs.Start.Append(commentLines(lines)...)
	}
	return d
}
