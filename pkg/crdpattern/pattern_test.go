package crdpattern

import (
	"strings"
	"testing"
)

// TestGrammar is the grammar both the operator and `gen crds` read: ';'-separated,
// case-insensitive globs over group/Kind, * crossing the '/', ? one character, a lone * for
// everything, blanks and empty items ignored, and the empty pattern naming nothing.
func TestGrammar(t *testing.T) {
	cases := []struct {
		pattern     string
		group, kind string
		want        bool
	}{
		{"resources.azure.com/*", "resources.azure.com", "ResourceGroup", true},
		{"resources.azure.com/*", "network.azure.com", "VirtualNetwork", false},
		{"resources.azure.com/*;network.azure.com/VirtualNetwork*", "network.azure.com", "VirtualNetworksSubnet", true},
		{"resources.azure.com/*;network.azure.com/VirtualNetwork*", "network.azure.com", "NetworkInterface", false},
		{"network.azure.com/VirtualNetwork", "network.azure.com", "VirtualNetworksSubnet", false},
		{"NETWORK.azure.com/virtualnetwork", "network.azure.com", "VirtualNetwork", true},
		// A lone * (or a run of them) is every kind of every group.
		{"*", "network.azure.com", "VirtualNetwork", true},
		{"**", "network.frontdoor.azure.com", "FrontDoor", true},
		{"*/*", "resources.azure.com", "ResourceGroup", true},
		// * crosses the '/': the glob is over the whole group/Kind, as ASO matches it.
		{"network*Subnet", "network.azure.com", "VirtualNetworksSubnet", false}, // refused: no '/'
		{"network.*/VirtualNetwork", "network.azure.com", "VirtualNetwork", true},
		{"network.azure.com*Network", "network.azure.com", "VirtualNetwork", false}, // refused: no '/'
		{"network.azure*/*Subnet", "network.azure.com", "VirtualNetworksSubnet", true},
		{"*.azure.com/*", "network.frontdoor.azure.com", "FrontDoor", true},
		{"*/ResourceGroup", "resources.azure.com", "ResourceGroup", true},
		{"network.azure.com/*Network*", "network.azure.com", "VirtualNetworkGateway", true},
		// ? is exactly one character.
		{"network.azure.com/VirtualNetwor?", "network.azure.com", "VirtualNetwork", true},
		{"network.azure.com/VirtualNetwor?", "network.azure.com", "VirtualNetworks", false},
		{"network.azure.com/VirtualNetwork?", "network.azure.com", "VirtualNetwork", false},
		{"n?twork.azure.com/?irtualNetwork", "network.azure.com", "VirtualNetwork", true},
		// Blanks around items, and empty items, are ignored; the empty pattern names nothing.
		{" network.azure.com/* ; ", "network.azure.com", "RouteTable", true},
		{";;network.azure.com/*", "network.azure.com", "RouteTable", true},
		{"", "network.azure.com", "RouteTable", false},
		{" ; ", "network.azure.com", "RouteTable", false},
		// '_' and '-' are characters groups and kinds may hold.
		{"my-group.example.com/Some_Kind", "my-group.example.com", "Some_Kind", true},
	}
	for _, c := range cases {
		p, err := Parse("--crd-pattern", c.pattern)
		if err != nil {
			if !strings.Contains(c.pattern, "/") {
				continue // its refusal is TestGrammarRefusals'
			}
			t.Errorf("%q: %v", c.pattern, err)
			continue
		}
		if got := p.Matches(c.group, c.kind); got != c.want {
			t.Errorf("%q matches %s/%s: %v, want %v", c.pattern, c.group, c.kind, got, c.want)
		}
		if empty := strings.Trim(c.pattern, " ;") == ""; p.Empty() != empty {
			t.Errorf("%q: Empty() = %v", c.pattern, p.Empty())
		}
	}
}

// TestGrammarRefusals: each refusal names where the value came from, the whole value, the item
// and the grammar, with a suggestion where there is one.
func TestGrammarRefusals(t *testing.T) {
	cases := map[string]string{
		"network.azure.com":                         "for every kind of the group write network.azure.com/*",
		"network*Subnet":                            "has no /Kind",
		"resources.azure.com/*,network.azure.com/*": "separated by ';'",
		"network.azure.com/[abc]":                   `has "["`,
		"network.azure.com/a/b":                     "more than one '/'",
		"/ResourceGroup":                            "empty group or kind",
		"resources.azure.com/":                      "empty group or kind",
		"resources.azure.com/* ; /x":                "empty group or kind",
	}
	for value, hint := range cases {
		_, err := Parse("ADDITIONAL_ASO_CRDS", value)
		if err == nil {
			t.Errorf("%q: accepted", value)
			continue
		}
		msg := err.Error()
		for _, want := range []string{"ADDITIONAL_ASO_CRDS", value, hint, Grammar} {
			if !strings.Contains(msg, want) {
				t.Errorf("%q: error %q lacks %q", value, msg, want)
			}
		}
	}
}

func TestItemsUnmatchedAndString(t *testing.T) {
	p, err := Parse("--pattern", " resources.azure.com/* ;nosuch.azure.com/*;;network.azure.com/Nothing*")
	if err != nil {
		t.Fatal(err)
	}
	if got := p.String(); got != "resources.azure.com/*;nosuch.azure.com/*;network.azure.com/Nothing*" {
		t.Errorf("String() = %q", got)
	}
	got := p.Unmatched([][2]string{{"resources.azure.com", "ResourceGroup"}, {"network.azure.com", "VirtualNetwork"}})
	if strings.Join(got, ";") != "nosuch.azure.com/*;network.azure.com/Nothing*" {
		t.Errorf("unmatched %q", got)
	}
	items := p.Items()
	if !items[2].MatchesGroup("NETWORK.azure.com") || items[1].MatchesGroup("network.azure.com") {
		t.Errorf("MatchesGroup: %v %v", items[2].MatchesGroup("NETWORK.azure.com"), items[1].MatchesGroup("network.azure.com"))
	}
	star, _ := Parse("--pattern", "*")
	if !star.Items()[0].MatchesGroup("anything.azure.com") {
		t.Errorf("* does not match every group")
	}
}

func TestJoin(t *testing.T) {
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

// TestGrammarRefusalNamesAWholeCharacter: a character outside the grammar that is not ASCII (a
// typographic quote or ellipsis pasted from a document, a non-breaking space) is named whole,
// not as the first byte of its encoding ("\xe2"), which tells the user nothing.
func TestGrammarRefusalNamesAWholeCharacter(t *testing.T) {
	for value, want := range map[string]string{
		"resources.azure.com/Resource\u2026": `has "…"`,
		"\u201cnetwork.azure.com/*\u201d":    `has "“"`,
		"network.azure.com/Virtual\u00a0*":   `has "\u00a0"`,
	} {
		_, err := Parse("--crd-pattern", value)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want it to say %s", value, err, want)
		}
	}
}
