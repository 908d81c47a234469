package crdmanagement

import (
	"strings"
	"testing"

	"github.com/go-logr/logr/funcr"
)

// TestPatternMatchesAsASO: ';'-separated, case-insensitive globs over group/Kind, * crossing
// the '/', ? one character, blanks around items ignored.
func TestPatternMatchesAsASO(t *testing.T) {
	cases := []struct {
		pattern string
		group   string
		kind    string
		want    bool
	}{
		{"resources.azure.com/*", "resources.azure.com", "ResourceGroup", true},
		{"resources.azure.com/*", "network.azure.com", "VirtualNetwork", false},
		{"resources.azure.com/*;network.azure.com/VirtualNetwork*", "network.azure.com", "VirtualNetworksSubnet", true},
		{"resources.azure.com/*;network.azure.com/VirtualNetwork*", "network.azure.com", "NetworkInterface", false},
		{"NETWORK.azure.com/virtualnetwork", "network.azure.com", "VirtualNetwork", true},
		{"network.azure.com/VirtualNetwork", "network.azure.com", "VirtualNetworksSubnet", false},
		{"*", "network.azure.com", "VirtualNetwork", true},
		{"*.azure.com/*", "network.frontdoor.azure.com", "FrontDoor", true},
		{"network*", "network.frontdoor.azure.com", "FrontDoor", false}, // refused at parse, see below
		{"*/ResourceGroup", "resources.azure.com", "ResourceGroup", true},
		{"network.azure.com/VirtualNetwor?", "network.azure.com", "VirtualNetwork", true},
		{"network.azure.com/VirtualNetwor?", "network.azure.com", "VirtualNetworks", false},
		{" network.azure.com/* ; ", "network.azure.com", "RouteTable", true},
		{"", "network.azure.com", "RouteTable", false},
	}
	for _, c := range cases {
		p, err := ParsePattern(c.pattern)
		if err != nil {
			if c.pattern == "network*" {
				continue
			}
			t.Errorf("%q: %v", c.pattern, err)
			continue
		}
		if got := p.Matches(c.group, c.kind); got != c.want {
			t.Errorf("%q matches %s/%s: %v, want %v", c.pattern, c.group, c.kind, got, c.want)
		}
	}
}

// TestPatternRefusesBadInputNamingValueAndGrammar: each refusal names the whole value, the
// item and the accepted grammar, with a suggestion where there is one.
func TestPatternRefusesBadInputNamingValueAndGrammar(t *testing.T) {
	cases := map[string]string{
		"network.azure.com":                         "for every kind of the group write network.azure.com/*",
		"resources.azure.com/*,network.azure.com/*": "separated by ';'",
		"network.azure.com/[abc]":                   `has "["`,
		"network.azure.com/a/b":                     "more than one '/'",
		"/ResourceGroup":                            "empty group or kind",
		"network*":                                  "has no /Kind",
	}
	for value, hint := range cases {
		_, err := ParsePattern(value)
		if err == nil {
			t.Errorf("%q: accepted", value)
			continue
		}
		msg := err.Error()
		for _, want := range []string{"--crd-pattern", value, hint, PatternGrammar} {
			if !strings.Contains(msg, want) {
				t.Errorf("%q: error %q lacks %q", value, msg, want)
			}
		}
	}
}

func TestPatternUnmatchedItems(t *testing.T) {
	p, err := ParsePattern("resources.azure.com/*;nosuch.azure.com/*;network.azure.com/Nothing*")
	if err != nil {
		t.Fatal(err)
	}
	got := p.Unmatched([][2]string{{"resources.azure.com", "ResourceGroup"}, {"network.azure.com", "VirtualNetwork"}})
	if strings.Join(got, ";") != "nosuch.azure.com/*;network.azure.com/Nothing*" {
		t.Errorf("unmatched %q", got)
	}
}

func TestJoinAddsAdditionalCRDs(t *testing.T) {
	for _, c := range [][3]string{
		{"resources.azure.com/*", "", "resources.azure.com/*"},
		{"", "cache.azure.com/*", "cache.azure.com/*"},
		{"resources.azure.com/*", "cache.azure.com/*;documentdb.azure.com/MongodbDatabase", "resources.azure.com/*;cache.azure.com/*;documentdb.azure.com/MongodbDatabase"},
	} {
		if got := Join(c[0], c[1]); got != c[2] {
			t.Errorf("Join(%q, %q) = %q, want %q", c[0], c[1], got, c[2])
		}
	}
}

// TestPatternMatchingNothingWarnsWithKnownGroups: an item naming no CRD is a warning that names
// it and the groups the operator knows.
func TestPatternMatchingNothingWarnsWithKnownGroups(t *testing.T) {
	var logged []string
	log := funcr.New(func(prefix, args string) { logged = append(logged, args) }, funcr.Options{})
	p, err := ParsePattern("resources.azure.com/*;netwrok.azure.com/*")
	if err != nil {
		t.Fatal(err)
	}
	warnUnmatched(log, p, testCatalog(t))
	if len(logged) != 1 {
		t.Fatalf("logged %q, want one warning", logged)
	}
	for _, want := range []string{"warning", "netwrok.azure.com/*", "network.azure.com,resources.azure.com"} {
		if !strings.Contains(logged[0], want) {
			t.Errorf("warning %q lacks %q", logged[0], want)
		}
	}
	if strings.Contains(logged[0], `"resources.azure.com/*"`) {
		t.Errorf("warning %q names an item that matched", logged[0])
	}
}
