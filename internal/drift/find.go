package drift

// Finding is the first value the spec asks that Azure no longer holds.
type Finding struct {
	// Path is where, as a dotted path in the PUT body ("properties.redisConfiguration.maxmemory-delta").
	Path string
	// Recorded says Azure's answer there differs from what it held after the last PUT (a change
	// made outside the operator); otherwise no record applied, and the answer was compared with
	// what the spec sends, as ARM compares values.
	Recorded bool
}

// Find compares Azure's answer (held) with what the spec's PUT body (sent) asks, and names the
// first value Azure no longer holds, or nil. For each value asked: Azure holds it when its
// answer is equivalent to what was sent, or hashes to what rec says Azure held right after the
// PUT that sent this same value.
//
// A value at the place of a secret (see Secrets) is not judged: Azure does
// not show a secret back (it answers null, or a mask), so its answer there cannot tell a change
// from its habit, and the record leaves secrets out. A rotated Secret sends the PUT through the
// inputs the last PUT was made from instead.
func Find(sent, held []byte, rec Record, secrets Secrets) (*Finding, error) {
	s, h, err := decode(sent, held)
	if err != nil {
		return nil, err
	}
	var found *Finding
	walk("", s, h, func(l leaf) bool {
		if equivalent(l.path, l.sent, l.held) || secrets.within(l.path) {
			return true
		}
		recorded, ok := rec.lookup(l.path, l.sent)
		if ok && recorded == rec.value(l.held) {
			return true
		}
		found = &Finding{Path: l.path, Recorded: ok}
		return false
	})
	return found, nil
}
