package stages

import (
	"context"

	"github.com/armgen/armgen/pkg/codegen/audit"
	"github.com/armgen/armgen/pkg/codegen/loader"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// auditProperties accounts for every swagger property of every exported resource in the final
// API types (see package audit); it is in the list only when asked (Audited, gen --audit). It
// reports: whether an unaccounted property fails the run is the caller's decision, so the report
// is never lost.
func auditProperties() pipeline.Stage {
	return pipeline.Stage{
		ID: AuditProperties, Description: "Account for every swagger property of every resource (gen --audit)",
		Requires: []string{CheckNames},
		Reads:    pipeline.Keys(corpusKey, versionsKey, exportsKey),
		Writes:   pipeline.Keys(auditReportKey),
		Run: func(ctx context.Context, s pipeline.State) (pipeline.State, error) {
			var err error
			corpus := pipeline.Read(s, corpusKey, &err)
			versions := pipeline.Read(s, versionsKey, &err)
			exps := pipeline.Read(s, exportsKey, &err)
			if err != nil {
				return s, err
			}
			var in []audit.Version
			for _, v := range versions {
				av := audit.Version{Docs: v.Docs, Config: v.Config}
				if v.Catalog != nil {
					for _, r := range v.Catalog.Resources {
						av.Bodies = append(av.Bodies, r.Body)
					}
				}
				for _, e := range exps {
					if e.Pkg == v.Pkg {
						av.Resources = append(av.Resources, audit.Resource{Name: e.Name(), Body: e.Resource.Body, Response: responseOf(e.Resource), Config: e.Config})
					}
				}
				if len(av.Resources) > 0 {
					in = append(in, av)
				}
			}
			if err := ctx.Err(); err != nil {
				return s, err
			}
			rep := audit.Run(corpus, s.Definitions(), in)
			rep.Sort()
			return pipeline.With(s, auditReportKey, rep), nil
		},
	}
}

func responseOf(r *loader.Resource) loader.SchemaRef {
	if r.Response.Schema == nil {
		return r.Body
	}
	return r.Response
}
