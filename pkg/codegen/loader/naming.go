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

// MaxKindLength keeps a kind's list kind (Kind+"List") and plural within the 63 characters
// Kubernetes allows for them.
const MaxKindLength = 59

// ShortKindName is KindName with leading parent segments dropped until the name fits
// MaxKindLength; the resource's own segment is always kept.
func ShortKindName(segments []string) string {
	for i := range segments {
		if k := KindName(segments[i:]); len(k) <= MaxKindLength || i == len(segments)-1 {
			return k
		}
	}
	return KindName(segments)
}
