package exporters

import (
	"container/list"
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/google/cel-go/cel"
	celast "github.com/google/cel-go/common/ast"
	"github.com/google/cel-go/common/operators"
	"github.com/google/cel-go/common/types"
	"github.com/google/cel-go/common/types/ref"
	"github.com/google/cel-go/common/types/traits"
	"github.com/google/cel-go/ext"
)

// The variables an expression sees: self, the resource at the version the user wrote, as its
// JSON (spec, status, metadata); and, in secretExpressions only, secret, the raw values of the
// secrets the kind can export (named as under spec.operatorSpec.secrets).
const (
	selfVar   = "self"
	secretVar = "secret"
)

// destKind tells the two kinds of expression apart: they compile in different environments
// (only secret expressions see secret).
type destKind int

const (
	toSecret destKind = iota
	toConfigMap
)

func (k destKind) String() string {
	if k == toSecret {
		return "Secret"
	}
	return "ConfigMap"
}

// costLimit bounds the work of one evaluation, so that an expression over a large list cannot
// hold a reconcile worker: far above what building a connection string costs.
const costLimit = 1_000_000

// program is a compiled expression, or why it does not compile.
type program struct {
	prg cel.Program
	err error
	// secrets are the names the expression reads from secret (secret.primaryKey,
	// secret["primaryKey"]); allSecrets is set when it uses secret some other way (the whole
	// map, a computed key).
	secrets    []string
	allSecrets bool
}

type programKey struct {
	kind destKind
	text string
}

// programs compiles expressions and keeps the most recently used ones, so that a resync costs
// an evaluation, not a compilation. The environments are the same for every kind (self is
// dynamic), so the expression text and its kind are the whole key. Safe for concurrent use.
type programs struct {
	envs [2]*cel.Env
	max  int

	mu    sync.Mutex
	byKey map[programKey]*list.Element
	lru   *list.List // of *entry, most recent first
}

type entry struct {
	key programKey
	p   *program
}

func newPrograms(max int) (*programs, error) {
	common := []cel.EnvOption{
		cel.Variable(selfVar, cel.DynType),
		ext.Strings(ext.StringsVersion(3)),
		ext.Encoders(),
		cel.OptionalTypes(),
		cel.CrossTypeNumericComparisons(true),
		cel.DefaultUTCTimeZone(true),
	}
	secretEnv, err := cel.NewEnv(append(slices.Clone(common), cel.Variable(secretVar, cel.MapType(cel.StringType, cel.StringType)))...)
	if err != nil {
		return nil, err
	}
	configEnv, err := cel.NewEnv(common...)
	if err != nil {
		return nil, err
	}
	return &programs{envs: [2]*cel.Env{toSecret: secretEnv, toConfigMap: configEnv}, max: max,
		byKey: map[programKey]*list.Element{}, lru: list.New()}, nil
}

// get returns the compiled expression, compiling it on first use.
func (ps *programs) get(kind destKind, text string) *program {
	key := programKey{kind, text}
	ps.mu.Lock()
	if el, ok := ps.byKey[key]; ok {
		ps.lru.MoveToFront(el)
		p := el.Value.(*entry).p
		ps.mu.Unlock()
		return p
	}
	ps.mu.Unlock()

	// Compiled outside the lock: two workers may compile the same text, which is harmless.
	p := ps.compile(kind, text)

	ps.mu.Lock()
	defer ps.mu.Unlock()
	if el, ok := ps.byKey[key]; ok {
		return el.Value.(*entry).p
	}
	ps.byKey[key] = ps.lru.PushFront(&entry{key, p})
	for ps.lru.Len() > ps.max {
		last := ps.lru.Back()
		ps.lru.Remove(last)
		delete(ps.byKey, last.Value.(*entry).key)
	}
	return p
}

func (ps *programs) compile(kind destKind, text string) *program {
	env := ps.envs[kind]
	checked, iss := env.Compile(text)
	if iss != nil && iss.Err() != nil {
		return &program{err: errors.New(compactIssues(iss.Err().Error()))}
	}
	if !canBeResult(checked.OutputType()) {
		return &program{err: fmt.Errorf("returns %s; it must return a string or a map of strings to strings", checked.OutputType())}
	}
	prg, err := env.Program(checked, cel.CostLimit(costLimit), cel.InterruptCheckFrequency(100))
	if err != nil {
		return &program{err: err}
	}
	p := &program{prg: prg}
	if kind == toSecret {
		p.secrets, p.allSecrets = secretsUsed(checked.NativeRep().Expr())
	}
	return p
}

