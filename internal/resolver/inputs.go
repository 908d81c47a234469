package resolver

import (
	"maps"
	"slices"
	"strings"
)

// Inputs are the Secrets and ConfigMaps a spec's values were read from, each with the
// resourceVersion it had when read ("Secret/admin" -> "4711"). Recorded on a resource after a
// PUT, they tell a later reconcile that a value Azure never returns (a password) may have
// changed since, without keeping a trace of any value: a resourceVersion says nothing of the
// data.
type Inputs map[string]string

// String is the canonical form: "ConfigMap/ids=12,Secret/admin=4711", sorted; "" for none.
// Kubernetes names hold neither ',' nor '='.
func (in Inputs) String() string {
	var b strings.Builder
	for i, k := range slices.Sorted(maps.Keys(in)) {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(k)
		b.WriteByte('=')
		b.WriteString(in[k])
	}
	return b.String()
}

// ParseInputs reads String's form. An entry without '=' is kept with an empty version, so it
// counts as changed.
func ParseInputs(s string) Inputs {
	in := Inputs{}
	if s == "" {
		return in
	}
	for _, e := range strings.Split(s, ",") {
		k, v, _ := strings.Cut(e, "=")
		in[k] = v
	}
	return in
}

// Changed lists, sorted, the inputs that differ between was and in: read at another version,
// no longer read, or newly read.
func (in Inputs) Changed(was Inputs) []string {
	var out []string
	for k, v := range in {
		if w, ok := was[k]; !ok || w != v {
			out = append(out, k)
		}
	}
	for k := range was {
		if _, ok := in[k]; !ok {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}
