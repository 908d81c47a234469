package specstatus

import (
	"strings"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/selection"
)

// A resource body inside another resource is reduced to its ID (embedded.go), except inside the
// resource it is a child of: a load balancer's backendAddressPools and inboundNatRules are
// bodies of its child types loadBalancers/backendAddressPools and .../inboundNatRules, and ARM
// creates, updates and deletes those children from the parent's PUT. There they keep their
// whole shape, as Azure Service Operator keeps them (its $resourceEmbeddedInParent), so a
// manifest written for ASO keeps the pools' and rules' properties. Only a child type that is a
// kind of its own stays reduced (a virtual network's subnets, a route
// table's routes, a security group's rules, which ASO leaves out of the parent): the kind
// manages those children, and the parent's PUT carries what Azure holds of them. A kind of its
// own in any API version counts: a 2021-02-01 virtual network reduces its subnets as its
// 2020-11-01 twin does, so the two convert into each other. Inside a kept
// child, resources are reduced again as anywhere else.

// ownChildren is what one resource keeps whole of its children while its spec and status are
// built.
type ownChildren struct {
	// parent is the resource's ARM type, which keys the types built for it.
	parent string
	// children are the raw bodies of its child types that are not kinds of their own.
	children map[astmodel.TypeName]bool
	// leads are the raw types between the resource and those bodies (its properties envelope,
	// say), which are built for the resource alone so that the bodies in them are kept.
	leads map[astmodel.TypeName]bool
}

// ownChildrenOf finds what e keeps whole; nil when it keeps nothing. kinds holds the ARM types
// exported as kinds, lower case.
func (sp *splitter) ownChildrenOf(e *selection.Export, kinds map[string]bool) *ownChildren {
	oc := &ownChildren{parent: e.Resource.ARMType, children: map[astmodel.TypeName]bool{}, leads: map[astmodel.TypeName]bool{}}
	for body, armTypes := range e.BodyTypes {
		for _, t := range armTypes {
			if isChildType(e.Resource.ARMType, t) && !kinds[strings.ToLower(t)] {
				oc.children[body] = true
			}
		}
	}
	if len(oc.children) == 0 {
		return nil
	}
	const (
		visiting = iota + 1
		yes
		no
	)
	state := map[astmodel.TypeName]int{}
	var reaches func(n astmodel.TypeName) bool
	reaches = func(n astmodel.TypeName) bool {
		if oc.children[n] {
			return true
		}
		if e.Bodies[n] {
			return false // another resource: reduced to its ID, whatever it holds
		}
		switch state[n] {
		case visiting, no:
			return false
		case yes:
			return true
		}
		state[n] = visiting
		d, ok := sp.rawPackage(n)
		found := false
		if ok {
			for _, r := range astmodel.References(d.Type) {
				if reaches(r) {
					found = true
				}
			}
		}
		state[n] = no
		if found {
			state[n] = yes
			oc.leads[n] = true
		}
		return found
	}
	for _, root := range []astmodel.TypeName{e.Body, e.Response} {
		if d, ok := sp.rawPackage(root); ok {
			for _, r := range astmodel.References(d.Type) {
				reaches(r)
			}
		}
	}
	return oc
}

// context is the key part of raw built under oc: the parent's ARM type for a kept child body
// and the types leading to one, "" for everything else (built the same for every resource).
func (oc *ownChildren) context(raw astmodel.TypeName) string {
	if oc != nil && (oc.children[raw] || oc.leads[raw]) {
		return oc.parent
	}
	return ""
}

// keeps says whether raw, a resource body, keeps its whole shape here.
func (oc *ownChildren) keeps(raw astmodel.TypeName) bool { return oc != nil && oc.children[raw] }

// isChildType says whether child is a direct child type of parent
// (Microsoft.Network/loadBalancers/inboundNatRules of Microsoft.Network/loadBalancers).
func isChildType(parent, child string) bool {
	i := strings.LastIndex(child, "/")
	return i > 0 && strings.Count(child, "/") >= 2 && strings.EqualFold(child[:i], parent)
}

// exportedKinds lists the ARM types exported as kinds, in any API version, lower case: a child
// that is a kind in one version is managed as a kind, whatever version its parent is written in.
// A kind whose parent keeps it whole all the same ($keptInParent on any of its versions: ASO's
// load balancer keeps its inbound NAT rules, a kind of their own too) is left out.
func exportedKinds(exps selection.Exports) map[string]bool {
	out, kept := map[string]bool{}, map[string]bool{}
	for _, e := range exps {
		t := strings.ToLower(e.Resource.ARMType)
		out[t] = true
		if e.Config != nil && e.Config.KeptInParent {
			kept[t] = true
		}
	}
	for t := range kept {
		delete(out, t)
	}
	return out
}

// KeptInParentUsed lists the config paths of the $keptInParent settings that change what a
// parent holds: those of a kind whose parent resource is exported too (in any API version) and
// holds the kind's body in its own. Anywhere else (a top-level kind, a child whose parent is not
// exported or does not embed it) the setting says nothing, and check-config-consumed reports
// it rather than let it look as if it did something.
func KeptInParentUsed(raw astmodel.Definitions, exps selection.Exports) []string {
	var kept []*selection.Export
	for _, e := range exps {
		if e.Config != nil && e.Config.KeptInParent {
			kept = append(kept, e)
		}
	}
	if len(kept) == 0 {
		return nil
	}
	sp := &splitter{raw: raw}
	kinds := exportedKinds(exps)
	heldWhole := map[string]bool{}
	for _, p := range exps {
		oc := sp.ownChildrenOf(p, kinds)
		if oc == nil {
			continue
		}
		for body := range oc.children {
			for _, t := range p.BodyTypes[body] {
				if isChildType(p.Resource.ARMType, t) {
					heldWhole[strings.ToLower(t)] = true
				}
			}
		}
	}
	var out []string
	for _, e := range kept {
		if heldWhole[strings.ToLower(e.Resource.ARMType)] {
			out = append(out, e.Config.Path+".$keptInParent")
		}
	}
	return out
}
