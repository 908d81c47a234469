// Package audit accounts for every swagger property of every generated resource: for each
// property the PUT body lets a client write (the spec side) and each the GET response returns
// (the status side), recursively through every object they reach, it says where the property
// went in the final type graph (a spec or status path, renamed or not) or which named rule left
// it out. Anything else is unaccounted: a value the generator lost.
//
// The two halves are computed apart on purpose. The swagger half walks the loader's documents
// (schemas, $refs, allOf, discriminators) with its own code, not the type builder's; the graph
// half reads only the provenance every property carries (Property.Source, the declaration's
// file#/json/pointer). So a stage that drops a property cannot drop it from the audit too.
package audit

import (
	"slices"
	"strings"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/loader"
)

// Side is the half of a resource a property belongs to.
type Side string

// The sides.
const (
	// Spec: the writable properties of the PUT body.
	Spec Side = "spec"
	// Status: every property of the GET response.
	Status Side = "status"
)

// Resource is one generated resource to audit.
type Resource struct {
	// Name is the resource's definition in the final graph.
	Name astmodel.TypeName
	// Body and Response are the PUT body and GET response schemas, as discovery found them.
	Body, Response loader.SchemaRef
	// Config is the resource's entry in azure-arm.yaml, if any: its property settings apply to
	// the body, the response and the envelopes flattened into them.
	Config *config.TypeConfig
}

// Version is one API version's resources with what their walks share.
type Version struct {
	// Docs are the version's swagger documents (where union variants are searched).
	Docs []*loader.Document
	// Bodies are the PUT bodies of every resource of the version, exported or not: each is an
	// embedded resource wherever another resource holds it.
	Bodies    []loader.SchemaRef
	Config    *config.VersionConfig
	Resources []Resource
}

// Run audits the resources of versions against the final graph defs.
func Run(corpus *loader.Corpus, defs astmodel.Definitions, versions []Version) *Report {
	rep := &Report{}
	for _, v := range versions {
		ver := &version{corpus: corpus, docs: v.Docs, bodies: make(map[string]bool),
			settings: settingsOf(v.Config), subtypes: make(map[string][]loader.Target), indexed: make(map[*loader.Document]bool)}
		for _, b := range v.Bodies {
			if f, p := corpus.Identity(b); f != "" {
				ver.bodies[f+"#"+p] = true
			}
		}
		for _, r := range v.Resources {
			rep.Rows = append(rep.Rows, auditResource(ver, defs, r, v.Config)...)
		}
	}
	return rep
}

func auditResource(ver *version, defs astmodel.Definitions, r Resource, vc *config.VersionConfig) []Row {
	rt, ok := defs[r.Name].Type.(*astmodel.ResourceType)
	var rows []Row
	for _, side := range []Side{Spec, Status} {
		w := &walker{version: ver, side: side, seen: make(map[string]bool), out: make(map[string]*occurrence), own: settingsOfType(r.Config)}
		root, typ := r.Body, astmodel.TypeName{}
		if ok {
			typ = rt.Spec
		}
		if side == Status {
			root = r.Response
			if !isObjectRoot(ver, r.Response) {
				root = r.Body // a GET declared as returning a list: the body says what one is
			}
			if ok {
				typ = rt.Status
			}
		}
		w.root(root)
		found, cuts := map[string][]place{}, map[string]cut{}
		if ok {
			found, cuts = places(defs, typ, string(side))
		}
		lost := make(map[string]bool)
		cutInside := make(map[string]string) // sources excluded by recursion: the copy's type
		variants := make(map[string]bool)
		for src := range found {
			if i := strings.Index(src, "/properties/"); i > 0 {
				variants[src[:i]] = true
			}
		}
		side := make([]Row, len(w.keys))
		for i, src := range w.keys {
			o := w.out[src]
			side[i] = account(r.Name, o, found, vc, lost, variants)
			if side[i].Outcome == Unaccounted {
				if rule, from := recursion(o, cuts, cutInside); rule != "" {
					side[i].Outcome, side[i].Rule = Excluded, rule
					cutInside[src] = from
				}
			}
			if side[i].Outcome == Excluded && o.flatten && !lifted(w, o, found, cuts) {
				side[i].Outcome, side[i].Rule = Unaccounted, "not-lifted: marked for flattening, but none of its properties is in the graph"
				if cause := o.cause(lost, variants); strings.HasPrefix(cause, "variant-missing") || strings.HasPrefix(cause, "inside-lost") {
					side[i].Rule = cause
				}
			}
			if side[i].Outcome == Unaccounted {
				lost[src] = true
			}
		}
		rows = append(rows, side...)
	}
	return rows
}

func isObjectRoot(ver *version, ref loader.SchemaRef) bool {
	if ref.Schema == nil {
		return false
	}
	w := &walker{version: ver}
	_, _, s, ok := w.resolve(ref.Doc, ref.Pointer, ref.Schema)
	return ok && isObject(s)
}