// canBeResult says whether a value of type t may be a string or a map of strings: the type
// checker knows little of self (dynamic), so only types that can never be one are refused here;
// evaluation checks the value itself.
func canBeResult(t *types.Type) bool {
	switch t.Kind() {
	case types.StringKind, types.DynKind, types.AnyKind:
		return true
	case types.MapKind:
		p := t.Parameters()
		return len(p) == 2 && stringish(p[0]) && stringish(p[1])
	}
	return false
}

func stringish(t *types.Type) bool {
	k := t.Kind()
	return k == types.StringKind || k == types.DynKind || k == types.AnyKind
}

// compactIssues makes CEL's multi-line report (each error followed by the source line and a
// caret) one line per error, without the source, for a condition message.
func compactIssues(s string) string {
	var out []string
	for _, line := range strings.Split(s, "\n") {
		if rest, ok := strings.CutPrefix(line, "ERROR: <input>:"); ok {
			out = append(out, "at "+rest)
		} else if rest, ok := strings.CutPrefix(line, "ERROR: "); ok {
			out = append(out, rest)
		}
	}
	if len(out) == 0 {
		return strings.TrimSpace(s)
	}
	return strings.Join(out, "; ")
}

// secretsUsed lists the names e reads from secret: secret.name, secret["name"], secret.?name,
// has(secret.name). Any other use of secret (the whole map, a computed key) needs them all.
func secretsUsed(e celast.Expr) (names []string, all bool) {
	seen := map[string]bool{}
	var walk func(e celast.Expr)
	walk = func(e celast.Expr) {
		if e == nil || all {
			return
		}
		switch e.Kind() {
		case celast.IdentKind:
			if e.AsIdent() == secretVar {
				all = true
			}
		case celast.SelectKind:
			s := e.AsSelect()
			if op := s.Operand(); op.Kind() == celast.IdentKind && op.AsIdent() == secretVar {
				seen[s.FieldName()] = true
				return
			}
			walk(s.Operand())
		case celast.CallKind:
			c := e.AsCall()
			args := c.Args()
			switch c.FunctionName() {
			case operators.Index, operators.OptIndex, operators.OptSelect:
				if len(args) == 2 && args[0].Kind() == celast.IdentKind && args[0].AsIdent() == secretVar &&
					args[1].Kind() == celast.LiteralKind {
					if s, ok := args[1].AsLiteral().Value().(string); ok {
						seen[s] = true
						return
					}
				}
			}
			walk(c.Target())
			for _, a := range args {
				walk(a)
			}
		case celast.ListKind:
			for _, x := range e.AsList().Elements() {
				walk(x)
			}
		case celast.MapKind:
			for _, x := range e.AsMap().Entries() {
				me := x.AsMapEntry()
				walk(me.Key())
				walk(me.Value())
			}
		case celast.StructKind:
			for _, x := range e.AsStruct().Fields() {
				walk(x.AsStructField().Value())
			}
		case celast.ComprehensionKind:
			c := e.AsComprehension()
			walk(c.IterRange())
			walk(c.AccuInit())
			walk(c.LoopCondition())
			walk(c.LoopStep())
			walk(c.Result())
		}
	}
	walk(e)
	if all {
		return nil, true
	}
	for n := range seen {
		names = append(names, n)
	}
	slices.Sort(names)
	return names, false
}

var stringMap = reflect.TypeFor[map[string]string]()

// result is what an expression gave: one value, or many keys.
type result struct {
	value  string
	values map[string]string
	isMap  bool
}

// eval runs p over self and secret.
func (p *program) eval(ctx context.Context, self map[string]any, secret map[string]string) (result, error) {
	vars := map[string]any{selfVar: self}
	if secret != nil {
		vars[secretVar] = secret
	}
	out, _, err := p.prg.ContextEval(ctx, vars)
	if err != nil {
		return result{}, err
	}
	return toResult(out)
}

func toResult(v ref.Val) (result, error) {
	if s, ok := v.Value().(string); ok {
		return result{value: s}, nil
	}
	if _, ok := v.(traits.Mapper); ok {
		n, err := v.ConvertToNative(stringMap)
		if err == nil {
			return result{values: n.(map[string]string), isMap: true}, nil
		}
		return result{}, fmt.Errorf("returned a map whose keys or values are not all strings; it must return a string or a map of strings to strings")
	}
	return result{}, fmt.Errorf("returned a value of type %s; it must return a string or a map of strings to strings", v.Type().TypeName())
}
