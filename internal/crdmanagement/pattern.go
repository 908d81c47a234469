package crdmanagement

import (
	"fmt"
	"regexp"
	"strings"
)

// PatternGrammar is what --crd-pattern accepts, for error messages.
const PatternGrammar = "';'-separated group/Kind globs, case-insensitive, where * matches any run of characters and ? one character (resources.azure.com/*;network.azure.com/VirtualNetwork*), or * for every kind"

// Pattern is a parsed --crd-pattern: the syntax of ASO's crdPattern (its globs are
// case-insensitive; * may cross the '/'). It is stricter than ASO in one way: an item without
// a '/' other than a lone wildcard is refused rather than silently matching nothing, since
// "network.azure.com" (the kind forgotten) is the usual slip.
type Pattern struct {
	items []patternItem
}

type patternItem struct {
	text string
	re   *regexp.Regexp
}

// ParsePattern reads s, a --crd-pattern; the empty pattern names nothing.
func ParsePattern(s string) (Pattern, error) {
	return parseFrom("--crd-pattern", s)
}

// AdditionalVar is the environment variable whose items are added to --crd-pattern, as ASO
// reads it (CAPZ sets it for the kinds it needs).
const AdditionalVar = "ADDITIONAL_ASO_CRDS"

// ParsePatterns reads --crd-pattern and ADDITIONAL_ASO_CRDS and joins them; an error names the
// one that holds the bad item, as the user of one may never have set the other.
func ParsePatterns(pattern, additional string) (Pattern, error) {
	p, err := parseFrom("--crd-pattern", pattern)
	if err != nil {
		return Pattern{}, err
	}
	extra, err := parseFrom(AdditionalVar, additional)
	if err != nil {
		return Pattern{}, err
	}
	p.items = append(p.items, extra.items...)
	return p, nil
}

func parseFrom(source, s string) (Pattern, error) {
	var p Pattern
	for _, raw := range strings.Split(s, ";") {
		item := strings.TrimSpace(raw)
		if item == "" {
			continue
		}
		if err := checkItem(item); err != nil {
			return Pattern{}, fmt.Errorf("%s %q: item %q %w; accepted: %s", source, s, item, err, PatternGrammar)
		}
		p.items = append(p.items, patternItem{text: item, re: globRegexp(item)})
	}
	return p, nil
}

func checkItem(item string) error {
	if i := strings.IndexFunc(item, func(r rune) bool { return !patternRune(r) }); i >= 0 {
		if item[i] == ',' {
			return fmt.Errorf("has a ','; items are separated by ';'")
		}
		return fmt.Errorf("has %q, which no group or kind holds", item[i:i+1])
	}
	if strings.Trim(item, "*") == "" {
		return nil
	}
	group, kind, ok := strings.Cut(item, "/")
	switch {
	case !ok:
		return fmt.Errorf("has no /Kind (for every kind of the group write %s/*)", item)
	case strings.Contains(kind, "/"):
		return fmt.Errorf("has more than one '/'")
	case group == "" || kind == "":
		return fmt.Errorf("has an empty group or kind")
	}
	return nil
}

// patternRune: what a group (DNS name) or a kind (Go identifier) holds, and the two wildcards.
func patternRune(r rune) bool {
	switch {
	case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
		return true
	}
	return strings.ContainsRune(".-_/*?", r)
}

func globRegexp(glob string) *regexp.Regexp {
	q := regexp.QuoteMeta(glob)
	q = strings.ReplaceAll(q, `\*`, ".*")
	q = strings.ReplaceAll(q, `\?`, ".")
	return regexp.MustCompile("(?i)^(?:" + q + ")$")
}

// Empty reports whether the pattern names nothing.
func (p Pattern) Empty() bool { return len(p.items) == 0 }

// Matches reports whether some item matches group/kind.
func (p Pattern) Matches(group, kind string) bool {
	return p.Match(group, kind) != ""
}

// Match returns the first item matching group/kind, or "".
func (p Pattern) Match(group, kind string) string {
	s := group + "/" + kind
	for _, it := range p.items {
		if it.re.MatchString(s) {
			return it.text
		}
	}
	return ""
}

// Unmatched lists the items that match none of the group/kinds known.
func (p Pattern) Unmatched(known [][2]string) []string {
	var out []string
	for _, it := range p.items {
		found := false
		for _, gk := range known {
			if it.re.MatchString(gk[0] + "/" + gk[1]) {
				found = true
				break
			}
		}
		if !found {
			out = append(out, it.text)
		}
	}
	return out
}

// Join adds the items of extra to pattern (ADDITIONAL_ASO_CRDS to --crd-pattern).
func Join(pattern, extra string) string {
	switch {
	case strings.TrimSpace(extra) == "":
		return pattern
	case strings.TrimSpace(pattern) == "":
		return extra
	}
	return pattern + ";" + extra
}
