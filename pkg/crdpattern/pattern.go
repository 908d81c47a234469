package crdpattern

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"
)

// Grammar is what a pattern may hold, for error messages and help texts.
const Grammar = "';'-separated group/Kind globs, case-insensitive, where * matches any run of characters (the '/' included) and ? one character (resources.azure.com/*;network.azure.com/VirtualNetwork*), or * for every kind"

// Pattern is a parsed CRD pattern. The syntax is ASO's: items separated by ';', blanks around
// them and empty items ignored, each a glob matched against "group/Kind" ignoring case, where '*'
// matches any run of characters ('/' included, as ASO matches the whole string) and '?' one.
// It is stricter than ASO in what it accepts: an item without a '/', other than a run of '*',
// is refused rather than silently matching nothing, since "network.azure.com" (the kind
// forgotten) is the usual slip; so is a character no group or kind holds.
type Pattern struct {
	items []Item
}

// Item is one glob of a pattern.
type Item struct {
	text string
	re   *regexp.Regexp
}

// String is the item as written, blanks trimmed.
func (it Item) String() string { return it.text }

// Matches reports whether the item selects the CRD of group and kind.
func (it Item) Matches(group, kind string) bool { return it.re.MatchString(group + "/" + kind) }

// MatchesGroup reports whether some kind of group could match the item: its part before the
// '/' matches group (an item of '*' alone matches every group). Errors use it to list the kinds
// of the group a near-miss meant.
func (it Item) MatchesGroup(group string) bool {
	g, _, ok := strings.Cut(it.text, "/")
	if !ok {
		return true
	}
	return globRegexp(g).MatchString(group)
}

// Parse reads s; source names where it came from (a flag, an environment variable) in errors.
// The empty pattern names nothing; whether that is allowed is the caller's to say.
func Parse(source, s string) (Pattern, error) {
	var p Pattern
	for _, raw := range strings.Split(s, ";") {
		text := strings.TrimSpace(raw)
		if text == "" {
			continue
		}
		if err := checkItem(text); err != nil {
			return Pattern{}, fmt.Errorf("%s %q: item %q %w; accepted: %s", source, s, text, err, Grammar)
		}
		p.items = append(p.items, Item{text: text, re: globRegexp(text)})
	}
	return p, nil
}

func checkItem(item string) error {
	if i := strings.IndexFunc(item, func(r rune) bool { return !patternRune(r) }); i >= 0 {
		if item[i] == ',' {
			return fmt.Errorf("has a ','; items are separated by ';'")
		}
		// The whole character: a pasted typographic quote or ellipsis is several bytes.
		r, _ := utf8.DecodeRuneInString(item[i:])
		return fmt.Errorf("has %q, which no group or kind holds", string(r))
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
		return fmt.Errorf("has an empty group or kind (use * for any)")
	}
	return nil
}

// patternRune: what a group (a DNS name) or a kind (a Go identifier) holds, the '/' between
// them, and the two wildcards.
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

// Items returns the items in the order written.
func (p Pattern) Items() []Item { return append([]Item(nil), p.items...) }

// Matches reports whether some item matches group/kind.
func (p Pattern) Matches(group, kind string) bool { return p.Match(group, kind) != "" }

// Match returns the first item matching group/kind, or "".
func (p Pattern) Match(group, kind string) string {
	for _, it := range p.items {
		if it.Matches(group, kind) {
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
			if it.Matches(gk[0], gk[1]) {
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

// String is the pattern with its items joined by ';'.
func (p Pattern) String() string {
	parts := make([]string, len(p.items))
	for i, it := range p.items {
		parts[i] = it.text
	}
	return strings.Join(parts, ";")
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
