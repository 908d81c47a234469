package config

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

const (
	actionInclude = "include"
	actionPrune   = "prune"
)

var (
	filterActions = []string{actionInclude, actionPrune}
	filterKeys    = []string{"action", "because", "group", "name", "version"}
)

func (p *parser) typeFilters(n *yaml.Node, listPath string) error {
	if n.Kind != yaml.SequenceNode {
		return p.typeError(n, listPath, "a list of filters", "")
	}
	for i, item := range n.Content {
		f := &TypeFilter{Path: fmt.Sprintf("%s[%d]", listPath, i), Pos: pos(item)}
		if err := p.typeFilter(f, item); err != nil {
			return err
		}
		p.cfg.TypeFilters = append(p.cfg.TypeFilters, f)
	}
	return nil
}

func (p *parser) typeFilter(f *TypeFilter, n *yaml.Node) error {
	if err := p.mapping(n, f.Path, "a mapping with "+strings.Join(filterKeys, ", ")); err != nil {
		return err
	}
	err := p.eachEntry(n, f.Path, func(e entry) error {
		var err error
		switch e.key {
		case "action":
			f.Action, err = p.stringValue(e.value, e.path)
			if err == nil && !slices.Contains(filterActions, f.Action) {
				err = p.fail(e.path, e.value, Nearest(f.Action, filterActions), "invalid action %q; expected %s", f.Action, strings.Join(filterActions, " or "))
			}
		case "group":
			f.Group, err = p.glob(e.value, e.path)
		case "version":
			f.Version, err = p.glob(e.value, e.path)
		case "name":
			f.Name, err = p.glob(e.value, e.path)
		case "because":
			f.Because, err = p.nonEmptyString(e.value, e.path)
		default:
			err = p.fail(e.path, e.keyNode, Nearest(e.key, filterKeys), "unknown filter key")
		}
		return err
	})
	if err != nil {
		return err
	}
	switch {
	case f.Action == "":
		return p.fail(f.Path, n, "", "missing required key \"action\" (%s)", strings.Join(filterActions, " or "))
	case f.Action == actionPrune && f.Because == "":
		// Pruning drops APIs users may rely on; the reason has to be
		// recorded next to the filter for whoever revisits it.
		return p.fail(f.Path, n, "", "a prune filter needs \"because\" to say why the types are pruned")
	}
	return nil
}

// glob rejects malformed patterns now, since at match time a bad pattern
// would simply never match and the filter would do nothing.
func (p *parser) glob(n *yaml.Node, at string) (string, error) {
	s, err := p.nonEmptyString(n, at)
	if err != nil {
		return "", err
	}
	if _, err := path.Match(s, ""); err != nil {
		return "", p.fail(at, n, "", "invalid glob %q: %v", s, err)
	}
	return s, nil
}
