package helmchart

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"
)

// The chart is the one source of the install YAML; these are the files made from it, and the
// chart file made from the generator's output. `make manifests` writes them, and a test fails
// when any of them differs from what it would write.

// RoleTemplate wraps the ClusterRole the generator writes (generated/rbac/role.yaml, which lists
// every generated kind) as the chart's template: a tenant of a multitenant install binds the
// cluster release's instead of making its own.
func RoleTemplate(generatedRole []byte) []byte {
	var b bytes.Buffer
	b.WriteString("{{- /* Code generated from generated/rbac/role.yaml by `make manifests`. DO NOT EDIT. */}}\n")
	b.WriteString("{{- if include \"armgen.clusterWide\" . }}\n")
	for _, line := range strings.SplitAfter(string(generatedRole), "\n") {
		if strings.HasPrefix(line, "# Code generated") {
			continue
		}
		b.WriteString(line)
	}
	if !bytes.HasSuffix(b.Bytes(), []byte("\n")) {
		b.WriteString("\n")
	}
	b.WriteString("{{- end }}\n")
	return b.Bytes()
}

// ConfigVariant is one file of config/ rendered from the chart.
type ConfigVariant struct {
	// Path is the file, relative to the repository.
	Path string
	// Values are what `helm template --set` would be given.
	Values map[string]any
	// Set says the same in --set form, for the file's header.
	Set string
}

// ConfigVariants are config/'s rendered files: the chart's defaults, and cert-manager issuing
// the webhook certificate.
var ConfigVariants = []ConfigVariant{
	{Path: "config/armgen.yaml", Values: map[string]any{}},
	{Path: "config/cert-manager/armgen.yaml", Values: map[string]any{"certManager": map[string]any{"enabled": true}}, Set: "certManager.enabled=true"},
}

// RenderConfig is v's file: the chart rendered for DefaultRelease, under a header saying how.
func RenderConfig(v ConfigVariant) ([]byte, error) {
	ch, err := Load()
	if err != nil {
		return nil, err
	}
	out, err := Template(ch, v.Values, DefaultRelease)
	if err != nil {
		return nil, err
	}
	cmd := fmt.Sprintf("helm template %s charts/armgen --namespace %s", DefaultRelease.Name, DefaultRelease.Namespace)
	if v.Set != "" {
		cmd += " --set " + v.Set
	}
	header := "# Code generated from charts/armgen by `make manifests` (" + cmd + "). DO NOT EDIT.\n"
	return []byte(header + out), nil
}

// The values reference in docs/helm.md sits between these lines.
const (
	ValuesBegin = "<!-- values reference: generated from charts/armgen/values.yaml by `make manifests` -->"
	ValuesEnd   = "<!-- end of values reference -->"
)

// ValuesReference is the Markdown table of every value of values.yaml: a key with a comment
// above it is a row (its default in JSON, its comment as the description); a key without one
// is a section whose keys are listed by their dotted names.
func ValuesReference(valuesYAML []byte) (string, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(valuesYAML, &doc); err != nil {
		return "", fmt.Errorf("values.yaml: %w", err)
	}
	if len(doc.Content) != 1 || doc.Content[0].Kind != yaml.MappingNode {
		return "", fmt.Errorf("values.yaml: not a map")
	}
	var b strings.Builder
	b.WriteString("| Value | Default | Meaning |\n|---|---|---|\n")
	if err := valueRows(&b, "", doc.Content[0]); err != nil {
		return "", err
	}
	return b.String(), nil
}

func valueRows(b *strings.Builder, prefix string, m *yaml.Node) error {
	for i := 0; i+1 < len(m.Content); i += 2 {
		key, val := m.Content[i], m.Content[i+1]
		name := prefix + key.Value
		comment := commentText(key.HeadComment)
		if comment == "" {
			if val.Kind != yaml.MappingNode {
				return fmt.Errorf("values.yaml: %s has no comment saying what it means", name)
			}
			if err := valueRows(b, name+".", val); err != nil {
				return err
			}
			continue
		}
		var v any
		if err := val.Decode(&v); err != nil {
			return fmt.Errorf("values.yaml: %s: %w", name, err)
		}
		def, err := json.Marshal(v)
		if err != nil {
			return fmt.Errorf("values.yaml: %s: %w", name, err)
		}
		fmt.Fprintf(b, "| `%s` | `%s` | %s |\n", name, def, strings.ReplaceAll(comment, "|", `\|`))
	}
	return nil
}

// commentText joins a head comment's lines, dropping the file's leading paragraph (anything
// before a blank line).
func commentText(c string) string {
	paras := strings.Split(c, "\n\n")
	var words []string
	for _, line := range strings.Split(paras[len(paras)-1], "\n") {
		if line = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "#")); line != "" {
			words = append(words, line)
		}
	}
	return strings.Join(words, " ")
}
