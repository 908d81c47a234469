package armfake

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

// ARM's GET of a resource that embeds its children (a virtual network's subnets) shows them,
// and its etag changes whenever they do: a subnet created, changed or deleted on its own makes
// the virtual network's etag new. That is what lets a client send the parent back with
// If-Match and be refused (412) when a child appeared since its GET, instead of deleting it.
// armfake keeps each resource's own etag and derives the one it shows from it and from the
// etags of the embedded children, so it follows them without every child write touching the
// parent.

// etagOf is the etag ARM shows for st, and compares an If-Match with. The caller holds s.mu.
func (s *Server) etagOf(st *stored) string {
	t := s.cat.lookup(st.armType)
	if t == nil {
		return st.etag
	}
	tv := t.versions[st.apiVersion]
	if tv == nil {
		return st.etag
	}
	ops, err := tv.at(parsePath(st.id, "GET").scope).operations()
	if err != nil {
		return st.etag
	}
	cols := s.cat.embeddedCollections(st.armType, ops)
	if len(cols) == 0 {
		return st.etag
	}
	h := sha256.New()
	h.Write([]byte(st.etag))
	for _, e := range cols {
		for _, c := range s.store.list(st.id, e.child.ARMType, false) {
			h.Write([]byte("\n" + strings.ToLower(c.id) + "=" + c.etag))
		}
	}
	return `W/"` + hex.EncodeToString(h.Sum(nil)[:16]) + `"`
}
