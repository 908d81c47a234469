package armschema

import (
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"
)

// fixtureRoot is the hand-written spec root of the repository (see specs/README.md).
const fixtureRoot = "../../specs/testdata/specification"

const widgets = "Microsoft.Widgets/widgets"

func fixture(t *testing.T) *Validator {
	t.Helper()
	v, err := New(fixtureRoot)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// validWidget exercises what the shape check must accept: inherited envelope properties
// (location, tags from TrackedResource), a recursive type, a cross-file polymorphic property
// shaped as its variant, a map of objects with keys that are not identifiers, free-form objects,
// and an int64 beyond float64's exact integers.
func validWidget() map[string]any {
	return map[string]any{
		"location": "westus",
		"tags":     map[string]any{"a": "b"},
		"sku":      map[string]any{"name": "not-an-enum-value", "capacity": 100000},
		"properties": map[string]any{
			"displayName":    "1 violates the pattern",
			"rules":          []any{map[string]any{"name": "r", "children": []any{map[string]any{"name": "c", "priority": 3}}}},
			"shape":          map[string]any{"shapeType": "Circle", "radius": -2.5, "label": "l"},
			"endpoints":      map[string]any{"e.x": map[string]any{"host": "h", "port": 4}},
			"metadata":       map[string]any{"anything": []any{1, "x"}},
			"extensions":     map[string]any{"q": map[string]any{"deep": true}},
			"maxSizeInBytes": int64(9223372036854775807),
			"weight":         1,
			"aliases":        []any{},
		},
	}
}

func TestValidPayloadPasses(t *testing.T) {
	s, err := fixture(t).Schema(widgets, "2021-01-01")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Validate(marshal(t, validWidget())); err != nil {
		t.Fatal(err)
	}
}

func TestShapeMistakesFailNamingThePath(t *testing.T) {
	s, err := fixture(t).Schema(widgets, "2021-01-01")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name        string
		change      func(w, props map[string]any)
		path, inMsg string
	}{
		{"misspelt wire name", func(_, p map[string]any) { p["displayNme"] = "x" },
			"properties.displayNme", "not a property of WidgetProperties"},
		{"wire name in the wrong case", func(_, p map[string]any) { p["DisplayName"] = "x" },
			"properties.DisplayName", `the wire name is "displayName"`},
		{"property lifted out of properties", func(w, p map[string]any) { w["displayName"] = p["displayName"] },
			"displayName", `"properties" declares a property of that name`},
		{"wrong type", func(_, p map[string]any) { p["replicaCount"] = "3" },
			"properties.replicaCount", "must be of type integer, not string"},
		{"object where a string is declared", func(_, p map[string]any) { p["displayName"] = map[string]any{} },
			"properties.displayName", "must be of type string"},
		{"fraction where an integer is declared", func(_, p map[string]any) { p["replicaCount"] = 1.5 },
			"properties.replicaCount", "must be of type integer"},
		{"read-only property", func(_, p map[string]any) { p["provisioningState"] = "Succeeded" },
			"properties.provisioningState", "read-only"},
		{"read-only by x-ms-mutability", func(_, p map[string]any) { p["serialNumber"] = "s" },
			"properties.serialNumber", "read-only"},
		{"property of a read-only definition", func(w, _ map[string]any) { w["systemData"] = map[string]any{} },
			"systemData", "read-only"},
		{"read-only id (which go-openapi never reports)", func(w, _ map[string]any) { w["id"] = "/x" },
			"id", "read-only"},
		{"read-only property in a map value", func(w, _ map[string]any) {
			w["identity"] = map[string]any{"userAssignedIdentities": map[string]any{"/id": map[string]any{"clientId": "c"}}}
		}, `identity.userAssignedIdentities["/id"].clientId`, "read-only"},
		{"wrong variant property", func(_, p map[string]any) { p["shape"] = map[string]any{"shapeType": "Circle", "side": 2} },
			"properties.shape.side", "not a property of Circle"},
		{"unknown variant", func(_, p map[string]any) { p["shape"] = map[string]any{"shapeType": "Hexagon"} },
			"properties.shape.shapeType", `"Hexagon" names no variant of Shape`},
		{"unknown property deep in a recursive type", func(_, p map[string]any) {
			p["rules"] = []any{map[string]any{"name": "r", "children": []any{map[string]any{"name": "c"}, map[string]any{"nme": "c"}}}}
		}, "properties.rules[0].children[1].nme", "not a property of Rule"},
		{"wrong type of a map value", func(_, p map[string]any) { p["endpoints"] = map[string]any{"e.x": map[string]any{"host": 1}} },
			`properties.endpoints["e.x"].host`, "must be of type string"},
		{"wrong item type", func(_, p map[string]any) { p["aliases"] = []any{"a", 2} },
			"properties.aliases[1]", "must be of type string"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := validWidget()
			c.change(w, w["properties"].(map[string]any))
			expectProblem(t, s.Validate(marshal(t, w)), c.path, c.inMsg)
		})
	}
}

