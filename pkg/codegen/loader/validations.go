package loader

import (
	"math"
	"regexp"

	"github.com/go-openapi/spec"

	"github.com/armgen/armgen/pkg/astmodel"
)

// validations reads a schema's checks. Patterns the API server cannot compile (lookarounds and
// other non-RE2 syntax) are left out rather than making the CRD unusable; integer bounds are
// rounded inwards because a CRD rejects fractional bounds on integers.
func validations(s *spec.Schema, integer bool) astmodel.Validations {
	var v astmodel.Validations
	if s.Pattern != "" {
		if _, err := regexp.Compile(s.Pattern); err == nil {
			v.Pattern = s.Pattern
		}
	}
	v.MinLength, v.MaxLength = s.MinLength, s.MaxLength
	v.MinItems, v.MaxItems = s.MinItems, s.MaxItems
	if s.Minimum != nil {
		m := *s.Minimum
		if integer {
			m = math.Ceil(m)
		}
		v.Minimum, v.ExclusiveMinimum = &m, s.ExclusiveMinimum
	}
	if s.Maximum != nil {
		m := *s.Maximum
		if integer {
			m = math.Floor(m)
		}
		v.Maximum, v.ExclusiveMaximum = &m, s.ExclusiveMaximum
	}
	if v.MinLength != nil && v.MaxLength != nil && *v.MinLength > *v.MaxLength ||
		v.MinItems != nil && v.MaxItems != nil && *v.MinItems > *v.MaxItems {
		// Contradictory bounds would reject every value; trust neither.
		v.MinLength, v.MaxLength, v.MinItems, v.MaxItems = nil, nil, nil, nil
	}
	return v
}
