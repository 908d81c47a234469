package loader

import (
	"fmt"
	"strings"
)

// SpecError is a problem in a swagger file, located by file and JSON pointer (and by line and
// column when the file is not valid JSON).
type SpecError struct {
	// File is relative to the spec root.
	File string
	// Pointer is the JSON pointer of the offending node ("" for whole-file problems).
	Pointer      string
	Line, Column int
	Message      string
	// Suggestion is a likely intended value, when one is known.
	Suggestion string
}

func (e *SpecError) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d:%d", e.Line, e.Column)
	}
	if e.Pointer != "" {
		b.WriteString("#")
		b.WriteString(e.Pointer)
	}
	b.WriteString(": ")
	b.WriteString(e.Message)
	if e.Suggestion != "" {
		fmt.Fprintf(&b, "; did you mean %q?", e.Suggestion)
	}
	return b.String()
}

// SpecRootError says the spec root itself is unusable.
type SpecRootError struct {
	Root string
	Err  error
}

func (e *SpecRootError) Error() string {
	return fmt.Sprintf("spec root %s: %v (set specRoot in azure-arm.yaml, --spec-root or ARMGEN_SPEC_ROOT; see specs/README.md)", e.Root, e.Err)
}

func (e *SpecRootError) Unwrap() error { return e.Err }

// escapePointer escapes one JSON pointer token.
func escapePointer(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// unescapePointer undoes escapePointer.
func unescapePointer(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~")
}

// Pointer joins JSON pointer tokens.
func Pointer(tokens ...string) string {
	var b strings.Builder
	for _, t := range tokens {
		b.WriteString("/")
		b.WriteString(escapePointer(t))
	}
	return b.String()
}
