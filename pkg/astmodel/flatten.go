package astmodel

// IsFlattenCandidate reports whether the properties of p's object are lifted into the object
// that holds p: p is marked for flattening (x-ms-client-flatten), or it is the "properties"
// envelope at the top of a resource's body (resourceTop), which Azure Service Operator lifts
// too. Lifting can still be refused when names clash; see Property.NotFlattened.
func IsFlattenCandidate(p *Property, resourceTop bool) bool {
	return p.Flatten || resourceTop && p.ARMName == "properties"
}
