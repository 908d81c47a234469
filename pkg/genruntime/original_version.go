package genruntime

import "strings"

// deprecatedVersionPrefixes are the prefixes Azure Service Operator named its versions with
// before v1api (v1alpha1api until its 2.0, v1beta until its 2.4), each followed by the same
// api-version digits: an object created then, and migrated here, may still record one in
// spec.originalVersion. ASO reads them as the v1api version of the same api-version
// (v2/pkg/genruntime/gvk.go, GetOriginalGVK), and so does this operator.
var deprecatedVersionPrefixes = []string{"v1alpha1api", "v1beta"}

// CurrentVersionName is the version name a recorded originalVersion stands for today: the v1api
// version of the same api-version for a deprecated prefix, the name itself otherwise.
func CurrentVersionName(version string) string {
	for _, p := range deprecatedVersionPrefixes {
		if rest, ok := strings.CutPrefix(version, p); ok && startsWithDate(rest) {
			return "v1api" + rest
		}
	}
	return version
}

// startsWithDate reports whether s begins with an api-version's date, yyyymmdd (v1beta1, a
// Kubernetes-style name of a hand-written kind, does not).
func startsWithDate(s string) bool {
	if len(s) < 8 {
		return false
	}
	for _, c := range s[:8] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
