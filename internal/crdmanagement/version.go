package crdmanagement

import (
	"strings"

	"k8s.io/apimachinery/pkg/util/validation"
	"k8s.io/apimachinery/pkg/util/version"

	binversion "github.com/armgen/armgen/internal/version"
)

// VersionLabel holds, on each CRD the operator applies, the version of the operator that wrote
// it: the label ASO marks its CRDs with, read so that an older operator never downgrades a CRD a
// newer one wrote.
const VersionLabel = "app.kubernetes.io/version"

// unknownVersion is written when the binary carries no version (go run, tests without one): a
// label value must be one, and it orders below every real version.
const unknownVersion = "devel"

// BinaryVersion is the operator's own version, as --version prints it (set at link time, else
// the main module's version the go command stamps into a tagged or pseudo-versioned build);
// "devel" when that is no semantic version.
func BinaryVersion() string {
	return LabelVersion(binversion.String())
}

// LabelVersion is v as a label value: build metadata (+dirty) dropped, since labels cannot hold
// '+' and semantic versions ignore it when ordering; "devel" when v is no version.
func LabelVersion(v string) string {
	v, _, _ = strings.Cut(strings.TrimSpace(v), "+")
	if _, err := version.ParseSemantic(v); err != nil || len(validation.IsValidLabelValue(v)) > 0 {
		return unknownVersion
	}
	return v
}

// CompareVersions orders two operator versions: negative when a is older than b. A version
// that is not semantic (no label, "devel") is older than every semantic one and equal to
// another such; pseudo-versions order by their commit time, as semantic versions do.
func CompareVersions(a, b string) int {
	va, ea := version.ParseSemantic(a)
	vb, eb := version.ParseSemantic(b)
	switch {
	case ea != nil && eb != nil:
		return 0
	case ea != nil:
		return -1
	case eb != nil:
		return 1
	}
	switch {
	case va.LessThan(vb):
		return -1
	case vb.LessThan(va):
		return 1
	}
	return 0
}
