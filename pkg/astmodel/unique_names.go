package astmodel

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// UniqueNames gives every property of one object a Go field name and a JSON name of its own.
// Wire names that differ only in what Go drops or capitalises (http-port, http.port, httpPort;
// foo and Foo) make the same Go name: the wire name spelled as a Go-derived JSON name would be
// (httpPort) keeps it, the others, in wire-name order, are numbered (HttpPort2). Their JSON names
// are their wire names, as ASO's are, unless another property of the object already holds that
// JSON name (a name the generator derives: subnetId becomes subnetReference, beside a swagger
// subnetReference); then the JSON name follows the numbered Go name (subnetReference2). A Go name
// that is a generated method's (DeepCopy, ConvertToARM) gets a suffix. Every rename is recorded,
// so gen explain can say why; $renameTo, which matches wire names, can choose better names.
func UniqueNames(props []*Property) []*Property {
	out := slices.Clone(props)
	for i, p := range out {
		if IsGeneratedMethod(p.Name) {
			c := p.Copy()
			c.Name += MethodClashSuffix
			c.Provenance.Renamed = ByClash
			c.Provenance.ClashedWith = fmt.Sprintf("the generated method %s (Go name %s)", p.Name, c.Name)
			out[i] = c
		}
	}
	taken := make(map[string]bool, len(out))
	jsonHolders := make(map[string]int, len(out))
	for _, p := range out {
		taken[p.Name] = true
		taken[p.JSONName] = true
		jsonHolders[p.JSONName]++
	}
	groups := make(map[string][]int)
	var order []string
	for i, p := range out {
		key := JSONName(p.Name) // the same Go name makes the same key, and FOO and Foo make foo
		if _, seen := groups[key]; !seen {
			order = append(order, key)
		}
		groups[key] = append(groups[key], i)
	}
	for _, key := range order {
		idx := groups[key]
		if len(idx) < 2 {
			continue
		}
		slices.SortFunc(idx, func(a, b int) int { return compareClaims(out[a], out[b]) })
		first := out[idx[0]]
		n := 2
		for _, i := range idx[1:] {
			name := first.Name + strconv.Itoa(n)
			for taken[name] || taken[JSONName(name)] {
				n++
				name = first.Name + strconv.Itoa(n)
			}
			n++
			c := out[i].Copy()
			taken[name] = true
			c.Name = name
			if c.JSONName == first.JSONName || jsonHolders[c.JSONName] > 1 {
				jsonHolders[c.JSONName]--
				c.JSONName = JSONName(name)
				taken[c.JSONName] = true
				jsonHolders[c.JSONName]++
			}
			c.Provenance.Renamed = ByClash
			c.Provenance.ClashedWith = fmt.Sprintf("%q's, as both make the Go name %s", first.ARMName, first.Name)
			out[i] = c
		}
	}
	return out
}

// compareClaims orders the properties that want one Go name: the wire name spelled as the
// Go-derived JSON name would be first, then by wire name, so the outcome does not depend on the swagger's order.
// The map of extra keys comes last: its name is ours, a declared property's is Azure's.
func compareClaims(a, b *Property) int {
	ca, cb := a.ARMName == JSONName(a.Name), b.ARMName == JSONName(b.Name)
	switch {
	case a.ExtraKeys != b.ExtraKeys:
		if a.ExtraKeys {
			return 1
		}
		return -1
	case ca && !cb:
		return -1
	case cb && !ca:
		return 1
	}
	return strings.Compare(a.ARMName, b.ARMName)
}
