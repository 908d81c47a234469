package astmodel

import "strings"

// CleanDescription turns swagger prose into the single paragraph we document with: white space
// (new lines included) collapsed, and no line that a doc-comment reader would take for a marker,
// a TODO or a section break.
func CleanDescription(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	// A description that opens like a marker or code would confuse comment readers.
	for strings.HasPrefix(s, "+") || strings.HasPrefix(s, "---") {
		s = strings.TrimLeft(s, "+-")
		s = strings.TrimSpace(s)
	}
	return s
}
