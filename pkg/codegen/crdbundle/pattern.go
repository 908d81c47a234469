// Package crdbundle picks CRDs by Azure Service Operator's crdPattern syntax and writes them as
// one multi-document YAML, so a cluster operator can install only the resources they use: every
// CRD costs API-server memory, and installing all of them runs into size and memory limits.
package crdbundle

import (
	"fmt"
	"strings"
)

// Pattern is a parsed crdPattern: a ';'-separated list of group/Kind globs, such as
// "resources.azure.com/*;network.azure.com/VirtualNetwork*". A CRD is selected when any glob
// matches its API group and kind (all of its versions come along). '*' matches any run of
// characters, and matching ignores case, so "resources.azure.com/resourcegroup" works too.
type Pattern struct {
	globs []Glob
}

// Glob is one group/Kind entry of a pattern.
type Glob struct {
	Group, Kind string
}

func (g Glob) String() string { return g.Group + "/" + g.Kind }

// Matches reports whether the glob selects the CRD of group and kind.
func (g Glob) Matches(group, kind string) bool {
	return match(strings.ToLower(g.Group), strings.ToLower(group)) && match(strings.ToLower(g.Kind), strings.ToLower(kind))
}

// ParsePattern reads a crdPattern. Blanks around entries are ignored; an empty pattern, an
// empty entry, or an entry without exactly one '/' (group/Kind) is an error.
func ParsePattern(s string) (Pattern, error) {
	if strings.TrimSpace(s) == "" {
		return Pattern{}, fmt.Errorf("empty CRD pattern; want group/Kind globs separated by ';', such as 'resources.azure.com/*;network.azure.com/VirtualNetwork*'")
	}
	var p Pattern
	for i, entry := range strings.Split(s, ";") {
		entry = strings.TrimSpace(entry)
		group, kind, ok := strings.Cut(entry, "/")
		switch {
		case entry == "":
			return Pattern{}, fmt.Errorf("CRD pattern %q: entry %d is empty", s, i+1)
		case !ok || strings.Contains(kind, "/"):
			return Pattern{}, fmt.Errorf("CRD pattern %q: entry %q is not group/Kind (such as network.azure.com/VirtualNetwork*)", s, entry)
		case group == "" || kind == "":
			return Pattern{}, fmt.Errorf("CRD pattern %q: entry %q needs both a group and a kind; use * for any", s, entry)
		}
		p.globs = append(p.globs, Glob{Group: group, Kind: kind})
	}
	return p, nil
}

// Globs returns the entries of the pattern, in the order written.
func (p Pattern) Globs() []Glob { return append([]Glob(nil), p.globs...) }

// Matches reports whether any entry selects the CRD of group and kind.
func (p Pattern) Matches(group, kind string) bool {
	for _, g := range p.globs {
		if g.Matches(group, kind) {
			return true
		}
	}
	return false
}

func (p Pattern) String() string {
	parts := make([]string, len(p.globs))
	for i, g := range p.globs {
		parts[i] = g.String()
	}
	return strings.Join(parts, ";")
}

// match reports whether s matches glob, where '*' stands for any run of characters (possibly
// empty) and every other character for itself.
func match(glob, s string) bool {
	parts := strings.Split(glob, "*")
	if len(parts) == 1 {
		return glob == s
	}
	first, last := parts[0], parts[len(parts)-1]
	if !strings.HasPrefix(s, first) {
		return false
	}
	s = s[len(first):]
	for _, mid := range parts[1 : len(parts)-1] {
		i := strings.Index(s, mid)
		if i < 0 {
			return false
		}
		s = s[i+len(mid):]
	}
	return strings.HasSuffix(s, last)
}
