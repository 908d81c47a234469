package crdmanagement

import (
	"fmt"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/api/equality"

	"github.com/armgen/armgen/pkg/crdowner"
	"github.com/armgen/armgen/pkg/crdpattern"
)

// Action is what the operator does to one of its CRDs at start.
type Action string

const (
	// Install: the pattern names it and it is not installed.
	Install Action = "install"
	// Upgrade: ours, installed (pattern or not), written by this operator version or an older
	// one, and different from what this version carries.
	Upgrade Action = "upgrade"
	// UpToDate: ours, installed, as this version would write it.
	UpToDate Action = "up-to-date"
	// KeepNewer: ours, written by a newer operator: never downgraded.
	KeepNewer Action = "keep-newer"
	// Refuse: the pattern names it, but a CRD of that name that is not ours is installed
	// (Azure Service Operator's, say): an error for the user to settle, never a takeover.
	Refuse Action = "refuse"
	// Leave: not installed and not named, or installed, not ours and not named.
	Leave Action = "leave"
)

// Step is the plan for one CRD.
type Step struct {
	Entry  Entry
	Action Action
	// Reason says why, for the log and for errors.
	Reason string
	// Goal is what to apply, for Install and Upgrade.
	Goal *apiextv1.CustomResourceDefinition
	// Current is the CRD installed of that name, nil when there is none.
	Current *apiextv1.CustomResourceDefinition
}

// Installed reports whether, after the step is carried out, a CRD of ours serves the kind.
func (s Step) Installed() bool {
	switch s.Action {
	case Install, Upgrade, UpToDate, KeepNewer:
		return true
	}
	return false
}

// Plan decides, for every CRD of cat, what to do given the CRDs installed (by name), the
// pattern, the operator's version and namespace. It decodes only the CRDs that are installed
// or named.
func Plan(cat *Catalog, installed map[string]*apiextv1.CustomResourceDefinition, p crdpattern.Pattern, version, namespace string) ([]Step, error) {
	steps := make([]Step, 0, len(cat.Entries))
	for _, e := range cat.Entries {
		have := installed[e.Name]
		matched := p.Match(e.Group, e.Kind)
		step := Step{Entry: e, Action: Leave, Current: have}
		switch {
		case have == nil && matched == "":
			step.Reason = "not installed and not named by the pattern"
		case have != nil && !crdowner.Ours(have.Labels):
			if matched == "" {
				step.Reason = fmt.Sprintf("installed by someone else (label %s=%q) and not named by the pattern", crdowner.Label, have.Labels[crdowner.Label])
				break
			}
			step.Action = Refuse
			step.Reason = fmt.Sprintf("CRD %s is installed but is not this operator's (label %s=%q, not %q), and the pattern item %q names it; "+
				"delete that CRD if nothing uses it, or leave %s/%s out of --crd-pattern, or label it %s=%s to let this operator take it over",
				e.Name, crdowner.Label, have.Labels[crdowner.Label], crdowner.Value, matched, e.Group, e.Kind, crdowner.Label, crdowner.Value)
		case have != nil && CompareVersions(have.Labels[VersionLabel], version) > 0:
			step.Action = KeepNewer
			step.Reason = fmt.Sprintf("written by operator version %s, newer than this one (%s): never downgraded", have.Labels[VersionLabel], version)
		default:
			crd, err := cat.CRD(e)
			if err != nil {
				return nil, err
			}
			step.Goal = goal(keepStoredVersions(crd, have), namespace, version)
			switch {
			case have == nil:
				step.Action = Install
				step.Reason = fmt.Sprintf("named by the pattern item %q", matched)
			case have.Labels[VersionLabel] == version && SpecEqual(have, step.Goal):
				step.Action, step.Goal = UpToDate, nil
				step.Reason = "installed as this operator version writes it"
			default:
				step.Action = Upgrade
				step.Reason = fmt.Sprintf("installed by operator version %q, differing from this one's (%s)", have.Labels[VersionLabel], version)
			}
		}
		steps = append(steps, step)
	}
	return steps, nil
}

// SpecEqual reports whether the installed CRD's spec is what applying want would leave: want is
// defaulted as the API server defaults it, and the caBundle, which others own, is ignored.
func SpecEqual(installed, want *apiextv1.CustomResourceDefinition) bool {
	a, b := installed.DeepCopy(), want.DeepCopy()
	apiextv1.SetObjectDefaults_CustomResourceDefinition(b)
	for _, c := range []*apiextv1.CustomResourceDefinition{a, b} {
		if conv := c.Spec.Conversion; conv != nil && conv.Webhook != nil && conv.Webhook.ClientConfig != nil {
			conv.Webhook.ClientConfig.CABundle = nil
		}
	}
	return equality.Semantic.DeepEqual(a.Spec, b.Spec)
}
