package bench

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"k8s.io/apimachinery/pkg/runtime/schema"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"sigs.k8s.io/yaml"
)

// LoadSamples reads files (paths under dir, samples/) as the objects they hold, each file one
// resource: a Secret or ConfigMap beside it would be an input a fleet copy cannot rename.
func LoadSamples(dir string, files []string) ([]map[string]any, error) {
	out := make([]map[string]any, 0, len(files))
	seen := map[string]string{}
	for _, f := range files {
		path := filepath.Join(dir, f)
		docs, err := readDocuments(path)
		if err != nil {
			return nil, err
		}
		if len(docs) != 1 {
			return nil, fmt.Errorf("%s: %d objects; a fleet sample is one resource, with no input beside it", path, len(docs))
		}
		u := docs[0]
		gvk, err := gvkOf(u)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		name := nameOf(u)
		if name == "" {
			return nil, fmt.Errorf("%s: /metadata/name is empty", path)
		}
		if other, dup := seen[name]; dup {
			// Owners and references are by name alone: two samples of one name could not be told apart.
			return nil, fmt.Errorf("%s: /metadata/name %q is also %s's; a fleet's samples need names of their own", path, name, other)
		}
		seen[name] = path
		if gvk.Group == "" {
			return nil, fmt.Errorf("%s: a %s is an input, not a resource; choose a sample without inputs", path, gvk.Kind)
		}
		out = append(out, u)
	}
	return out, nil
}

// readDocuments decodes the non-empty YAML documents of path.
func readDocuments(path string) ([]map[string]any, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	r := utilyaml.NewYAMLReader(bufio.NewReader(bytes.NewReader(data)))
	var out []map[string]any
	for {
		doc, err := r.Read()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		var u map[string]any
		if err := yaml.Unmarshal(doc, &u); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if len(u) > 0 {
			out = append(out, u)
		}
	}
}

func nameOf(u map[string]any) string {
	meta, _ := u["metadata"].(map[string]any)
	name, _ := meta["name"].(string)
	return name
}

func gvkOf(u map[string]any) (schema.GroupVersionKind, error) {
	apiVersion, _ := u["apiVersion"].(string)
	kind, _ := u["kind"].(string)
	if apiVersion == "" || kind == "" {
		return schema.GroupVersionKind{}, errors.New("/apiVersion or /kind is empty")
	}
	gv, err := schema.ParseGroupVersion(apiVersion)
	if err != nil {
		return schema.GroupVersionKind{}, fmt.Errorf("/apiVersion: %w", err)
	}
	return gv.WithKind(kind), nil
}
