package armfake

import (
	"math/rand/v2"
	"strings"

	"github.com/go-openapi/spec"
)

// Some swaggers leave writable what only the service sets: the 2017-04-01 Notification Hubs
// namespace declares its serviceBusEndpoint, metricId and timestamps as ordinary properties,
// yet Azure reports them of its own on every GET, and clients read them (Azure Service Operator
// exports the namespace's serviceBusEndpoint to a ConfigMap). fillReadOnly cannot tell them
// from the client's, so this table names them, by ARM type and wire path below the resource.
var reportedUnmarked = map[string][]string{
	"microsoft.notificationhubs/namespaces": {
		"properties.serviceBusEndpoint", "properties.metricId", "properties.createdAt", "properties.updatedAt",
	},
}

// fillReportedUnmarked adds the values of the table's paths a resource of armType lacks, as
// fillReadOnly does for those marked read-only: the same at every GET.
func (s *Server) fillReportedUnmarked(out map[string]any, armType, id, name string, schema *spec.Schema) {
	for _, path := range reportedUnmarked[strings.ToLower(armType)] {
		m, sch := out, schema
		segs := strings.Split(path, ".")
		for i, seg := range segs {
			p := allProperties(sch)[seg]
			if p == nil {
				break // not in this api-version
			}
			if i == len(segs)-1 {
				if _, present := m[seg]; !present && scalar(p) {
					rng := rand.New(rand.NewPCG(uint64(s.opts.Seed), seedOf(id+"#"+path, 0)))
					m[seg] = s.readOnlyValue(p, seg, name, path, rng)
				}
				break
			}
			next, ok := m[seg].(map[string]any)
			if !ok {
				next = map[string]any{}
				m[seg] = next
			}
			m, sch = next, p
		}
	}
}
