package armfake

import (
	"encoding/base64"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/go-openapi/spec"
)

// action answers a POST the swagger declares on the resource (listKeys, regenerateKey,
// restart, ...). Values are shaped by the response schema and deterministic per resource: the
// same seed, ARM ID and number of regenerations give the same keys, so secret export can be
// tested; a regenerate* action changes them.
func (h *request) action() {
	s := h.s
	a := h.ops.actions[strings.ToLower(h.p.action)]
	if a == nil {
		names := make([]string, 0, len(h.ops.actions))
		for _, x := range h.ops.actions {
			names = append(names, x.name)
		}
		slices.Sort(names)
		writeError(h.w, http.StatusNotFound, "ActionNotFound", fmt.Sprintf("The resource type '%s' at api-version '%s' has no action '%s'; it has [%s].",
			h.t.ARMType, h.apiVersion, h.p.action, strings.Join(names, ", ")))
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.store.get(h.p.id)
	if st == nil {
		if h.checkParents() {
			h.notFound()
		}
		return
	}
	if strings.HasPrefix(strings.ToLower(a.name), "regenerate") {
		st.generation++
	}
	var value any
	if a.response != nil {
		rng := rand.New(rand.NewPCG(uint64(s.opts.Seed), seedOf(st.id, st.generation)))
		value = synthesize(a.response, "", rng, 0, 0)
		kubeconfigs(value, st, h.p, a.name)
		nameListedKeys(value, h.t.ARMType, a, rng)
	}
	if a.lro || h.lro(http.MethodPost) {
		op := s.startOperation(h.p, http.MethodPost, h.apiVersion, h.fault)
		op.result = value
		s.operationHeaders(h.w, op)
		h.w.WriteHeader(http.StatusAccepted)
		return
	}
	if value == nil {
		h.w.WriteHeader(http.StatusOK)
		return
	}
	writeJSON(h.w, http.StatusOK, value)
}

func seedOf(id string, generation int) uint64 {
	f := fnv.New64a()
	fmt.Fprintf(f, "%s\x00%d", strings.ToLower(id), generation)
	return f.Sum64()
}

// synthesize makes a value of a schema's shape. index is the position in an enclosing array,
// so that arrays of keys get distinct enum values (key1, key2) as services answer.
func synthesize(s *spec.Schema, name string, rng *rand.Rand, depth, index int) any {
	if s == nil || depth > 8 {
		return nil
	}
	if len(s.Enum) > 0 {
		return s.Enum[index%len(s.Enum)]
	}
	props := allProperties(s)
	typ := ""
	if len(s.Type) > 0 {
		typ = s.Type[0]
	}
	if typ == "" && len(props) > 0 {
		typ = "object"
	}
	switch typ {
	case "object":
		out := map[string]any{}
		names := make([]string, 0, len(props))
		for n := range props {
			names = append(names, n)
		}
		slices.Sort(names)
		for _, n := range names {
			if v := synthesize(props[n], n, rng, depth+1, index); v != nil {
				out[n] = v
			}
		}
		if mv := mapValueSchema(s); mv != nil && len(props) == 0 {
			out["key1"] = synthesize(mv, "key1", rng, depth+1, 0)
		}
		return out
	case "array":
		it := itemSchema(s)
		return []any{synthesize(it, name, rng, depth+1, 0), synthesize(it, name, rng, depth+1, 1)}
	case "integer":
		return rng.IntN(100) + 1
	case "number":
		return float64(rng.IntN(10000)) / 100
	case "boolean":
		return true
	case "string":
		switch s.Format {
		case "date-time":
			return time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(rng.IntN(1_000_000)) * time.Second).Format(time.RFC3339)
		case "uuid":
			b := make([]byte, 16)
			for i := range b {
				b[i] = byte(rng.UintN(256))
			}
			return uuidFromHex(fmt.Sprintf("%x", b))
		}
		if strings.EqualFold(name, "keyName") {
			// Services name their keys key1, key2 (regenerateKey takes these names).
			return fmt.Sprintf("key%d", index+1)
		}
		// Secrets (keys, connection strings) are what actions mostly return: 64 base64 chars.
		b := make([]byte, 48)
		for i := range b {
			b[i] = byte(rng.UintN(256))
		}
		return base64.StdEncoding.EncodeToString(b)
	}
	return nil
}
