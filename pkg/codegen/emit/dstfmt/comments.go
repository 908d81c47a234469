package dstfmt

import (
	"go/build/constraint"
	"strings"
	"unicode"
)

// Doc comments are written as they are. gofmt reformats a doc comment (lists, code blocks,
// directives) only when it starts at column 1 and ends right before its declaration, and the
// restorer's positions never give the printer one: every line after the first starts at
// column 2, and on the first line the package clause is placed a position further than the
// end of the package doc. The tests hold this with comments gofmt itself would rewrite.

// trimRight drops trailing white space, as the printer does to every // comment.
func trimRight(s string) string { return strings.TrimRightFunc(s, unicode.IsSpace) }

// buildLine reports whether c is a //go:build or // +build line, which the printer moves and
// rewrites when it comes before the package clause.
func buildLine(c string) bool { return constraint.IsGoBuild(c) || constraint.IsPlusBuild(c) }
