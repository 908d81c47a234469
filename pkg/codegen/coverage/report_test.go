package coverage

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/armgen/armgen/pkg/codegen/loader"
)

func resource(ns, armType, apiVersion string) *loader.Resource {
	return &loader.Resource{Namespace: ns, ARMType: ns + "/" + armType, APIVersion: apiVersion}
}

// sample is a report over two providers, one spelled in two cases.
func sample() *Report {
	c := &Report{}
	c.Discovered(resource("Microsoft.Demo", "widgets", "2021-01-01"))
	c.Discovered(resource("Microsoft.Demo", "gadgets", "2021-01-01"))
	c.Discovered(resource("microsoft.demo", "gizmos", "2021-01-01")) // same provider, other spelling
	c.Skip(resource("Microsoft.Demo", "gadgets", "2021-01-01"), `kind Gadget is also the kind of "Microsoft.Demo/gadgetz"`)
	c.Discovered(resource("Microsoft.Alpha", "things", "2020-01-01"))
	c.SkipPath("Microsoft.Alpha", loader.Skipped{Path: "/b/{x}", Reason: "demo/a.json: bad | thing: here"}, "2020-01-01")
	c.SkipPath("Microsoft.Alpha", loader.Skipped{Path: "/a/{x}", Reason: "path has an empty segment"}, "2020-01-01")
	return c
}

func TestReportCounts(t *testing.T) {
	c := sample()
	cases := []struct {
		ns                             string
		discovered, generated, skipped int
	}{
		{"Microsoft.Demo", 3, 2, 1},
		{"Microsoft.Alpha", 3, 1, 2},
	}
	if len(c.Providers) != len(cases) {
		t.Fatalf("%d providers, want %d", len(c.Providers), len(cases))
	}
	for i, want := range cases {
		p := c.Providers[i]
		if p.Namespace != want.ns || p.Discovered != want.discovered || p.Generated != want.generated || len(p.Skipped) != want.skipped {
			t.Errorf("provider %d: %s %d/%d/%d, want %+v", i, p.Namespace, p.Discovered, p.Generated, len(p.Skipped), want)
		}
	}
	if d, g, s := c.Totals(); d != 6 || g != 3 || s != 3 {
		t.Errorf("totals %d/%d/%d, want 6/3/3", d, g, s)
	}
}

func TestSkipPathOncePerPath(t *testing.T) {
	cases := []struct {
		name     string
		versions []string
		want     string
	}{
		{"newest kept", []string{"2020-01-01", "2021-01-01"}, "2021-01-01"},
		{"newest kept, whatever the order", []string{"2021-01-01", "2020-01-01"}, "2021-01-01"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := &Report{}
			for _, v := range c.versions {
				r.SkipPath("Microsoft.Demo", loader.Skipped{Path: "/a/{x}", Reason: "in " + v}, v)
			}
			// Paths are compared ignoring case, as ARM does.
			r.SkipPath("Microsoft.Demo", loader.Skipped{Path: "/A/{x}", Reason: "old"}, "2019-01-01")
			p := r.Providers[0]
			if len(p.Skipped) != 1 || p.Discovered != 1 || p.Skipped[0].APIVersion != c.want || p.Skipped[0].Reason != "in "+c.want {
				t.Errorf("provider %+v", p)
			}
		})
	}
}

func TestAliasOncePerPath(t *testing.T) {
	r := &Report{}
	r.Alias("Microsoft.Demo", loader.Skipped{Path: "/a/{x}", Reason: "declared at several scopes"}, "2020-01-01")
	r.Alias("Microsoft.Demo", loader.Skipped{Path: "/A/{x}", Reason: "declared at several scopes"}, "2021-01-01")
	p := r.Providers[0]
	if len(p.Aliases) != 1 || p.Discovered != 0 || len(p.Skipped) != 0 {
		t.Errorf("provider %+v", p)
	}
	if d, g, s := r.Totals(); d+g+s != 0 {
		t.Errorf("an alias counted in the totals: %d/%d/%d", d, g, s)
	}
}

func TestSort(t *testing.T) {
	c := sample()
	c.Alias("Microsoft.Alpha", loader.Skipped{Path: "/z"}, "2020-01-01")
	c.Alias("Microsoft.Alpha", loader.Skipped{Path: "/m"}, "2020-01-01")
	c.Sort()
	var got []string
	for _, p := range c.Providers {
		got = append(got, p.Namespace)
		for _, s := range p.Skipped {
			got = append(got, "skipped "+s.Resource)
		}
		for _, a := range p.Aliases {
			got = append(got, "alias "+a.Resource)
		}
	}
	want := []string{"Microsoft.Alpha", "skipped /a/{x}", "skipped /b/{x}", "alias /m", "alias /z", "Microsoft.Demo", "skipped Microsoft.Demo/gadgets"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestReasons(t *testing.T) {
	c := &Report{}
	for _, r := range []string{
		`kind Gadget is also the kind of "x"`,
		`kind Gizmo is also the kind of "y"`,
		"path has an empty segment",
		"Microsoft.Demo/stable/demo.json: invalid schema: no type",
		"Microsoft.Other/preview/other.json: invalid schema: no items",
		"plain reason",
	} {
		c.SkipPath("Microsoft.Demo", loader.Skipped{Path: r, Reason: r}, "2020-01-01")
	}
	want := []ReasonCount{
		{"invalid schema …", 2},
		{"kind Gadget is also the kind of …", 1},
		{"kind Gizmo is also the kind of …", 1},
		{"path has an empty segment", 1},
		{"plain reason", 1},
	}
	if diff := cmp.Diff(want, c.Reasons()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestMarkdown(t *testing.T) {
	c := sample()
	c.Sort()
	var b bytes.Buffer
	c.Markdown(&b)
	md := b.String()
	for _, want := range []string{
		"6 resources discovered, 3 generated, 3 skipped.",
		"## Skip reasons",
		"| Microsoft.Alpha | 3 | 1 | 2 |",
		"| Microsoft.Demo | 3 | 2 | 1 |",
		"### Microsoft.Alpha",
		// A pipe in a reason would end the table cell.
		`| ` + "`/b/{x}`" + ` | 2020-01-01 | demo/a.json: bad \| thing: here |`,
	} {
		if !strings.Contains(md, want) {
			t.Errorf("markdown lacks %q:\n%s", want, md)
		}
	}
	// A provider with nothing skipped gets no section of its own.
	empty := &Report{}
	empty.Discovered(resource("Microsoft.Demo", "widgets", "2021-01-01"))
	b.Reset()
	empty.Markdown(&b)
	if strings.Contains(b.String(), "###") || strings.Contains(b.String(), "## Skip reasons") {
		t.Errorf("sections for nothing:\n%s", b.String())
	}
}

func TestJSON(t *testing.T) {
	data, err := sample().JSON()
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Discovered, Generated, Skipped int
		Reasons                        []ReasonCount
		Providers                      []*Provider
	}
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	if got.Discovered != 6 || got.Generated != 3 || got.Skipped != 3 || len(got.Reasons) != 3 || len(got.Providers) != 2 {
		t.Errorf("%s", data)
	}
}

func TestClone(t *testing.T) {
	c := sample()
	d := c.Clone()
	d.Skip(resource("Microsoft.Demo", "widgets", "2021-01-01"), "later")
	d.Providers[1].Skipped[0].Reason = "changed"
	if _, g, s := c.Totals(); g != 3 || s != 3 || c.Providers[1].Skipped[0].Reason == "changed" {
		t.Error("changing the clone changed the original")
	}
}
