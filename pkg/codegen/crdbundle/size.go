package crdbundle

import (
	"fmt"
	"path"
	"sort"
)

// AnnotationLimit is the most a Kubernetes object's annotations may hold (256 KiB). Client-side
// `kubectl apply` copies the whole object into the last-applied-configuration annotation, so a
// CRD larger than this needs `kubectl apply --server-side` (or create/replace).
const AnnotationLimit = 256 << 10

// Sizes summarises how large the CRD files of a generation are.
type Sizes struct {
	CRDs         int    // how many CRD files
	Largest      string // path of the largest
	LargestBytes int
	Limit        int // bytes; Above counts the files larger than this
	Above        int
}

// MeasureSizes looks at the CRD files among files (path -> content): *.yaml files under a crds/
// folder, kustomization.yaml excepted. Above counts files larger than limit bytes.
func MeasureSizes(files map[string][]byte, limit int) Sizes {
	paths := make([]string, 0, len(files))
	for p := range files {
		paths = append(paths, p)
	}
	sort.Strings(paths) // ties go to the first path, so the report is stable
	s := Sizes{Limit: limit}
	for _, p := range paths {
		if !isCRDFile(p) {
			continue
		}
		n := len(files[p])
		s.CRDs++
		if n > s.LargestBytes {
			s.Largest, s.LargestBytes = p, n
		}
		if n > limit {
			s.Above++
		}
	}
	return s
}

// isCRDFile reports whether a generated path (slash-separated) is a CRD file: a *.yaml below a
// crds/ folder that is not kustomize's.
func isCRDFile(p string) bool {
	if path.Ext(p) != ".yaml" || path.Base(p) == kustomizationFile {
		return false
	}
	for d := path.Dir(p); d != "." && d != "/"; d = path.Dir(d) {
		if path.Base(d) == "crds" {
			return true
		}
	}
	return false
}

// String is the line the generator prints, such as
// "largest CRD: crds/containerservice.azure.com/managedclusters.yaml (130 KiB); 0 above 256 KiB".
func (s Sizes) String() string {
	if s.CRDs == 0 {
		return "no CRDs"
	}
	return fmt.Sprintf("largest CRD: %s (%d KiB); %d above %d KiB", s.Largest, (s.LargestBytes+512)>>10, s.Above, s.Limit>>10)
}
