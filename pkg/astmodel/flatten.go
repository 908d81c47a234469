package astmodel

// IsFlattenCandidate reports whether the properties of p's object are lifted into the object
// that holds p: p is marked for flattening (x-ms-client-flatten, or $flatten: true in the
// config), as Azure Service Operator does. A "properties" envelope without the mark stays
// nested (spec.properties), so that ASO users' manifests apply unchanged. Lifting can still be
// refused when names clash; see Provenance.NotFlattened.
func IsFlattenCandidate(p *Property) bool { return p.Flatten }
