package config

import (
	"slices"
	"strings"
	"time"
	"unicode"
)

// The name rules below are ASCII-only on purpose: these names end up in Go
// identifiers, Kubernetes API groups and directory names, and the swagger
// they must match is ASCII too.

// Each "what we expect" sentence is shared by the error messages so that the
// same mistake is always explained the same way.
const (
	groupNameRule    = "expected the API group's lower-case short name, e.g. \"network\" for network.azure.com (letters a-z and digits; a service's own group adds a dotted segment, e.g. \"network.frontdoor\")"
	apiVersionRule   = "expected an ARM API version: YYYY-MM-DD, optionally followed by -preview, -privatepreview, -beta or -alpha"
	typeNameRule     = "expected a Go type name: an upper-case letter followed by letters, digits or '_'"
	propertyNameRule = "expected a property name as written in the swagger: a letter followed by letters, digits, '_' or '-'"
	fieldNameRule    = "expected a property name: a letter followed by letters, digits or '_'"
)

var apiVersionSuffixes = []string{"alpha", "beta", "preview", "privatepreview"}

func isLower(r byte) bool { return 'a' <= r && r <= 'z' }
func isUpper(r byte) bool { return 'A' <= r && r <= 'Z' }
func isDigit(r byte) bool { return '0' <= r && r <= '9' }
func isAlnum(r byte) bool { return isLower(r) || isUpper(r) || isDigit(r) }

// validGroupName: segments of letters a-z and digits, joined by dots, as the groups the index
// makes (network, dbforpostgresql, and a service's own group such as network.frontdoor).
func validGroupName(s string) bool {
	for _, seg := range strings.Split(s, ".") {
		if seg == "" {
			return false
		}
		for i := 0; i < len(seg); i++ {
			if !isLower(seg[i]) && !isDigit(seg[i]) {
				return false
			}
		}
	}
	return true
}

// validAPIVersion also checks that the date exists, since 2020-13-01 is far
// more likely a typo than an API version.
func validAPIVersion(s string) bool {
	if len(s) < len("2006-01-02") {
		return false
	}
	date, rest := s[:10], s[10:]
	if _, err := time.Parse("2006-01-02", date); err != nil {
		return false
	}
	if rest == "" {
		return true
	}
	suffix, ok := strings.CutPrefix(rest, "-")
	return ok && slices.Contains(apiVersionSuffixes, suffix)
}

func validTypeName(s string) bool {
	return s != "" && isUpper(s[0]) && identTail(s[1:])
}

// validPropertyName allows '-' because swagger property names are free-form
// JSON names, but not '.', which would make config paths ambiguous.
func validPropertyName(s string) bool {
	if s == "" || !(isLower(s[0]) || isUpper(s[0])) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !isAlnum(s[i]) && s[i] != '_' && s[i] != '-' {
			return false
		}
	}
	return true
}

// validFieldName is for names we generate (a property's $renameTo), which
// must become Go fields and JSON names without escaping.
func validFieldName(s string) bool {
	return s != "" && (isLower(s[0]) || isUpper(s[0])) && identTail(s[1:])
}

func identTail(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isAlnum(s[i]) && s[i] != '_' {
			return false
		}
	}
	return true
}

// The fix* functions guess the valid name the user meant, for the "did you
// mean" part of an error. They return "" rather than a guess that would
// still be wrong.

// fixGroupName handles the two usual slips: capitals, and the ARM provider
// namespace (Microsoft.Network) instead of the short group name.
func fixGroupName(s string) string {
	lower := strings.ToLower(s)
	lower = strings.TrimPrefix(lower, "microsoft.")
	var b strings.Builder
	for i := 0; i < len(lower); i++ {
		if isLower(lower[i]) || isDigit(lower[i]) || lower[i] == '.' {
			b.WriteByte(lower[i])
		}
	}
	return fixed(s, b.String(), validGroupName)
}

// fixAPIVersion handles capitals, missing zero padding (2020-6-1) and a
// misspelt suffix (-previw).
func fixAPIVersion(s string) string {
	parts := strings.SplitN(strings.ToLower(s), "-", 4)
	if len(parts) < 3 {
		return ""
	}
	date, err := time.Parse("2006-1-2", strings.Join(parts[:3], "-"))
	if err != nil {
		return ""
	}
	guess := date.Format("2006-01-02")
	if len(parts) == 4 {
		suffix := parts[3]
		if !slices.Contains(apiVersionSuffixes, suffix) {
			suffix = Nearest(suffix, apiVersionSuffixes)
		}
		if suffix == "" {
			return ""
		}
		guess += "-" + suffix
	}
	return fixed(s, guess, validAPIVersion)
}

// fixTypeName upper-cases the first letter (virtualNetwork) and turns
// separators into camel case (sql-database), the two ways people write a
// kind name that Go would not accept.
func fixTypeName(s string) string {
	var b strings.Builder
	upperNext := true
	for _, r := range s {
		switch {
		case r <= unicode.MaxASCII && (isAlnum(byte(r)) || r == '_'):
			if upperNext {
				r = unicode.ToUpper(r)
			}
			b.WriteRune(r)
			upperNext = false
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			// Dropping part of the name would suggest a different name.
			return ""
		default:
			upperNext = true
		}
	}
	return fixed(s, b.String(), validTypeName)
}

func fixed(orig, guess string, valid func(string) bool) string {
	if guess == orig || !valid(guess) {
		return ""
	}
	return guess
}
