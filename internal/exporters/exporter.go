package exporters

import (
	"context"
	"encoding/base64"
	"fmt"
	"maps"
	"slices"
	"strings"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/armgen/armgen/pkg/genruntime"
)

// maxPrograms bounds the compiled expressions kept: far more than the distinct expressions of a
// large cluster (most resources share a few), far less memory than it would take to matter.
const maxPrograms = 4096

// Exporter writes the Secrets and ConfigMaps a resource's spec.operatorSpec asks for. Safe for
// concurrent use: one serves every kind.
type Exporter struct {
	client   client.Client
	programs *programs
}

// New returns an Exporter reading and writing Secrets and ConfigMaps through c.
func New(c client.Client) *Exporter {
	ps, err := newPrograms(maxPrograms)
	if err != nil {
		// The environments are fixed; failing to build them is a bug, not a condition.
		panic(fmt.Sprintf("exporters: building the CEL environments: %v", err))
	}
	return &Exporter{client: c, programs: ps}
}

// ActionFunc POSTs an action of the resource (listKeys, ...) with the api-version of the
// version the user wrote, and returns the response body.
type ActionFunc func(ctx context.Context, action string) ([]byte, error)

// Request is one resource to export from.
type Request struct {
	// Object is the resource at the version the user wrote (its GroupVersionKind set), with
	// status filled from Body. It implements genruntime.Exporter, genruntime.ExpressionExporter,
	// both or neither. Exported objects are controlled by it (same UID at every version).
	Object client.Object
	// Body is Azure's answer to the GET of the resource, as sent on the wire.
	Body []byte
	// Action POSTs an action; it is called at most once per action, and only when a value
	// asked for comes from it.
	Action ActionFunc
}

// Written names a Secret or ConfigMap the export created or changed.
type Written struct {
	Kind    string // Secret or ConfigMap
	Name    string
	Created bool
}

// Export reads the values req.Object's spec asks for, evaluates its expressions, and writes
// the Secrets and ConfigMaps, changing only those whose content differs. A failure the user
// can act on is an *Error (see its Reason); other errors are the API server's.
func (e *Exporter) Export(ctx context.Context, req Request) ([]Written, error) {
	p, err := e.plan(req.Object)
	if err != nil || p.empty() {
		return nil, err
	}
	src := &sources{body: req.Body, action: req.Action, actions: map[string]any{}}
	if err := p.read(ctx, src); err != nil {
		return nil, err
	}
	if err := p.evaluate(ctx, req.Object); err != nil {
		return nil, err
	}
	objs, err := p.objects()
	if err != nil {
		return nil, err
	}
	return e.write(ctx, req.Object, objs)
}

// dest is one key to write: where it goes and what it comes from.
type dest struct {
	kind destKind
	name string
	key  string
	// what names the entry of the spec for messages: operatorSpec.secrets.primaryKey.
	what string
}

func (d dest) String() string {
	if d.key == "" {
		return fmt.Sprintf("%s %q", d.kind, d.name)
	}
	return fmt.Sprintf("%s %q key %q", d.kind, d.name, d.key)
}

// valueDest is a destination of a value the kind exports.
type valueDest struct {
	dest
	from genruntime.ExportedValue
}

// exprDest is a destination of an expression.
type exprDest struct {
	dest
	text string
	prg  *program
}

// plan is what a resource asks to export, checked and compiled, before anything is read.
type plan struct {
	kindName string
	values   []valueDest
	exprs    []exprDest
	// secretValues are the values secret expressions read through secret (every value the kind
	// declares, for one that uses the whole map).
	secretValues []genruntime.ExportedValue
	declared     []genruntime.ExportedValue

	// Filled by read and evaluate.
	raw     map[string]string // by ExportedValue name, secrets and configs
	results []written
}

type written struct {
	dest
	value string
}

func (p *plan) empty() bool { return len(p.values) == 0 && len(p.exprs) == 0 }

