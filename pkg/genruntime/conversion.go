package genruntime

// ClonePointer returns a pointer to a copy of *p, or nil when p is nil. Generated conversions use
// it for values that assignment copies completely (strings, numbers, booleans).
func ClonePointer[T any](p *T) *T {
	if p == nil {
		return nil
	}
	c := *p
	return &c
}
