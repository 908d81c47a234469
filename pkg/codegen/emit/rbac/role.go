package rbac

import (
	"maps"
	"slices"
	"strings"
)

// A rule grants verbs on resources of API groups, as a ClusterRole rule does.
type rule struct {
	why       string
	groups    []string
	resources []string
	verbs     []string
}

// Verbs, sorted as they are written.
var (
	allVerbs     = []string{"create", "delete", "get", "list", "patch", "update", "watch"}
	readVerbs    = []string{"get", "list", "watch"}
	statusVerbs  = []string{"get", "patch", "update"}
	finalizeVerb = []string{"update"}
	crdVerbs     = []string{"create", "get", "list", "patch", "watch"}
)

// coreRules are what the operator needs beyond its own kinds, whatever kinds there are.
var coreRules = []rule{
	{
		why:    "Secrets and ConfigMaps: read for references and credentials, written to export what Azure generates.",
		groups: []string{""}, resources: []string{"configmaps", "secrets"}, verbs: allVerbs,
	},
	{
		why:    "Events: reported on the resources being reconciled.",
		groups: []string{""}, resources: []string{"events"}, verbs: []string{"create", "patch"},
	},
	{
		why:    "Namespaces: the reconcile policy annotation may be on a resource's namespace.",
		groups: []string{""}, resources: []string{"namespaces"}, verbs: readVerbs,
	},
	{
		why:    "CRDs: the operator watches only the kinds whose CRD is installed, and (--crd-management=auto) installs and upgrades its own by server-side apply: a patch, or a create when the CRD is new. Never update or delete.",
		groups: []string{"apiextensions.k8s.io"}, resources: []string{"customresourcedefinitions"}, verbs: crdVerbs,
	},
}

// kindRules grant, per group, everything on its kinds, and on their status (written apart from
// the spec) and finalizers subresources (clusters running the OwnerReferencesPermissionEnforcement
// admission plugin ask for update on it before an owner reference may block the owner's deletion).
func kindRules(kinds map[string][]string) []rule {
	var out []rule
	for _, g := range slices.Sorted(maps.Keys(kinds)) {
		plurals := kinds[g]
		sub := func(s string) []string {
			r := make([]string, len(plurals))
			for i, p := range plurals {
				r[i] = p + "/" + s
			}
			return r
		}
		out = append(out,
			rule{groups: []string{g}, resources: plurals, verbs: allVerbs},
			rule{groups: []string{g}, resources: sub("finalizers"), verbs: finalizeVerb},
			rule{groups: []string{g}, resources: sub("status"), verbs: statusVerbs},
		)
	}
	return out
}

// Role is the ClusterRole YAML for kinds (API group -> plurals). It is written by hand rather
// than marshalled so that the core rules can say why they are there.
func Role(kinds map[string][]string) []byte {
	var b strings.Builder
	b.WriteString(header)
	b.WriteString("# The operator's permissions: the core objects it reads and writes, then every generated kind.\n")
	b.WriteString("apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: " + RoleName + "\nrules:\n")
	for _, r := range append(slices.Clone(coreRules), kindRules(kinds)...) {
		if r.why != "" {
			b.WriteString("# " + r.why + "\n")
		}
		list(&b, "- apiGroups", r.groups)
		list(&b, "  resources", r.resources)
		list(&b, "  verbs", r.verbs)
	}
	return []byte(b.String())
}

// list writes a block sequence. Every item is a DNS name, a resource path or a verb, none of
// which YAML would read as anything but a string; only the core group, "", needs quotes.
func list(b *strings.Builder, key string, items []string) {
	b.WriteString(key + ":\n")
	indent := strings.Repeat(" ", len(key)-len(strings.TrimLeft(key, "- ")))
	for _, it := range items {
		if it == "" {
			it = `""`
		}
		b.WriteString(indent + "- " + it + "\n")
	}
}
