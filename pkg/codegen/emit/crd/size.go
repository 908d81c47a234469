package crd

import (
	"fmt"
	"math"
	"reflect"
	"strings"
	"sync/atomic"
	"unicode/utf8"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// Size limits. kubectl's client-side apply stores the whole object in an annotation, which the
// API server caps at 256 KiB; etcd's default request limit is about 1.5 MiB, and we keep well
// below it.
const (
	ApplyLimit = 256 << 10
	HardLimit  = 1 << 20
)

// Options tune rendering.
type Options struct {
	// FullDescriptions keeps every description even when a CRD is larger than ApplyLimit; a CRD
	// is still trimmed to stay under HardLimit.
	FullDescriptions bool

	// applyLimit and hardLimit replace the limits in tests, which then need no huge CRDs.
	applyLimit, hardLimit int
}

func (o Options) limits() (apply, hard int) {
	apply, hard = ApplyLimit, HardLimit
	if o.applyLimit > 0 {
		apply = o.applyLimit
	}
	if o.hardLimit > 0 {
		hard = o.hardLimit
	}
	return apply, hard
}

// marshal renders a CRD as YAML, without the empty status a new CRD carries (the API server
// ignores it). A CRD over the limit loses descriptions by a fixed rule, step by step until it
// fits: (1) every description is cut to its first sentence; (2) descriptions inside status go;
// (3) all descriptions below the root go; (4) storage versions, which users do not write, keep
// only their top level, spec and status accepting any fields (the conversion webhook gives
// them their shape); (5) status, which users never write, accepts any fields in every version;
// (6) objects inside spec accept any fields, as few as will do (see shedSpec).
// CRDs that fit are never trimmed, so they stay equal
// to what controller-tools derives from the Go types.
func marshal(crd *apiextv1.CustomResourceDefinition, opts Options) ([]byte, error) {
	return marshalEstimated(crd, opts, math.MaxInt)
}

// marshalEstimated is marshal given the CRD's estimatedSize: only a CRD estimated over the limit
// has its floor counted before it is first encoded, as the count walks every schema and nearly
// every CRD fits. (The estimate only saves that walk; what is written does not depend on it.)
func marshalEstimated(crd *apiextv1.CustomResourceDefinition, opts Options, estimate int) ([]byte, error) {
	limit, hard := opts.limits()
	if opts.FullDescriptions {
		limit = hard
	}
	var out []byte // nil while the CRD's size is only known to be over limit
	var err error
	if estimate <= limit || sizeFloor(crd, limit) <= limit {
		if out, err = marshalWithoutStatus(crd); err != nil {
			return nil, err
		}
		if len(out) <= limit {
			return out, nil
		}
	}
	if crd, out, err = trimToFit(crd, out, limit); err != nil {
		return nil, err
	}
	if len(out) > hard {
		shed, shedOut, err := shedSpec(crd, len(out), hard)
		if err != nil {
			return nil, err
		}
		if shedOut != nil {
			crd, out = shed, shedOut
		}
	}
	if len(out) > hard {
		return nil, fmt.Errorf("CRD %s is %d KiB even without descriptions, over the %d KiB limit", crd.Name, len(out)>>10, hard>>10)
	}
	return out, nil
}

// lastStep is the last step of the rule that trim and loosen apply (shedSpec is the next).
const lastStep = 5

// trimToFit applies the steps of the rule in turn to a copy of crd, which is over limit (out is
// its encoding, or nil), up to the first step after which it fits, and returns the CRD after that
// step (after the last step if none) with its encoding. Encoding is most of the cost, and the
// largest CRDs (Data Factory's, megabytes each) go through every step, so a step is encoded only
// if it can be the one that fits: one that changed nothing has the size of the one before, and
// one whose schemas hold more than limit bytes of names and text (sizeFloor) cannot fit. The
// outcome is that of encoding after every step.
func trimToFit(crd *apiextv1.CustomResourceDefinition, out []byte, limit int) (*apiextv1.CustomResourceDefinition, []byte, error) {
	crd = crd.DeepCopy() // the steps trim cumulatively, so one copy serves them all
	for step := 1; step <= lastStep; step++ {
		if !applyStep(crd, step) {
			continue
		}
		out = nil
		if step < lastStep && sizeFloor(crd, limit) > limit {
			continue
		}
		var err error
		if out, err = marshalWithoutStatus(crd); err != nil {
			return nil, nil, err
		}
		if len(out) <= limit {
			return crd, out, nil
		}
	}
	if out == nil {
		var err error
		if out, err = marshalWithoutStatus(crd); err != nil {
			return nil, nil, err
		}
	}
	return crd, out, nil
}

// applyStep applies one step of the rule to every version of crd and reports whether anything
// changed.
func applyStep(crd *apiextv1.CustomResourceDefinition, step int) bool {
	changed := false
	for i := range crd.Spec.Versions {
		v := &crd.Spec.Versions[i]
		if v.Schema == nil || v.Schema.OpenAPIV3Schema == nil {
			continue
		}
		switch {
		case step == 4 && strings.HasSuffix(v.Name, "storage"):
			changed = loosen(v.Schema.OpenAPIV3Schema, "spec", "status") || changed
		case step == 5:
			changed = loosen(v.Schema.OpenAPIV3Schema, "status") || changed
		case step <= 3:
			changed = trim(v.Schema.OpenAPIV3Schema, step, 0, false) || changed
		}
	}
	return changed
}

// OverApplyLimit reports whether a CRD, as the emitter renders it before any trimming, is larger
// than ApplyLimit, so that the emitter trims its descriptions: tests that compare CRDs use it to
// know which ones were trimmed.
func OverApplyLimit(crd *apiextv1.CustomResourceDefinition) (bool, error) {
	out, err := marshalWithoutStatus(crd)
	return len(out) > ApplyLimit, err
}

func marshalWithoutStatus(crd *apiextv1.CustomResourceDefinition) ([]byte, error) {
	encodes.Add(1)
	m, err := crdTree(crd)
	if err != nil {
		return nil, err
	}
	return encodeYAML(m, 64<<10)
}

// encodes counts the CRD encodings, for the test that holds trimming to as few as the rule needs.
var encodes atomic.Int64

// loosen makes the named top-level properties accept any fields, and reports whether any did not
// already.
func loosen(s *apiextv1.JSONSchemaProps, names ...string) bool {
	changed := false
	for _, name := range names {
		if p, ok := s.Properties[name]; ok {
			loose := apiextv1.JSONSchemaProps{Type: "object", XPreserveUnknownFields: ptr(true)}
			changed = changed || !reflect.DeepEqual(p, loose)
			s.Properties[name] = loose
		}
	}
	return changed
}

// trim applies one step of the rule to a schema and everything below it, and reports whether
// any description changed.
func trim(s *apiextv1.JSONSchemaProps, step, depth int, inStatus bool) bool {
	old := s.Description
	switch {
	case step >= 3 && depth > 0, step >= 2 && inStatus:
		s.Description = ""
	case step >= 1:
		s.Description = firstSentence(s.Description)
	}
	changed := s.Description != old
	for name, p := range s.Properties {
		if trim(&p, step, depth+1, inStatus || depth == 0 && name == "status") {
			s.Properties[name] = p
			changed = true
		}
	}
	if s.Items != nil && s.Items.Schema != nil {
		changed = trim(s.Items.Schema, step, depth+1, inStatus) || changed
	}
	if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
		changed = trim(s.AdditionalProperties.Schema, step, depth+1, inStatus) || changed
	}
	return changed
}

// firstSentence keeps a description up to the end of its first sentence, at most 160 characters.
func firstSentence(d string) string {
	if i := strings.Index(d, ". "); i >= 0 {
		d = d[:i+1]
	}
	if i := strings.IndexByte(d, '\n'); i >= 0 {
		d = d[:i]
	}
	if utf8.RuneCountInString(d) > 160 {
		r := []rune(d)
		d = string(r[:159]) + "…"
	}
	return d
}