// plan gathers the destinations of obj and compiles its expressions.
func (e *Exporter) plan(obj client.Object) (*plan, error) {
	p := &plan{kindName: obj.GetObjectKind().GroupVersionKind().Kind}
	if x, ok := obj.(genruntime.Exporter); ok {
		secrets, configs := x.AzureGeneratedSecrets(), x.GeneratedConfigs()
		p.declared = secrets
		dests := x.SecretDestinations()
		for _, name := range slices.Sorted(maps.Keys(dests)) {
			v, ok := find(secrets, name)
			if !ok {
				return nil, &Error{Reason: ReasonInvalidExportDestination, Fatal: true,
					Message: fmt.Sprintf("operatorSpec.secrets.%s: %s exports no secret %s", name, p.kindName, name)}
			}
			d := dests[name]
			p.values = append(p.values, valueDest{dest{toSecret, d.Name, d.Key, "operatorSpec.secrets." + name}, v})
		}
		cdests := x.ConfigMapDestinations()
		for _, name := range slices.Sorted(maps.Keys(cdests)) {
			v, ok := find(configs, name)
			if !ok {
				return nil, &Error{Reason: ReasonInvalidExportDestination, Fatal: true,
					Message: fmt.Sprintf("operatorSpec.configMaps.%s: %s exports no value %s", name, p.kindName, name)}
			}
			d := cdests[name]
			p.values = append(p.values, valueDest{dest{toConfigMap, d.Name, d.Key, "operatorSpec.configMaps." + name}, v})
		}
	}
	if x, ok := obj.(genruntime.ExpressionExporter); ok {
		used := map[string]bool{}
		all := false
		for i, de := range x.SecretExpressions() {
			d, err := e.compile(toSecret, i, de)
			if err != nil {
				return nil, err
			}
			for _, n := range d.prg.secrets {
				if _, ok := find(p.declared, n); !ok {
					return nil, &Error{Reason: ReasonInvalidExpression,
						Message: fmt.Sprintf("%s (%s), value %q: secret.%s: %s exports no secret %s; it has %s",
							d.what, d.dest, d.text, n, p.kindName, n, names(p.declared))}
				}
				used[n] = true
			}
			all = all || d.prg.allSecrets
			p.exprs = append(p.exprs, d)
		}
		for i, de := range x.ConfigMapExpressions() {
			d, err := e.compile(toConfigMap, i, de)
			if err != nil {
				return nil, err
			}
			p.exprs = append(p.exprs, d)
		}
		for _, v := range p.declared {
			if all || used[v.Name] {
				p.secretValues = append(p.secretValues, v)
			}
		}
	}
	return p, nil
}

func (e *Exporter) compile(kind destKind, i int, de *genruntime.DestinationExpression) (exprDest, error) {
	list := "secretExpressions"
	if kind == toConfigMap {
		list = "configMapExpressions"
	}
	if de == nil {
		return exprDest{}, &Error{Reason: ReasonInvalidExpression, Fatal: true, Message: fmt.Sprintf("operatorSpec.%s[%d] is empty", list, i)}
	}
	d := exprDest{dest: dest{kind, de.Name, de.Key, fmt.Sprintf("operatorSpec.%s[%d]", list, i)}, text: de.Value}
	d.prg = e.programs.get(kind, de.Value)
	if d.prg.err != nil {
		return d, &Error{Reason: ReasonInvalidExpression, Message: fmt.Sprintf("%s (%s), value %q: %v", d.what, d.dest, d.text, d.prg.err)}
	}
	return d, nil
}

func find(vs []genruntime.ExportedValue, name string) (genruntime.ExportedValue, bool) {
	for _, v := range vs {
		if v.Name == name {
			return v, true
		}
	}
	return genruntime.ExportedValue{}, false
}

func names(vs []genruntime.ExportedValue) string {
	if len(vs) == 0 {
		return "none"
	}
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = v.Name
	}
	slices.Sort(out)
	return "[" + strings.Join(out, ", ") + "]"
}

// sources are the documents values are read from: the GET answer, and the answers of the
// actions, each POSTed at most once.
type sources struct {
	body    []byte
	doc     any
	action  ActionFunc
	actions map[string]any
}

func (s *sources) document(ctx context.Context, action string) (any, error) {
	if action == "" {
		if s.doc == nil {
			d, err := decode(s.body)
			if err != nil {
				return nil, fmt.Errorf("reading Azure's answer: %w", err)
			}
			s.doc = d
		}
		return s.doc, nil
	}
	if d, ok := s.actions[action]; ok {
		return d, nil
	}
	if s.action == nil {
		return nil, fmt.Errorf("no way to call action %s", action)
	}
	body, err := s.action(ctx, action)
	if err != nil {
		return nil, &Error{Reason: ReasonExportActionFailed, cause: err,
			Message: fmt.Sprintf("POST %s, which returns values to export: %v", action, err)}
	}
	var d any
	if len(body) > 0 {
		if d, err = decode(body); err != nil {
			return nil, &Error{Reason: ReasonExportActionFailed, Message: fmt.Sprintf("reading the answer of %s: %v", action, err)}
		}
	}
	s.actions[action] = d
	return d, nil
}