// account decides the outcome of one occurrence.
func account(res astmodel.TypeName, o *occurrence, found map[string][]place, vc *config.VersionConfig, lost, variants map[string]bool) Row {
	row := Row{Resource: res.Package.Group + "/" + res.Package.Version + "/" + res.Name, Side: o.side, Wire: o.wire, Source: o.source}
	if ps := found[o.source]; len(ps) > 0 {
		p := ps[0]
		row.Path = p.path
		row.Outcome = Outcome(o.side)
		if p.prop.Provenance.JSON != "" {
			row.Rule = KeptAsJSON + ": " + string(p.prop.Provenance.JSON) + ", the value is kept as arbitrary JSON and sent to Azure as written"
		}
		if why := renamed(p.prop, vc); why != "" {
			row.Outcome, row.Rule = Renamed, why
		}
		return row
	}
	if rule := o.rule(); rule != "" {
		row.Outcome, row.Rule = Excluded, rule
		return row
	}
	row.Outcome, row.Rule = Unaccounted, o.cause(lost, variants)
	return row
}

// Recursion names the rule that excludes a property an _Unrolled copy leaves out because it
// leads back into the recursive type the copy was made of: a CRD schema cannot recurse, so
// break-cycles keeps one level of the shape and records the cut in the copy's provenance.
const Recursion = "recursion"

// recursion returns the rule excluding o when an _Unrolled copy on this side leaves it out or it
// is declared inside one left out, with the recursive type; "" when neither applies.
func recursion(o *occurrence, cuts map[string]cut, cutInside map[string]string) (rule, from string) {
	if c, ok := cuts[o.source]; ok {
		return Recursion + ": leads back into the recursive type " + c.from.Name + ", whose unrolled copy at " +
			c.path + " leaves it out (a CRD schema cannot recurse; one level of the shape is kept)", c.from.Name
	}
	if o.holder != nil {
		if from, ok := cutInside[o.holder.source]; ok {
			return Recursion + ": declared inside " + o.holder.wire + ", which the unrolled copy of " + from + " leaves out", from
		}
	}
	return "", ""
}

// lifted tells whether an envelope marked for flattening was lifted: one of its properties is
// in the graph with the envelope in its wire path, or left out of an unrolled copy after being
// lifted, or it has none this side could hold.
func lifted(w *walker, envelope *occurrence, found map[string][]place, cuts map[string]cut) bool {
	children := 0
	for _, src := range w.keys {
		o := w.out[src]
		if o.holder != envelope {
			continue
		}
		for _, p := range found[src] {
			if slices.Contains(p.prop.FlattenedFrom, envelope.name) {
				return true
			}
		}
		if c, ok := cuts[src]; ok && slices.Contains(c.prop.FlattenedFrom, envelope.name) {
			return true
		}
		if o.rule() == "" {
			children++
		}
	}
	return children == 0
}

// renamed says why a property's Kubernetes name differs from its wire name, "" when it does not.
func renamed(p *astmodel.Property, vc *config.VersionConfig) string {
	if p.ARMName == "" || p.JSONName == p.ARMName {
		return ""
	}
	if p.Provenance.Renamed == astmodel.ByConfig {
		if vc != nil {
			for _, tc := range vc.Types {
				for _, pc := range tc.Properties {
					if pc.Name == p.ARMName && pc.RenameTo != "" {
						return "$renameTo at " + pc.Path
					}
				}
			}
		}
		return "$renameTo"
	}
	if p.Provenance.Renamed != "" {
		return "renamed by " + string(p.Provenance.Renamed)
	}
	if p.Provenance.Reference != "" {
		return "reference: an ARM ID becomes a resource reference (decided by " + string(p.Provenance.Reference) + ")"
	}
	if p.FromConfigOf != "" || p.ImportConfigMap != "" {
		return "configmap: the value may come from a ConfigMap ($importConfigMapMode)"
	}
	return "json-name: Kubernetes JSON names are lower camel case"
}

// settingsOf indexes what azure-arm.yaml says of the properties of types that are not resources,
// by type (the swagger definition name) and property (the swagger name). Settings only excuse
// an absence: a property present in the graph is accounted before any rule is asked.
func settingsOf(vc *config.VersionConfig) map[string]map[string]propertySetting {
	out := make(map[string]map[string]propertySetting)
	if vc == nil {
		return out
	}
	for _, tc := range vc.Types {
		if !tc.Export {
			out[tc.Name] = settingsOfType(tc)
		}
	}
	return out
}

func settingsOfType(tc *config.TypeConfig) map[string]propertySetting {
	out := make(map[string]propertySetting)
	if tc == nil {
		return out
	}
	for _, pc := range tc.Properties {
		out[pc.Name] = propertySetting{secret: pc.IsSecret, flatten: pc.Flatten, removed: pc.RemoveFromSpec}
	}
	return out
}

// Sort orders the rows by resource, side and wire path.
func (r *Report) Sort() {
	slices.SortStableFunc(r.Rows, func(a, b Row) int {
		return strings.Compare(a.Resource+"\x00"+string(a.Side)+"\x00"+a.Wire, b.Resource+"\x00"+string(b.Side)+"\x00"+b.Wire)
	})
}
