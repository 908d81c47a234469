package exportedvalues

import (
	"fmt"
	"slices"
	"strings"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/loader"
	"github.com/armgen/armgen/pkg/codegen/selection"
)

// secrets finds where each $azureGeneratedSecrets value of a resource is. An entry that says
// where (name: [action:]path) is checked against the swagger; a bare name is looked for, as a
// property of that name (in any case) holding a single value, in the GET response and in the
// responses of the resource's own list actions (listKeys, listConnectionStrings, ...). The
// candidate nearest the top of its document wins; none, or several equally near, is an error
// that lists what there is, for the entry to say where.
func (w *walker) secrets(cfg *config.Config, e *selection.Export, docs []*loader.Document) ([]astmodel.ExportedValue, error) {
	entries := e.Config.AzureGeneratedSecrets
	if len(entries) == 0 {
		return nil, nil
	}
	acts, err := w.actionsOf(docs, e.Resource.Path)
	if err != nil {
		return nil, err
	}
	get := node{doc: e.Resource.Response.Doc, ptr: e.Resource.Response.Pointer, s: e.Resource.Response.Schema}
	what := e.Resource.ARMType + " " + e.Resource.APIVersion
	var out []astmodel.ExportedValue
	for _, v := range entries {
		fail := func(format string, args ...any) error {
			return config.NewError(cfg, v.ConfigPath, v.Pos, fmt.Sprintf(format, args...), "")
		}
		if v.Explicit() {
			found, err := w.explicitSecret(v, get, acts)
			if err != nil {
				return nil, fail("%s: %v", what, err)
			}
			out = append(out, found)
			continue
		}
		candidates, err := w.candidates(v.Name, get, acts)
		if err != nil {
			return nil, err
		}
		best := nearest(candidates)
		switch len(best) {
		case 1:
			out = append(out, best[0])
		case 0:
			var lists []string
			for _, a := range acts {
				if a.direct() && readAction(a.segments[0]) {
					lists = append(lists, a.name())
				}
			}
			where := "the GET response"
			if len(lists) > 0 {
				where += " or the responses of " + strings.Join(lists, ", ")
			}
			return nil, fail("%s: no property %s in %s; say where the value is: - %s: [action:]path (such as listKeys:keys[0].value, or properties.hostName in the GET response)",
				what, v.Name, where, v.Name)
		default:
			var srcs []string
			for _, c := range best {
				srcs = append(srcs, source(c))
			}
			return nil, fail("%s: %s is in several places (%s); say which: - %s: %s", what, v.Name, strings.Join(srcs, ", "), v.Name, srcs[0])
		}
	}
	return out, nil
}

// explicitSecret checks an entry that says where its value is.
func (w *walker) explicitSecret(v config.ExportedValue, get node, acts []action) (astmodel.ExportedValue, error) {
	if v.Action == "" {
		path, bytes, err := w.follow(get, v.Path)
		if err != nil {
			return astmodel.ExportedValue{}, fmt.Errorf("in the GET response, %v", err)
		}
		return astmodel.ExportedValue{Name: v.Name, Path: path, Bytes: bytes}, nil
	}
	segs := strings.Split(v.Action, "/")
	if !readAction(segs[len(segs)-1]) {
		return astmodel.ExportedValue{}, fmt.Errorf("%s is not a list action: the operator calls only actions that read (listKeys, listConnectionStrings, ...), never ones that change something", v.Action)
	}
	var names []string
	for _, a := range acts {
		if !readAction(a.segments[len(a.segments)-1]) {
			continue
		}
		names = append(names, a.name())
		sent, ok := a.match(v.Action)
		if !ok {
			continue
		}
		path, bytes, err := w.follow(a.response, v.Path)
		if err != nil {
			return astmodel.ExportedValue{}, fmt.Errorf("in the response of %s, %v", a.name(), err)
		}
		return astmodel.ExportedValue{Name: v.Name, Action: sent, Path: path, Bytes: bytes}, nil
	}
	msg := fmt.Sprintf("the swagger declares no POST action %s on the resource", v.Action)
	if len(names) > 0 {
		msg += " (its list actions: " + strings.Join(names, ", ") + "; name a parameter by its value)"
	}
	return astmodel.ExportedValue{}, fmt.Errorf("%s", msg)
}

// candidates are the places a value named name may come from.
func (w *walker) candidates(name string, get node, acts []action) ([]astmodel.ExportedValue, error) {
	var out []astmodel.ExportedValue
	paths, err := w.find(get, name)
	if err != nil {
		return nil, err
	}
	for _, p := range paths {
		out = append(out, astmodel.ExportedValue{Name: name, Path: p.path, Bytes: p.bytes})
	}
	for _, a := range acts {
		if !a.direct() || !readAction(a.segments[0]) {
			continue
		}
		paths, err := w.find(a.response, name)
		if err != nil {
			return nil, err
		}
		for _, p := range paths {
			out = append(out, astmodel.ExportedValue{Name: name, Action: a.name(), Path: p.path, Bytes: p.bytes})
		}
	}
	return out, nil
}

// nearest keeps the candidates with the fewest steps from the top of their document.
func nearest(cs []astmodel.ExportedValue) []astmodel.ExportedValue {
	depth := func(c astmodel.ExportedValue) int { return strings.Count(c.Path, ".") }
	if len(cs) == 0 {
		return nil
	}
	min := depth(slices.MinFunc(cs, func(a, b astmodel.ExportedValue) int { return depth(a) - depth(b) }))
	return slices.DeleteFunc(slices.Clone(cs), func(c astmodel.ExportedValue) bool { return depth(c) != min })
}

// source spells where a value is, as a config entry says it.
func source(v astmodel.ExportedValue) string {
	if v.Action == "" {
		return v.Path
	}
	return v.Action + ":" + v.Path
}
