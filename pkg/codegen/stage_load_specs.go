package codegen

import (
	"context"

	"github.com/armgen/armgen/pkg/codegen/loader"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// loadSpecs reads the swagger files of the configured versions, in parallel. Files they refer to
// (common types, sibling files) are read later, on first use.
func loadSpecs() pipeline.Stage {
	return pipeline.MakeStage("load-specs", "Read the swagger files of the configured API versions", func(ctx context.Context, s pipeline.State) (pipeline.State, error) {
		root, _ := pipeline.Get(s, specRootKey)
		versions, _ := pipeline.Get(s, versionsKey)
		corpus := loader.NewCorpus(root)
		var files []string
		for _, v := range versions {
			for _, d := range v.Dirs {
				files = append(files, d.Files...)
			}
		}
		if _, err := corpus.LoadAll(ctx, files); err != nil {
			return s, err
		}
		out := make([]*apiVersion, len(versions))
		for i, v := range versions {
			c := *v
			c.Docs = nil
			for _, d := range v.Dirs {
				for _, f := range d.Files {
					doc, err := corpus.Load(f)
					if err != nil {
						return s, err
					}
					c.Docs = append(c.Docs, doc)
				}
			}
			out[i] = &c
		}
		s = pipeline.With(s, corpusKey, corpus)
		return pipeline.With(s, versionsKey, out), nil
	}, "index-specs")
}
