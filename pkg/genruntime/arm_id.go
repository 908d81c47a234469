package genruntime

import (
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/arm"
)

// armIDPattern must match the +kubebuilder:validation:Pattern markers on the armId fields.
// Validate checks it too because the API server enforces the marker only on objects it admits, not on references built in code.
var armIDPattern = regexp.MustCompile(`(?i)^/subscriptions/[^/]+(/resourcegroups/[^/]+)?(/providers/.+)?$`)

// ParseARMID is the one parser of ARM resource IDs the operator uses, wherever an ID comes
// from (a spec's armId, an owner, an annotation, what the operator derives). It refuses what
// azcore's arm.ParseResourceID would quietly tidy up, because the request path is built from
// the text, not from what azcore made of it: an empty segment (arm.ParseResourceID skips it),
// "." or "..", in plain or percent-encoded form (a proxy or the server resolving them moves
// the request to another resource), a percent-encoded or back slash (another segment in
// disguise), control characters, and spaces around a segment (arm.ParseResourceID trims them). What is left is parsed by azcore.
func ParseARMID(id string) (*arm.ResourceID, error) {
	if id == "" {
		return nil, &ARMIDError{ID: id, Problem: "is empty"}
	}
	if err := CheckARMPath(id); err != nil {
		return nil, err
	}
	parsed, err := arm.ParseResourceID(id)
	if err != nil {
		return nil, &ARMIDError{ID: id, Problem: "is not an ARM resource ID (/subscriptions/{id}/..., or /providers/... at tenant scope)", cause: err}
	}
	return parsed, nil
}

// CheckARMPath holds an ARM request path (an ID, or a collection or action below one) to the
// segment rules of ParseARMID, for paths that are not resource IDs themselves: whatever path is
// sent to ARM must reach exactly what it says.
func CheckARMPath(path string) error {
	if !strings.HasPrefix(path, "/") {
		return &ARMIDError{ID: path, Problem: "does not start with /"}
	}
	for i, seg := range strings.Split(path[1:], "/") {
		if problem := badSegment(seg); problem != "" {
			return &ARMIDError{ID: path, Problem: fmt.Sprintf("segment %d %s", i+1, problem)}
		}
	}
	return nil
}

// badSegment says what is wrong with one segment of an ID, or "".
func badSegment(seg string) string {
	if seg == "" {
		return "is empty (a doubled or trailing /)"
	}
	for _, r := range seg {
		if r < 0x20 || r == 0x7f {
			return fmt.Sprintf("%q holds a control character", seg)
		}
	}
	if strings.TrimSpace(seg) != seg {
		return fmt.Sprintf("%q has spaces around it", seg)
	}
	if strings.Contains(seg, `\`) {
		return fmt.Sprintf(`%q holds a \, which some servers read as /`, seg)
	}
	decoded := seg
	if strings.Contains(seg, "%") {
		d, err := url.PathUnescape(seg)
		if err != nil {
			return fmt.Sprintf("%q has a malformed %%-escape", seg)
		}
		if strings.ContainsAny(d, `/\`) {
			return fmt.Sprintf("%q hides a slash in a %%-escape", seg)
		}
		decoded = d
	}
	if decoded == "." || decoded == ".." {
		return fmt.Sprintf("is %q, which would move the request to another resource", seg)
	}
	return ""
}

// ARMIDError is an ARM ID refused by ParseARMID. Field, when set, says where the ID was read
// (spec.owner.armId, an annotation); callers set it, since only they know.
type ARMIDError struct {
	ID      string
	Field   string
	Problem string
	cause   error
}

func (e *ARMIDError) Error() string {
	where := "ARM ID"
	if e.Field != "" {
		where = e.Field
	}
	return fmt.Sprintf("%s %q %s", where, e.ID, e.Problem)
}

func (e *ARMIDError) Unwrap() error { return e.cause }

// At returns a copy of e located at field.
func (e *ARMIDError) At(field string) *ARMIDError {
	c := *e
	c.Field = field
	return &c
}

// SubscriptionsOf lists every subscription an ARM ID names: the one at its root, and one held
// by a management group (Microsoft.Management/managementGroups/subscriptions, which moves a
// subscription), root first. Empty for an ID at tenant or management-group scope. A child type
// merely called subscriptions (a Service Bus topic's) names no Azure subscription.
func SubscriptionsOf(id *arm.ResourceID) []string {
	var out []string
	for p := id; p != nil; p = p.Parent {
		t := p.ResourceType.String()
		if strings.EqualFold(t, arm.SubscriptionResourceType.String()) || strings.EqualFold(t, managementGroupSubscriptionType) {
			out = append(out, p.Name)
		}
	}
	slices.Reverse(out)
	return out
}

// managementGroupSubscriptionType is a subscription's membership of a management group.
const managementGroupSubscriptionType = "Microsoft.Management/managementGroups/subscriptions"
