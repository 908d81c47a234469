package conditions

import (
	"cmp"
	"slices"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Conditions: The conditions of a resource, at most one per type, sorted by type.
type Conditions []Condition

// Get returns the condition of type t, and false when there is none.
func (cs Conditions) Get(t ConditionType) (Condition, bool) {
	for _, c := range cs {
		if c.Type == t {
			return c, true
		}
	}

	return Condition{}, false
}

// Set returns a copy of cs with c in place of any condition of the same type.
// It returns a copy rather than editing in place because cs is usually the slice inside a live object's status.
// LastTransitionTime records when Status changed, so it is carried over while Status stays the same, and set to now when it is still unknown.
// The result is sorted by type so that repeated reconciles write identical status and do not cause needless updates.
func (cs Conditions) Set(c Condition) Conditions {
	result := make(Conditions, 0, len(cs)+1)
	var previous *Condition
	for i := range cs {
		if cs[i].Type == c.Type {
			previous = &cs[i]
			continue
		}

		result = append(result, cs[i])
	}

	if previous != nil && previous.Status == c.Status {
		c.LastTransitionTime = previous.LastTransitionTime
	}

	if c.LastTransitionTime.IsZero() {
		c.LastTransitionTime = metav1.Now()
	}

	result = append(result, c)
	slices.SortStableFunc(result, func(a, b Condition) int {
		return cmp.Compare(a.Type, b.Type)
	})

	return result
}