// read fetches every value the plan needs.
func (p *plan) read(ctx context.Context, src *sources) error {
	p.raw = map[string]string{}
	get := func(v genruntime.ExportedValue, what string) (string, error) {
		doc, err := src.document(ctx, v.Action)
		if err != nil {
			return "", err
		}
		s, err := lookup(doc, v.Path)
		if err != nil {
			from := "Azure's answer to the GET of the resource"
			if v.Action != "" {
				from = "Azure's answer to POST " + v.Action
			}
			return "", &Error{Reason: ReasonExportedValueNotFound, Message: fmt.Sprintf("%s: %s in %s", what, err, from)}
		}
		if v.Bytes {
			b, err := base64.StdEncoding.DecodeString(s)
			if err != nil {
				return "", &Error{Reason: ReasonExportedValueNotFound, Message: fmt.Sprintf("%s: %s is not base64, as the swagger's format: byte says: %v", what, v.Path, err)}
			}
			s = string(b)
		}
		return s, nil
	}
	for _, d := range p.values {
		s, err := get(d.from, d.what)
		if err != nil {
			return err
		}
		p.results = append(p.results, written{d.dest, s})
	}
	for _, v := range p.secretValues {
		s, err := get(v, "secret."+v.Name)
		if err != nil {
			return err
		}
		p.raw[v.Name] = s
	}
	return nil
}

// evaluate runs the expressions over the resource as JSON, and the secrets read.
func (p *plan) evaluate(ctx context.Context, obj client.Object) error {
	if len(p.exprs) == 0 {
		return nil
	}
	self, err := runtime.DefaultUnstructuredConverter.ToUnstructured(obj)
	if err != nil {
		return fmt.Errorf("reading the resource for its expressions: %w", err)
	}
	for _, d := range p.exprs {
		var secret map[string]string
		if d.kind == toSecret {
			secret = p.raw
		}
		r, err := d.prg.eval(ctx, self, secret)
		if err != nil {
			msg := err.Error()
			if d.kind == toSecret {
				msg = redact(msg, p.raw)
			}
			return &Error{Reason: ReasonExpressionFailed, Message: fmt.Sprintf("%s (%s), value %q: %s", d.what, d.dest, d.text, msg)}
		}
		switch {
		case r.isMap && d.key != "":
			return &Error{Reason: ReasonInvalidExpression, Message: fmt.Sprintf("%s (%s), value %q: returns a map, which is written as one key per entry: omit key", d.what, d.dest, d.text)}
		case !r.isMap && d.key == "":
			return &Error{Reason: ReasonInvalidExpression, Message: fmt.Sprintf("%s (%s), value %q: returns a string: set key to name where it goes", d.what, d.dest, d.text)}
		case r.isMap:
			for _, k := range slices.Sorted(maps.Keys(r.values)) {
				dk := d.dest
				dk.key = k
				p.results = append(p.results, written{dk, r.values[k]})
			}
		default:
			p.results = append(p.results, written{d.dest, r.value})
		}
	}
	return nil
}

// object is one Secret or ConfigMap to write, with every key the resource writes to it.
type object struct {
	kind destKind
	name string
	data map[string]string
	// whats are the entries of the spec that write it, for messages.
	whats []string
}

func (o *object) what() string {
	w := slices.Compact(slices.Clone(o.whats))
	if len(w) > 3 {
		w = append(w[:3], "...")
	}
	return strings.Join(w, ", ")
}

// objects groups the results by Secret and ConfigMap. Two destinations of the same key are an
// error: one would silently overwrite the other.
func (p *plan) objects() ([]*object, error) {
	type id struct {
		kind destKind
		name string
	}
	byID := map[id]*object{}
	from := map[dest]string{}
	var out []*object
	for _, w := range p.results {
		if errs := validation.IsConfigMapKey(w.key); len(errs) > 0 {
			msg := fmt.Sprintf("%s: key %q is not a valid %s key: %s", w.what, w.key, w.kind, strings.Join(errs, "; "))
			if w.kind == toSecret {
				// A map-valued expression may make keys of secrets.
				msg = redactValues(msg, p.raw)
			}
			return nil, &Error{Reason: ReasonInvalidExportDestination, Fatal: true, Message: msg}
		}
		if w.name == "" {
			return nil, &Error{Reason: ReasonInvalidExportDestination, Fatal: true, Message: fmt.Sprintf("%s: no %s name", w.what, w.kind)}
		}
		k := dest{kind: w.kind, name: w.name, key: w.key}
		if first, dup := from[k]; dup {
			return nil, &Error{Reason: ReasonDuplicateExportDestination, Fatal: true,
				Message: redactValues(fmt.Sprintf("%s and %s both write %s: give each its own key", first, w.what, k), p.raw)}
		}
		from[k] = w.what
		o := byID[id{w.kind, w.name}]
		if o == nil {
			o = &object{kind: w.kind, name: w.name, data: map[string]string{}}
			byID[id{w.kind, w.name}] = o
			out = append(out, o)
		}
		o.data[w.key] = w.value
		o.whats = append(o.whats, w.what)
	}
	slices.SortFunc(out, func(a, b *object) int {
		if a.kind != b.kind {
			return int(a.kind) - int(b.kind)
		}
		return strings.Compare(a.name, b.name)
	})
	return out, nil
}
