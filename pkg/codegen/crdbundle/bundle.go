package crdbundle

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"sigs.k8s.io/yaml"

	"github.com/armgen/armgen/pkg/crdpattern"
)

// CRD is one CustomResourceDefinition as read from a file: enough of it to select it, and its
// YAML document exactly as written, which is what a bundle holds.
type CRD struct {
	Name  string // metadata.name, plural.group
	Group string
	Kind  string
	// File is the path the CRD was read from.
	File string
	// Doc is the YAML document, without a leading "---" line.
	Doc []byte
}

// kustomizationFile is the name of kustomize's file, which the generator writes beside CRDs.
const kustomizationFile = "kustomization.yaml"

// LoadDir reads every CRD of the *.yaml files under dir (sub-folders included, kustomization.yaml
// files skipped), sorted by group and kind. A document that is not an
// apiextensions.k8s.io CustomResourceDefinition is an error, as is a CRD found twice.
func LoadDir(dir string) ([]CRD, error) {
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && filepath.Ext(p) == ".yaml" && d.Name() != kustomizationFile {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	var out []CRD
	seen := make(map[string]string)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		crds, err := Parse(f, data)
		if err != nil {
			return nil, err
		}
		for _, c := range crds {
			if prev, ok := seen[c.Name]; ok {
				return nil, fmt.Errorf("CRD %s is in both %s and %s", c.Name, prev, f)
			}
			seen[c.Name] = f
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no CRDs under %s; run the generator first", dir)
	}
	slices.SortFunc(out, func(a, b CRD) int {
		return strings.Compare(a.Group+"/"+a.Kind, b.Group+"/"+b.Kind)
	})
	return out, nil
}

// Parse reads the CRDs of a YAML stream; file names the stream in errors and in CRD.File.
// Documents holding only comments are skipped.
func Parse(file string, data []byte) ([]CRD, error) {
	var out []CRD
	r := utilyaml.NewYAMLReader(bufio.NewReader(bytes.NewReader(data)))
	for i := 1; ; i++ {
		doc, err := r.Read()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s: document %d: %w", file, i, err)
		}
		var head struct {
			APIVersion string `json:"apiVersion"`
			Kind       string `json:"kind"`
			Metadata   struct {
				Name string `json:"name"`
			} `json:"metadata"`
			Spec struct {
				Group string `json:"group"`
				Names struct {
					Kind string `json:"kind"`
				} `json:"names"`
			} `json:"spec"`
		}
		if err := yaml.Unmarshal(doc, &head); err != nil {
			return nil, fmt.Errorf("%s: document %d: %w", file, i, err)
		}
		if head.APIVersion == "" && head.Kind == "" {
			// Skip a document of comments only; anything else without a kind is an error below.
			var probe any
			if err := yaml.Unmarshal(doc, &probe); err == nil && probe == nil {
				continue
			}
		}
		if !strings.HasPrefix(head.APIVersion, "apiextensions.k8s.io/") || head.Kind != "CustomResourceDefinition" {
			return nil, fmt.Errorf("%s: document %d is a %s %s, not a CustomResourceDefinition", file, i, head.APIVersion, head.Kind)
		}
		if head.Spec.Group == "" || head.Spec.Names.Kind == "" {
			return nil, fmt.Errorf("%s: document %d: CRD %q has no spec.group or spec.names.kind", file, i, head.Metadata.Name)
		}
		out = append(out, CRD{
			Name: head.Metadata.Name, Group: head.Spec.Group, Kind: head.Spec.Names.Kind,
			File: file, Doc: trimDocumentStart(doc),
		})
	}
}

// trimDocumentStart drops the "---" separator line the reader leaves at the start of a document.
func trimDocumentStart(doc []byte) []byte {
	if rest, ok := bytes.CutPrefix(doc, []byte("---\n")); ok {
		return rest
	}
	return doc
}

// Select returns the CRDs the pattern selects, in the order given. Every entry of the pattern
// must select at least one CRD: one that selects nothing is almost always a typo, and the error
// lists the groups there are (and the kinds of the group, when the group matched).
func Select(crds []CRD, p crdpattern.Pattern) ([]CRD, error) {
	var problems []string
	for _, g := range p.Items() {
		if !slices.ContainsFunc(crds, func(c CRD) bool { return g.Matches(c.Group, c.Kind) }) {
			problems = append(problems, noMatch(crds, g))
		}
	}
	if len(problems) > 0 {
		return nil, errors.New(strings.Join(problems, "\n"))
	}
	var out []CRD
	for _, c := range crds {
		if p.Matches(c.Group, c.Kind) {
			out = append(out, c)
		}
	}
	return out, nil
}

// noMatch explains that glob selects none of crds.
func noMatch(crds []CRD, g crdpattern.Item) string {
	var groups, kinds []string
	for _, c := range crds {
		if !slices.Contains(groups, c.Group) {
			groups = append(groups, c.Group)
		}
		if g.MatchesGroup(c.Group) {
			kinds = append(kinds, c.Group+"/"+c.Kind)
		}
	}
	slices.Sort(groups)
	if len(kinds) > 0 {
		slices.Sort(kinds)
		return fmt.Sprintf("--pattern item %q matches no CRD; kinds of the matching groups: %s", g, strings.Join(kinds, ", "))
	}
	return fmt.Sprintf("--pattern item %q matches no CRD; known groups: %s", g, strings.Join(groups, ", "))
}

// Write writes crds as one multi-document YAML stream, each document as it was read, after a
// comment saying what the stream holds.
func Write(w io.Writer, header string, crds []CRD) error {
	bw := bufio.NewWriter(w)
	if header != "" {
		for _, line := range strings.Split(strings.TrimRight(header, "\n"), "\n") {
			fmt.Fprintf(bw, "# %s\n", line)
		}
	}
	for _, c := range crds {
		bw.WriteString("---\n")
		bw.Write(c.Doc)
		if !bytes.HasSuffix(c.Doc, []byte("\n")) {
			bw.WriteString("\n")
		}
	}
	return bw.Flush()
}
