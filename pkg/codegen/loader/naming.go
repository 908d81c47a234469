package loader

import (
	"slices"
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

// ShortKindName is KindName made to fit MaxKindLength: parent segments, leftmost first, are
// abbreviated to their initials (privateLinkServicesForM365SecurityCenter -> PLSFM365SC), which
// keeps distinct resource types distinct; only if that is not enough are leading parents dropped.
func ShortKindName(segments []string) string {
	segs := slices.Clone(segments)
	for i := 0; i < len(segs)-1 && len(KindName(segs)) > MaxKindLength; i++ {
		segs[i] = initials(segs[i])
	}
	for len(segs) > 1 && len(KindName(segs)) > MaxKindLength {
		segs = segs[1:]
	}
	return KindName(segs)
}

// initials keeps the first letter, the capitals and the digits of a camelCase word.
func initials(word string) string {
	var b strings.Builder
	for i, r := range word {
		if i == 0 || unicode.IsUpper(r) || unicode.IsDigit(r) {
			b.WriteRune(unicode.ToUpper(r))
		}
	}
	return b.String()
}
