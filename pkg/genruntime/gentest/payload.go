package gentest

import (
	"encoding/json"
	"fmt"
	"sync"
	"testing"

	"pgregory.net/rapid"

	"github.com/armgen/armgen/internal/testspecs"
	"github.com/armgen/armgen/pkg/armschema"
	"github.com/armgen/armgen/pkg/astmodel"
)

// specRootVariable names the spec root the payload check reads the swagger from.
const specRootVariable = testspecs.Env

// swagger is the one validator of a test binary. It is the only state gentest shares between
// tests, because the index of a spec root and the schemas loaded from it are the cost of this
// check: every resource's test in a package would otherwise rebuild them. The validator is safe
// for concurrent use and caches per type and api-version, so parallel tests share it freely.
// It indexes the root of the first call: one test binary runs in one environment.
var swagger struct {
	once sync.Once
	v    *armschema.Validator
	err  error
}

func swaggerValidator(root string) (*armschema.Validator, error) {
	swagger.once.Do(func() { swagger.v, swagger.err = armschema.New(root) })
	return swagger.v, swagger.err
}

// RunARMPayloadCheck checks, over random values of S, that what ConvertToARM emits has the
// shape of the swagger's PUT body of armType at apiVersion, as declared at scope (the resource's
// scope: a type may be declared at several, each with a body of its own): wire names, nesting, JSON types, no
// read-only properties, polymorphic objects shaped as their variant (see armschema). Values
// are random, so value constraints (enums, patterns, bounds, required) are not checked.
//
// The resource's name is let through at the top: ConvertToARM sends it by design (the wire
// type of every spec carries it, as Azure Service Operator's do) and ARM takes the name from
// the URL, although the swagger marks it read-only or leaves it out.
//
// Without a spec root it skips, or fails in CI (see internal/testspecs).
func RunARMPayloadCheck[S any, PS ARMConvertible[S]](t *testing.T, gen func(*rapid.T) S, armType, apiVersion, scope string) {
	root := testspecs.Root(t) // the swagger to check the ARM payload against
	t.Parallel()
	v, err := swaggerValidator(root)
	if err != nil {
		t.Fatalf("loading the swagger of %s: %v", root, err)
	}
	schema, err := v.SchemaAt(armType, apiVersion, astmodel.Scope(scope))
	if err != nil {
		t.Fatal(err)
	}
	rapid.Check(t, func(t *rapid.T) {
		subject := gen(t)
		if err := checkARMPayload[S, PS](&subject, schema); err != nil {
			t.Fatal(err)
		}
	})
}

// checkARMPayload converts subject to its ARM payload and checks it against schema; the error
// shows the payload.
func checkARMPayload[S any, PS ARMConvertible[S]](subject *S, schema *armschema.Schema) error {
	wire, err := PS(subject).ConvertToARM(Resolve(subject))
	if err != nil {
		return fmt.Errorf("ConvertToARM: %w", err)
	}
	data, err := json.Marshal(wire)
	if err != nil {
		return fmt.Errorf("encoding the ARM value: %w", err)
	}
	if err := schema.Validate(data, "name"); err != nil {
		return fmt.Errorf("%w\npayload: %s", err, data)
	}
	return nil
}
