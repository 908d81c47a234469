package loader

import (
	"strings"
	"unicode"

	"github.com/gobuffalo/flect"
)

// wordsKeptAsIs are ARM type segments that flect would singularize wrongly.
var wordsKeptAsIs = map[string]bool{
	"redis": true, "dns": true, "data": true, "metadata": true, "series": true, "sms": true,
	"kubernetes": true, "analytics": true, "diagnostics": true, "insights": true, "news": true,
}

// Singular returns the singular of an ARM type segment, keeping its casing.
func Singular(word string) string {
	if word == "" {
		return word
	}
	if wordsKeptAsIs[strings.ToLower(word)] {
		return word
	}
	// flect mishandles camelCase words ending in an acronym-like capital run; singularize the
	// last word only and keep the rest.
	i := lastWordStart(word)
	last := word[i:]
	if wordsKeptAsIs[strings.ToLower(last)] {
		return word
	}
	s := flect.Singularize(last)
	if s == "" {
		return word
	}
	if n := max(1, min(len(s), len(last))-2); len(s) > len(last) || !strings.EqualFold(s[:n], last[:n]) {
		// flect rewrote the stem (it does for some acronyms): keep the word.
		return word
	}
	return word[:i] + s
}

// lastWordStart finds where the last camelCase word begins.
func lastWordStart(s string) int {
	for i := len(s) - 1; i > 0; i-- {
		if s[i] >= 'A' && s[i] <= 'Z' && s[i-1] >= 'a' && s[i-1] <= 'z' {
			return i
		}
	}
	return 0
}

// Capitalize upper-cases the first letter.
func Capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// KindName applies the naming rule to the type segments of a resource: parents as they are,
// the resource itself singular, each capitalized (virtualNetworks/subnets -> VirtualNetworksSubnet).
func KindName(segments []string) string {
	var b strings.Builder
	for i, s := range segments {
		if i == len(segments)-1 {
			s = Singular(s)
		}
		// Characters a Go identifier cannot hold break words (api-version-sets -> ApiVersionSets).
		for _, word := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
			b.WriteString(Capitalize(word))
		}
	}
	kind := b.String()
	if kind == "" || unicode.IsDigit(rune(kind[0])) {
		kind = "X" + kind
	}
	return kind
}
