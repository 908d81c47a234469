package armfake

import (
	"strings"

	"github.com/armgen/armgen/pkg/astmodel"
)

// A version may declare one type at several scopes, each path with its own body schema and
// operations: a diagnostic setting of a subscription (logs only) beside that of any resource
// (logs and metrics). Discovery keeps the narrowest declaration and the others as its
// alternatives; a request is served by the declaration of the scope its path is in.

// withAlternatives gives tv a typeVersion per alternative declaration of its resource, sharing
// its documents.
func (tv *typeVersion) withAlternatives() *typeVersion {
	for _, alt := range tv.res.Alternatives {
		tv.alts = append(tv.alts, &typeVersion{res: alt, docs: tv.docs, corpus: tv.corpus})
	}
	return tv
}

// at is the declaration that serves a resource whose ARM ID has the given scope part (the ID
// before its /providers/{namespace}): the one declared at that scope, else one declared for any
// resource (extension), else tv.
func (tv *typeVersion) at(scopeID string) *typeVersion {
	want := scopeOfID(scopeID)
	var extension *typeVersion
	for _, d := range append([]*typeVersion{tv}, tv.alts...) {
		if d.res.Scope == want {
			return d
		}
		if d.res.Scope == astmodel.ScopeExtension && extension == nil {
			extension = d
		}
	}
	if extension != nil {
		return extension
	}
	return tv
}

// declaredAt reports whether one of the type's declarations in any version has the scope.
func (t *resourceType) declaredAt(scope astmodel.Scope) bool {
	for _, tv := range t.versions {
		for _, d := range append([]*typeVersion{tv}, tv.alts...) {
			if d.res.Scope == scope {
				return true
			}
		}
	}
	return false
}

// scopeOfID tells the scope of a concrete ARM ID prefix, as discovery tells that of a path
// template: "" is the tenant; a subscription, a resource group or a management group; anything
// else is a resource, which only an extension attaches to.
func scopeOfID(id string) astmodel.Scope {
	segs := strings.Split(strings.ToLower(strings.Trim(id, "/")), "/")
	switch {
	case strings.Trim(id, "/") == "":
		return astmodel.ScopeTenant
	case len(segs) == 2 && segs[0] == "subscriptions":
		return astmodel.ScopeSubscription
	case len(segs) == 4 && segs[0] == "subscriptions" && segs[2] == "resourcegroups":
		return astmodel.ScopeResourceGroup
	case len(segs) == 4 && segs[0] == "providers" && segs[1] == "microsoft.management" && segs[2] == "managementgroups":
		return astmodel.ScopeManagementGroup
	}
	return astmodel.ScopeExtension
}
