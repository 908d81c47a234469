package golang

import (
	"fmt"
	"testing"
)

// TestPrintfAsFmt: the writers' own printf writes what fmt writes, for the verbs it does itself
// and for those it leaves to fmt.
func TestPrintfAsFmt(t *testing.T) {
	cases := []struct {
		format string
		args   []any
	}{
		{"return nil", nil},
		{"func (%s *%s) %s(%s *%s) error", []any{"w", "Widget", "AssignProperties_To_Widget", "destination", "storage.Widget"}},
		{"case %d:", []any{12}},
		{"x := %s[%d]", []any{"list", -3}},
		{"100%% %s", []any{"sure"}},
		{"%q and %s", []any{"quoted", "plain"}},
		{"%s", []any{7}},
		{"%d", []any{"seven"}},
		{"%s %s", []any{"one"}},
		{"%s", []any{"one", "two"}},
		{"trailing %", nil},
	}
	for _, c := range cases {
		var w goText
		w.buf.WriteString("before ")
		w.printf(c.format, c.args...)
		if got, want := w.buf.String(), "before "+fmt.Sprintf(c.format, c.args...); got != want {
			t.Errorf("printf(%q, %v) = %q, want %q", c.format, c.args, got, want)
		}
	}
}
