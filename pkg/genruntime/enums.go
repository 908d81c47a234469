package genruntime

import "strings"

// ToEnum returns the declared value that value names regardless of case, or value itself when
// it names none. Azure compares enum values without regard to case and often returns them
// re-cased ("succeeded", "standard_lrs"); reading them back as declared keeps what the operator
// writes into specs and statuses, and what import writes, within the CRD's enum.
func ToEnum[T ~string](value string, declared []T) T {
	for _, d := range declared {
		if strings.EqualFold(string(d), value) {
			return d
		}
	}
	return T(value)
}

// Enum is a spec enum: the CRD accepts only the values EnumValues returns. Azure may return
// others (modelAsString enums grow), which a tool writing specs must not write unannounced.
type Enum interface {
	EnumValues() []string
}

// EnumStrings returns an enum's declared values as strings.
func EnumStrings[T ~string](declared []T) []string {
	out := make([]string, len(declared))
	for i, d := range declared {
		out[i] = string(d)
	}
	return out
}
