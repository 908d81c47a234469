package helmchart

import (
	"io/fs"
	"path"
	"strings"

	"helm.sh/helm/v3/pkg/chart"
	"helm.sh/helm/v3/pkg/chart/loader"

	"github.com/armgen/armgen/charts"
)

// Load reads the embedded chart.
func Load() (*chart.Chart, error) {
	return LoadFS(charts.FS, charts.Root)
}

// LoadFS reads the chart in folder root of fsys, as `helm template DIR` reads a folder.
func LoadFS(fsys fs.FS, root string) (*chart.Chart, error) {
	var files []*loader.BufferedFile
	err := fs.WalkDir(fsys, root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		files = append(files, &loader.BufferedFile{Name: strings.TrimPrefix(p, path.Clean(root)+"/"), Data: data})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return loader.LoadFiles(files)
}
