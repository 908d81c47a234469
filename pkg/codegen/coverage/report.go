// Package coverage is the report of an --all run: per provider, the resource types discovered,
// generated and skipped, each skip with its reason.
package coverage

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/armgen/armgen/pkg/codegen/loader"
)

// Report says, per provider, what an --all run found, generated and skipped, and why.
type Report struct {
	Providers []*Provider `json:"providers"`
}

// Provider is one provider namespace's line of the report.
type Provider struct {
	Namespace  string  `json:"namespace"`
	Discovered int     `json:"discovered"`
	Generated  int     `json:"generated"`
	Skipped    []Entry `json:"skipped,omitempty"`
	// Aliases are further paths of generated resource types (other scopes); nothing is lost.
	Aliases []Entry `json:"aliases,omitempty"`
}

// Entry is one resource (or PUT path) not generated, with the reason in words.
type Entry struct {
	Resource   string `json:"resource"`
	APIVersion string `json:"apiVersion"`
	Reason     string `json:"reason"`
}

func (c *Report) provider(ns string) *Provider {
	for _, p := range c.Providers {
		if strings.EqualFold(p.Namespace, ns) {
			return p
		}
	}
	p := &Provider{Namespace: ns}
	c.Providers = append(c.Providers, p)
	return p
}

// Discovered records a resource type found and, until skipped, generated.
func (c *Report) Discovered(r *loader.Resource) {
	p := c.provider(r.Namespace)
	p.Discovered++
	p.Generated++
}

// Skip records that a discovered resource type is not generated, and why.
func (c *Report) Skip(r *loader.Resource, reason string) {
	p := c.provider(r.Namespace)
	p.Generated--
	p.Skipped = append(p.Skipped, Entry{Resource: r.ARMType, APIVersion: r.APIVersion, Reason: reason})
}

// SkipPath records a PUT path that is not a resource; a path skipped in several versions is
// reported once, with the newest version.
func (c *Report) SkipPath(ns string, sk loader.Skipped, apiVersion string) {
	p := c.provider(ns)
	for i, s := range p.Skipped {
		if strings.EqualFold(s.Resource, sk.Path) {
			if apiVersion > s.APIVersion {
				p.Skipped[i] = Entry{Resource: sk.Path, APIVersion: apiVersion, Reason: sk.Reason}
			}
			return
		}
	}
	p.Discovered++
	p.Skipped = append(p.Skipped, Entry{Resource: sk.Path, APIVersion: apiVersion, Reason: sk.Reason})
}

// Alias records another path of a generated resource type, once per path.
func (c *Report) Alias(ns string, sk loader.Skipped, apiVersion string) {
	p := c.provider(ns)
	for _, a := range p.Aliases {
		if strings.EqualFold(a.Resource, sk.Path) {
			return
		}
	}
	p.Aliases = append(p.Aliases, Entry{Resource: sk.Path, APIVersion: apiVersion, Reason: sk.Reason})
}

// Sort orders providers and skips for stable output.
func (c *Report) Sort() {
	slices.SortFunc(c.Providers, func(a, b *Provider) int {
		return strings.Compare(strings.ToLower(a.Namespace), strings.ToLower(b.Namespace))
	})
	for _, p := range c.Providers {
		slices.SortFunc(p.Skipped, func(a, b Entry) int { return strings.Compare(a.Resource, b.Resource) })
		slices.SortFunc(p.Aliases, func(a, b Entry) int { return strings.Compare(a.Resource, b.Resource) })
	}
}

// Totals sums the report.
func (c *Report) Totals() (discovered, generated, skipped int) {
	for _, p := range c.Providers {
		discovered += p.Discovered
		generated += p.Generated
		skipped += len(p.Skipped)
	}
	return
}

// Reasons counts skips by reason, most frequent first.
func (c *Report) Reasons() []ReasonCount {
	counts := make(map[string]int)
	for _, p := range c.Providers {
		for _, s := range p.Skipped {
			counts[reasonClass(s.Reason)]++
		}
	}
	var out []ReasonCount
	for r, n := range counts {
		out = append(out, ReasonCount{r, n})
	}
	slices.SortFunc(out, func(a, b ReasonCount) int {
		if a.Count != b.Count {
			return b.Count - a.Count
		}
		return strings.Compare(a.Reason, b.Reason)
	})
	return out
}

// ReasonCount is how many skips share a reason.
type ReasonCount struct {
	Reason string `json:"reason"`
	Count  int    `json:"count"`
}

// reasonClass groups alike reasons: a reason that names a file (a spec error) is grouped by its
// message, others by their text up to a colon or a quoted value.
func reasonClass(r string) string {
	if i := strings.Index(r, ".json"); i > 0 {
		if j := strings.Index(r[i:], ": "); j > 0 {
			r = r[i+j+2:]
		}
	}
	if i := strings.IndexAny(r, `":`); i > 0 {
		return strings.TrimSpace(r[:i]) + " …"
	}
	return r
}

// JSON renders the report.
func (c *Report) JSON() ([]byte, error) {
	d, g, s := c.Totals()
	return json.MarshalIndent(struct {
		Discovered int           `json:"discovered"`
		Generated  int           `json:"generated"`
		Skipped    int           `json:"skipped"`
		Reasons    []ReasonCount `json:"reasons"`
		Providers  []*Provider   `json:"providers"`
	}{d, g, s, c.Reasons(), c.Providers}, "", "  ")
}

// Markdown renders the report for people.
func (c *Report) Markdown(w io.Writer) {
	d, g, s := c.Totals()
	fmt.Fprintf(w, "# Coverage\n\n%d resources discovered, %d generated, %d skipped.\n\n", d, g, s)
	if rs := c.Reasons(); len(rs) > 0 {
		fmt.Fprintf(w, "## Skip reasons\n\n| reason | count |\n|---|---|\n")
		for _, r := range rs {
			fmt.Fprintf(w, "| %s | %d |\n", mdEscape(r.Reason), r.Count)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "## Providers\n\n| provider | discovered | generated | skipped |\n|---|---|---|---|\n")
	for _, p := range c.Providers {
		fmt.Fprintf(w, "| %s | %d | %d | %d |\n", p.Namespace, p.Discovered, p.Generated, len(p.Skipped))
	}
	for _, p := range c.Providers {
		if len(p.Skipped) == 0 {
			continue
		}
		fmt.Fprintf(w, "\n### %s\n\n| resource | api-version | reason |\n|---|---|---|\n", p.Namespace)
		for _, s := range p.Skipped {
			fmt.Fprintf(w, "| `%s` | %s | %s |\n", s.Resource, s.APIVersion, mdEscape(s.Reason))
		}
	}
}

func mdEscape(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// Dump describes the report in state dumps.
func (c *Report) Dump(w io.Writer) error {
	d, g, s := c.Totals()
	_, err := fmt.Fprintf(w, "%d discovered, %d generated, %d skipped\n", d, g, s)
	return err
}

// Clone copies the report so a stage can change it without touching its input.
func (c *Report) Clone() *Report {
	out := &Report{}
	for _, p := range c.Providers {
		cp := *p
		cp.Skipped = slices.Clone(p.Skipped)
		cp.Aliases = slices.Clone(p.Aliases)
		out.Providers = append(out.Providers, &cp)
	}
	return out
}
