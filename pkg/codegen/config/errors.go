package config

import (
	"strconv"
	"strings"
)

// Error is the only error type this package returns. Other packages use it
// too (through NewError) for problems they find in the config later, so that
// every config complaint points at the same file:line:column and path.
type Error struct {
	File       string
	Pos        Position
	Path       string // dotted config path, e.g. objectModelConfiguration.network.2020-11-01.VirtualNetwork
	Message    string
	Suggestion string // replacement the user probably meant; "" if none
}

// NewError makes an Error about c; c may be nil when the file is unknown.
func NewError(c *Config, path string, pos Position, msg, suggestion string) *Error {
	e := &Error{Pos: pos, Path: path, Message: msg, Suggestion: suggestion}
	if c != nil {
		e.File = c.File
	}
	return e
}

// Error formats as file:line:column: path: message; did you mean "x"?
// The leading location uses the compiler's layout so editors and terminals
// can jump to it; parts that are unknown are left out rather than shown as 0.
func (e *Error) Error() string {
	var loc []string
	if e.File != "" {
		loc = append(loc, e.File)
	}
	if e.Pos.Line > 0 {
		loc = append(loc, strconv.Itoa(e.Pos.Line))
		if e.Pos.Column > 0 {
			loc = append(loc, strconv.Itoa(e.Pos.Column))
		}
	}
	var b strings.Builder
	if len(loc) > 0 {
		b.WriteString(strings.Join(loc, ":") + ": ")
	}
	if e.Path != "" {
		b.WriteString(e.Path + ": ")
	}
	b.WriteString(e.Message)
	if e.Suggestion != "" {
		b.WriteString("; did you mean " + strconv.Quote(e.Suggestion) + "?")
	}
	return b.String()
}