func TestToleratedPropertiesAreNotChecked(t *testing.T) {
	s, err := fixture(t).Schema(widgets, "2021-01-01")
	if err != nil {
		t.Fatal(err)
	}
	w := validWidget()
	w["name"] = "w1" // read-only in Resource
	expectProblem(t, s.Validate(marshal(t, w)), "name", "read-only")
	if err := s.Validate(marshal(t, w), "name"); err != nil {
		t.Fatalf("name tolerated: %v", err)
	}
}

// The same resource at two api-versions: shardCount is an int32 in one and a string in the other.
func TestSchemasAreThoseOfTheAPIVersion(t *testing.T) {
	v := fixture(t)
	payload := []byte(`{"location": "westus", "properties": {"shardCount": 2}}`)
	if err := v.Validate("Microsoft.CacheLite/caches", "2020-06-01", payload); err != nil {
		t.Errorf("2020-06-01: %v", err)
	}
	expectProblem(t, v.Validate("Microsoft.CacheLite/caches", "2020-12-01", payload), "properties.shardCount", "must be of type string")
}

func TestLookupErrors(t *testing.T) {
	v := fixture(t)
	for _, c := range []struct{ armType, version, want string }{
		{"Microsoft.Widgets/nothings", "2021-01-01", "declares no PUT of Microsoft.Widgets/nothings"},
		{widgets, "2099-01-01", "has no api-version 2099-01-01 below " + fixtureRoot + " (it has 2021-01-01)"},
		{"Microsoft.Nope/x", "2021-01-01", "no provider group nope"},
		{"widgets", "2021-01-01", "not of the form Microsoft.Provider/type"},
	} {
		if _, err := v.Schema(c.armType, c.version); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s@%s: got %v, want an error containing %q", c.armType, c.version, err, c.want)
		}
	}
	if _, err := New(fixtureRoot + "/missing"); err == nil {
		t.Error("a missing spec root is an error")
	}
	s, err := v.Schema(widgets, "2021-01-01")
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{`[1]`, `{"location": `, `{} {}`, ``} {
		if err := s.Validate([]byte(bad)); err == nil || !strings.Contains(err.Error(), "not a JSON object") {
			t.Errorf("%q: got %v", bad, err)
		}
	}
}

func TestSchemasAreLoadedOncePerTypeAndVersion(t *testing.T) {
	v := fixture(t)
	var wg sync.WaitGroup
	got := make([]*Schema, 8)
	for i := range got {
		wg.Go(func() {
			armType := widgets
			if i%2 == 1 {
				armType = strings.ToUpper(widgets) // ARM types are case-insensitive
			}
			var err error
			if got[i], err = v.Schema(armType, "2021-01-01"); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	for _, s := range got {
		if s == nil || s != got[0] {
			t.Fatalf("schemas %v: want one, shared", got)
		}
	}
}

func expectProblem(t *testing.T, err error, path, inMsg string) {
	t.Helper()
	var pe *PayloadError
	if !errors.As(err, &pe) {
		t.Fatalf("want a *PayloadError at %s, got %v", path, err)
	}
	for _, p := range pe.Problems {
		if p.Path == path && strings.Contains(p.Message, inMsg) {
			if len(pe.Problems) > 1 {
				t.Errorf("want only the problem at %s:\n%v", path, err)
			}
			if !strings.Contains(err.Error(), path+": ") {
				t.Errorf("the message does not name %s:\n%v", path, err)
			}
			return
		}
	}
	t.Errorf("want a problem at %s saying %q:\n%v", path, inMsg, err)
}

func marshal(t *testing.T, v any) []byte {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
