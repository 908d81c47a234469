package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

const (
	keySpecRoot       = "specRoot"
	keySpecRepository = "specRepository"
	keySpecCommit     = "specCommit"
	keyOutputPath     = "outputPath"
	keyOutputPkg      = "outputPackage"
	keyDocsPath       = "docsPath"
	keyObjectModel    = "objectModelConfiguration"
	keyTypeFilters    = "typeFilters"
)

var topLevelKeys = []string{keyDocsPath, keyObjectModel, keyOutputPkg, keyOutputPath, keySpecCommit, keySpecRepository, keySpecRoot, keyTypeFilters}

// Load reads and parses the config file at path.
func Load(path string) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		// The path is already in Error.File; repeating it from the
		// *PathError would make the message stutter.
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, &Error{File: path, Message: "cannot read config file: " + err.Error()}
	}
	return Parse(path, data)
}

// Parse parses config data; file names it in errors and anchors relative paths.
func Parse(file string, data []byte) (*Config, error) {
	c := &Config{
		File:          file,
		Dir:           filepath.Dir(file),
		OutputPath:    DefaultOutputPath,
		OutputPackage: DefaultOutputPackage,
	}
	root, err := decodeDocument(c, data)
	if err != nil {
		return nil, err
	}
	p := &parser{cfg: c}
	if err := p.root(root); err != nil {
		return nil, err
	}
	slices.SortFunc(p.settings, func(a, b Setting) int { return strings.Compare(a.Path, b.Path) })
	c.settings = p.settings
	return c, nil
}

// decodeDocument returns the root node of the single document in data, or
// nil when the file holds no content at all.
func decodeDocument(c *Config, data []byte) (root *yaml.Node, err error) {
	// yaml.v3 is a port of a C library and has panicked on hostile input
	// before; a config file must never be able to crash the generator.
	defer func() {
		if r := recover(); r != nil {
			root, err = nil, NewError(c, "", Position{Line: 1}, fmt.Sprintf("invalid YAML: the YAML parser failed: %v", r), "")
		}
	}()
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, nil
		}
		return nil, yamlError(c, data, err)
	}
	// Anything after the first document would otherwise be ignored
	// silently, and a stray "---" usually means a pasted fragment.
	var next yaml.Node
	switch err := dec.Decode(&next); {
	case errors.Is(err, io.EOF):
	case err != nil:
		return nil, yamlError(c, data, err)
	default:
		at := &next
		if len(next.Content) > 0 {
			at = next.Content[0]
		}
		return nil, NewError(c, "", pos(at), "found a second YAML document; the config must be a single document", "")
	}
	if len(doc.Content) == 0 {
		return nil, nil
	}
	return doc.Content[0], nil
}

func (p *parser) root(n *yaml.Node) error {
	empty := n == nil || (n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null")
	if empty {
		return NewError(p.cfg, "", Position{Line: 1, Column: 1}, fmt.Sprintf("missing required key %q (the file has no content)", keyObjectModel), "")
	}
	if err := p.mapping(n, "", "a mapping of top-level keys"); err != nil {
		return err
	}
	sawObjectModel := false
	err := p.eachEntry(n, "", func(e entry) error {
		var err error
		switch e.key {
		case keySpecRoot:
			p.cfg.SpecRoot, err = p.nonEmptyString(e.value, e.path)
		case keySpecRepository:
			p.cfg.SpecRepository, err = p.nonEmptyString(e.value, e.path)
		case keySpecCommit:
			p.cfg.SpecCommit, err = p.commitSHA(e.value, e.path)
		case keyOutputPath:
			p.cfg.OutputPath, err = p.nonEmptyString(e.value, e.path)
		case keyDocsPath:
			p.cfg.DocsPath, err = p.nonEmptyString(e.value, e.path)
		case keyOutputPkg:
			p.cfg.OutputPackage, err = p.importPath(e.value, e.path)
		case keyTypeFilters:
			err = p.typeFilters(e.value, e.path)
		case keyObjectModel:
			sawObjectModel = true
			err = p.objectModel(e.value, e.path)
		default:
			err = p.fail(e.path, e.keyNode, Nearest(e.key, topLevelKeys), "unknown top-level key")
		}
		return err
	})
	if err != nil {
		return err
	}
	if !sawObjectModel {
		return p.fail("", n, "", "missing required key %q", keyObjectModel)
	}
	return nil
}

// importPath checks only what would certainly break generated imports; the
// Go toolchain will judge the rest when it builds the output.
func (p *parser) importPath(n *yaml.Node, path string) (string, error) {
	s, err := p.nonEmptyString(n, path)
	if err != nil {
		return "", err
	}
	for _, elem := range strings.Split(s, "/") {
		ok := elem != "" && elem != "." && elem != ".."
		for i := 0; ok && i < len(elem); i++ {
			ok = isAlnum(elem[i]) || strings.IndexByte("-._~+", elem[i]) >= 0
		}
		if !ok {
			return "", p.fail(path, n, "", "%q is not a Go import path; expected something like github.com/owner/repo/generated", s)
		}
	}
	return s, nil
}
